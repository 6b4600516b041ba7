import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { makeCommentsDir } from '../../../services/analysis/analysis.test-support';
import { createTestDatabase } from '../../../test/databases';
import { startTestAnalysis } from '../../../test/factories';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';
import { EVENTS_AUTH_MS, EVENTS_STREAMS_PER_USER } from './analysis.routes';

const VIDEO = 'vidEvents01';

/**
 * An API process stopping (SIGTERM -> app.close()) while a browser follows a job by server-sent
 * events. Before the fix close() waited for the watched job to finish: seen live, an API with one
 * open stream took 20 s to exit (until its job completed), and with no worker running it never would.
 */
describe('event streams: server close, sign-out and the per-account cap', () => {
  let database: Database;
  let test: TestApp;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = makeCommentsDir({ [VIDEO]: { comments: 50 } });
    // No worker: the job stays pending for as long as the test runs.
    test = await buildTestApp({ database, env: { COMMENTS_DIR: dir } });
  });
  afterAll(async () => {
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('ends the stream and closes promptly', async () => {
    const { token } = await signUpTestUser(test.app);
    const jobId = await startTestAnalysis(test.app, token, VIDEO);

    await test.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = test.app.server.address() as AddressInfo;
    let body = '';
    const ended = new Promise<void>((resolve, reject) => {
      http
        .get(`http://127.0.0.1:${port}/api/v1/status/${jobId}/events?token=${token}`, (r) => {
          r.setEncoding('utf8');
          r.on('data', (chunk: string) => (body += chunk));
          r.on('end', resolve);
          r.on('error', reject);
        })
        .on('error', reject);
    });
    const started = Date.now();
    while (!body.includes('"status":"pending"')) {
      if (Date.now() - started > 10_000) throw new Error('no first event');
      await new Promise((r) => setTimeout(r, 20));
    }

    const closing = Date.now();
    const closed = await Promise.race([
      test.app.close().then(() => true),
      new Promise<boolean>((r) => setTimeout(() => r(false), 5_000)),
    ]);
    expect(closed).toBe(true);
    expect(Date.now() - closing).toBeLessThan(5_000);
    await ended;
  });

  it('ends an open stream once its session is signed out', async () => {
    const fresh = await buildTestApp({ database, env: { COMMENTS_DIR: dir } });
    try {
      const { token } = await signUpTestUser(fresh.app);
      const res = await fresh.app.inject({
        method: 'POST',
        url: `/api/v1/analyze?video_id=${VIDEO}`,
        headers: bearer(token),
      });
      const jobId = res.json<{ job_id: string }>().job_id;
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = fresh.app.server.address() as AddressInfo;
      let body = '';
      let ended = false;
      http.get(`http://127.0.0.1:${port}/api/v1/status/${jobId}/events?token=${token}`, (r) => {
        r.setEncoding('utf8');
        r.on('data', (chunk: string) => (body += chunk));
        r.on('end', () => (ended = true));
      });
      const waitUntil = async (ok: () => boolean, ms: number) => {
        const start = Date.now();
        while (!ok()) {
          if (Date.now() - start > ms) return false;
          await new Promise((r) => setTimeout(r, 50));
        }
        return true;
      };
      expect(await waitUntil(() => body.includes('"status":"pending"'), 10_000)).toBe(true);
      const out = await fresh.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(token),
      });
      expect(out.statusCode).toBe(200);
      // the job is still pending (no worker), so only the session check can end the stream
      expect(await waitUntil(() => ended, EVENTS_AUTH_MS + 5_000)).toBe(true);
    } finally {
      await fresh.app.close();
    }
  }, 30_000);
  it("refuses an account's streams past the cap, and serves other accounts", async () => {
    const fresh = await buildTestApp({ database, env: { COMMENTS_DIR: dir } });
    const opened: http.ClientRequest[] = [];
    try {
      const startJob = (token: string) => startTestAnalysis(fresh.app, token, VIDEO);
      const one = await signUpTestUser(fresh.app);
      const other = await signUpTestUser(fresh.app);
      const jobOne = await startJob(one.token);
      const jobOther = await startJob(other.token);
      await fresh.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = fresh.app.server.address() as AddressInfo;
      /** Opens a stream and resolves with its status code and, for a refusal, its body. */
      const open = (jobId: string, token: string) =>
        new Promise<{ status: number; body: string }>((resolve, reject) => {
          const req = http.get(
            `http://127.0.0.1:${port}/api/v1/status/${jobId}/events?token=${token}`,
            (r) => {
              if (r.statusCode === 200) {
                resolve({ status: 200, body: '' });
                return;
              }
              let body = '';
              r.setEncoding('utf8');
              r.on('data', (chunk: string) => (body += chunk));
              r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
            },
          );
          req.on('error', reject);
          opened.push(req);
        });

      for (let i = 0; i < EVENTS_STREAMS_PER_USER; i++)
        expect((await open(jobOne, one.token)).status).toBe(200);
      const refused = await open(jobOne, one.token);
      expect(refused.status).toBe(429);
      expect(JSON.parse(refused.body)).toMatchObject({ code: 'too_many_streams' });
      expect(JSON.parse(refused.body).message).toMatch(/Close a tab/);
      // another account is not held to this one's streams
      expect((await open(jobOther, other.token)).status).toBe(200);
      // a closed stream frees its place
      opened[0]!.destroy();
      const started = Date.now();
      let again = await open(jobOne, one.token);
      while (again.status === 429 && Date.now() - started < 5_000) {
        await new Promise((r) => setTimeout(r, 100));
        again = await open(jobOne, one.token);
      }
      expect(again.status).toBe(200);
    } finally {
      for (const req of opened) req.destroy();
      await fresh.app.close();
    }
  }, 30_000);
});
