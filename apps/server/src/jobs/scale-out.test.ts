import { randomUUID } from 'node:crypto';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { freePort, waitReady } from '../test/local-ports';
import { createTestDatabase, postgresForSuite, TEST_DATABASE_URL } from '../test/databases';

const here = path.dirname(fileURLToPath(import.meta.url));
const MAIN = path.join(here, '..', 'main.ts');
const FIXTURES = path.resolve(here, '../../../../test-fixtures/comments');
const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const ANALYSES = 10;
const QUEUE_NAME = `chorus-scale-test-${randomUUID().slice(0, 8)}`;

const redisUp = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const s = net.connect({ host: hostname, port: Number(port || 6379) });
  s.setTimeout(1000);
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('timeout', () => (s.destroy(), resolve(false)));
});
const postgresUp = await postgresForSuite();
if (!redisUp && (process.env.REQUIRE_REDIS === '1' || process.env.CI === 'true'))
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}.`);
const missing = [
  ...(postgresUp ? [] : [`PostgreSQL at ${TEST_DATABASE_URL}`]),
  ...(redisUp ? [] : [`Redis at ${REDIS_URL}`]),
];
if (missing.length > 0)
  console.warn(`[tests] scale-out test skipped: ${missing.join(' and ')} not reachable`);

interface Proc {
  child: ChildProcess;
  out: { text: string };
  exited: Promise<number | null>;
}

const procs: Proc[] = [];

/** Starts main.ts under tsx as its own process, collecting its log lines. */
function start(args: string[], env: Record<string, string>): Proc {
  const child = spawn(process.execPath, ['--import', 'tsx', MAIN, ...args], {
    env: { ...process.env, HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const out = { text: '' };
  child.stdout.on('data', (d: Buffer) => (out.text += d.toString()));
  child.stderr.on('data', (d: Buffer) => (out.text += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('close', resolve));
  const proc = { child, out, exited };
  procs.push(proc);
  return proc;
}

/** The `jobId` of each log line with message `msg`, read from a process's JSON log lines. */
function jobIdsLogged(text: string, msg: string): string[] {
  const ids: string[] = [];
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line) as { msg?: string; jobId?: string };
      if (entry.msg === msg && entry.jobId) ids.push(entry.jobId);
    } catch {
      // a line cut by the pipe; the next read completes it
    }
  }
  return ids;
}

/**
 * Scale-out as it is deployed: an API process and two worker processes (main.ts with
 * `--role api` / `--role worker`) on one PostgreSQL database, with the jobs on BullMQ in Redis
 * under a queue name of their own. Ten analyses sent to the API each run exactly once (one run,
 * one report, one reservation and one settlement) and both workers take some of them; each job's
 * log lines name the process that ran it (pino's `pid`).
 */
describe.skipIf(missing.length > 0)('an API and two worker processes [postgres, bullmq]', () => {
  let database: Database;
  let commentsDir: string;
  let dataDir: string;
  let api: Proc;
  let workers: Proc[];
  let base: string;
  const videoIds = Array.from(
    { length: ANALYSES },
    (_, i) => `scaleOut${String(i).padStart(3, '0')}`,
  );

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    commentsDir = mkdtempSync(path.join(tmpdir(), 'chorus-scale-comments-'));
    dataDir = mkdtempSync(path.join(tmpdir(), 'chorus-scale-data-'));
    // The fixture videos, each copied under new ids (its comment ids renamed with it).
    const fixtures = ['invBread001', 'invGuitar01', 'invHooks001', 'invLisbon01'];
    videoIds.forEach((id, i) => {
      const source = fixtures[i % fixtures.length]!;
      const csv = readFileSync(path.join(FIXTURES, `${source}.csv`), 'utf8');
      writeFileSync(path.join(commentsDir, `${id}.csv`), csv.replaceAll(source, id));
    });
    const env = {
      DATABASE_URL: database.location,
      DATA_DIR: dataDir,
      QUEUE_DRIVER: 'bullmq',
      REDIS_URL,
      QUEUE_NAME,
      COMMENTS_DIR: commentsDir,
      YOUTUBE_FALLBACK: 'none',
      YOUTUBE_API_KEY: '',
      EMBEDDINGS_PROVIDER: 'fake',
      LLM_API_URL: '',
      SIGNUP_CREDITS: '100',
      WORKER_CONCURRENCY: '1',
      METRICS_PORT: '',
    };
    const apiPort = await freePort();
    api = start(['--role', 'api'], { ...env, PORT: String(apiPort) });
    base = `http://127.0.0.1:${apiPort}/api/v1`;
    const healthPorts = [await freePort(), await freePort()];
    workers = healthPorts.map((port) =>
      start(['--role', 'worker'], { ...env, PORT: '0', WORKER_HEALTH_PORT: String(port) }),
    );
    await Promise.all([
      waitReady(`${base}/health/ready`, 120_000),
      ...healthPorts.map((port) =>
        waitReady(`http://127.0.0.1:${port}/api/v1/health/ready`, 120_000),
      ),
    ]);
  }, 180_000);

  afterAll(async () => {
    for (const p of procs) if (p.child.exitCode === null) p.child.kill('SIGTERM');
    await Promise.all(
      procs.map((p) =>
        Promise.race([
          p.exited,
          new Promise((r) => setTimeout(r, 20_000)).then(() => p.child.kill('SIGKILL')),
        ]),
      ),
    );
    const connection = new Redis(REDIS_URL, { maxRetriesPerRequest: 1 });
    const queue = new Queue(QUEUE_NAME, { connection });
    await queue.obliterate({ force: true });
    await queue.close();
    connection.disconnect();
    await database?.close();
    rmSync(commentsDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('runs each of ten analyses exactly once, spread over both workers', async () => {
    const signup = await fetch(`${base}/auth/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        email: `scale-${randomUUID()}@example.com`,
        password: 'correct horse battery staple',
      }),
    });
    expect(signup.status, await signup.clone().text()).toBe(201);
    const { token } = (await signup.json()) as { token: string };

    const jobIds: string[] = [];
    for (const id of videoIds) {
      const res = await fetch(`${base}/analyze?video_id=${id}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.status, await res.clone().text()).toBe(200);
      jobIds.push(((await res.json()) as { job_id: string }).job_id);
    }
    expect(new Set(jobIds).size).toBe(ANALYSES);

    const until = Date.now() + 300_000;
    let statuses: { id: string; status: string }[] = [];
    for (;;) {
      statuses = await database.db
        .selectFrom('analysisJobs')
        .select(['id', 'status'])
        .where('id', 'in', jobIds)
        .execute();
      if (statuses.every((j) => j.status === 'complete' || j.status === 'failed')) break;
      if (Date.now() > until) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    expect(
      statuses.map((j) => j.status),
      [api, ...workers].map((p) => p.out.text.slice(-2000)).join('\n---\n'),
    ).toEqual(Array(ANALYSES).fill('complete'));

    // one report per job
    const reports = await database.db
      .selectFrom('analysisReports')
      .select(['jobId'])
      .where('jobId', 'in', jobIds)
      .execute();
    expect(reports.map((r) => r.jobId).sort()).toEqual([...jobIds].sort());

    // credits held once and settled once per job, never refunded
    const ledger = await database.db
      .selectFrom('creditLedger')
      .select(['jobId', 'kind', sql<number>`count(*)::int`.as('n')])
      .where('jobId', 'in', jobIds)
      .groupBy(['jobId', 'kind'])
      .execute();
    for (const jobId of jobIds) {
      const kinds = Object.fromEntries(
        ledger.filter((e) => e.jobId === jobId).map((e) => [e.kind, e.n]),
      );
      expect(kinds, jobId).toEqual({ reservation: 1, settlement: 1 });
    }
    const balance = await database.db
      .selectFrom('creditLedger')
      .select(sql<number>`sum(delta)::int`.as('total'))
      .executeTakeFirstOrThrow();
    const charged = await database.db
      .selectFrom('analysisJobs')
      .select(sql<number>`sum(charged_credits)::int`.as('total'))
      .where('id', 'in', jobIds)
      .executeTakeFirstOrThrow();
    expect(balance.total).toBe(100 - charged.total);

    // each job started and ended once, in one worker; both workers ran some
    const started = workers.map((w) => jobIdsLogged(w.out.text, 'analysis job started'));
    const ended = workers.map((w) => jobIdsLogged(w.out.text, 'analysis job ended'));
    expect(started.flat().sort()).toEqual([...jobIds].sort());
    expect(ended.flat().sort()).toEqual([...jobIds].sort());
    for (const [i, ids] of ended.entries()) {
      expect(ids.length, `worker ${i + 1} (pid ${workers[i]!.child.pid}) ran none`).toBeGreaterThan(
        0,
      );
      expect(started[i]!.sort()).toEqual([...ids].sort());
    }
    // the API process ran none of them
    expect(jobIdsLogged(api.out.text, 'analysis job started')).toEqual([]);
    // the lines that say which process ran a job carry that process's id
    for (const [i, w] of workers.entries()) {
      const line = w.out.text.split('\n').find((l) => l.includes('"analysis job ended"'))!;
      expect((JSON.parse(line) as { pid: number }).pid).toBe(workers[i]!.child.pid);
    }
  }, 400_000);
});
