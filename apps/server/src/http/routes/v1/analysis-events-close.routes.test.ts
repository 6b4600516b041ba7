import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rmSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../db/database';
import { makeCommentsDir } from '../../../services/analysis/analysis.test-support';
import { createTestDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';
import { EVENTS_AUTH_MS } from './analysis.routes';

const VIDEO = 'vidEvents01';

/**
 * An API process stopping (SIGTERM -> app.close()) while a browser follows a job by server-sent
 * events. Before the fix close() waited for the watched job to finish: seen live, an API with one
 * open stream took 20 s to exit (until its job completed), and with no worker running it never would.
 */
describe('closing the server while an event stream is open', () => {
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
    const res = await test.app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_id=${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;

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
});
