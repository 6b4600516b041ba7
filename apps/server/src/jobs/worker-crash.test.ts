import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/database';
import { makeCommentsDir, waitFor } from '../services/analysis/analysis.test-support';
import { createTestDatabase, postgresForSuite } from '../test/databases';
import { createTestUser, startTestAnalysis } from '../test/factories';
import { buildTestApp, type TestApp } from '../test/test-app';

const here = path.dirname(fileURLToPath(import.meta.url));
const WORKER = path.join(here, 'worker-process.test-support.ts');
const VIDEO = 'vidCrash001';
const COMMENTS = 250;

const up = await postgresForSuite();

/**
 * kill -9 of a worker process mid-job, on the PostgreSQL server (PGlite lives in one process).
 * The API (this process) starts the job; worker processes run it.
 */
describe.skipIf(!up)('a worker killed with SIGKILL mid-job [postgres]', () => {
  let database: Database;
  let test: TestApp;
  let dir: string;
  const children: ChildProcess[] = [];

  beforeAll(async () => {
    database = await createTestDatabase('postgres');
    dir = makeCommentsDir({ [VIDEO]: { comments: COMMENTS } });
    test = await buildTestApp({ database, env: { COMMENTS_DIR: dir } });
  });
  afterAll(async () => {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await test.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  function startWorkerProcess(env: Record<string, string>): {
    child: ChildProcess;
    saw: (line: string) => Promise<void>;
  } {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      cwd: here,
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: database.location,
        COMMENTS_DIR: dir,
        QUEUE_LEASE_MS: '1500',
        EMBEDDINGS_PROVIDER: 'fake',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    children.push(child);
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    const saw = (line: string) =>
      waitFor(() => {
        if (child.exitCode !== null) throw new Error(`worker exited ${child.exitCode}: ${err}`);
        return out.includes(line) ? true : undefined;
      }, 60_000).then(() => undefined);
    return { child, saw };
  }

  const kill9 = (child: ChildProcess) =>
    new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });

  async function startJob(): Promise<{ token: string; userId: string; jobId: string }> {
    const { token, userId } = await createTestUser(test);
    return { token, userId, jobId: await startTestAnalysis(test.app, token, VIDEO) };
  }

  async function expectCompletedOnce(userId: string, jobId: string) {
    const { repos } = test.container;
    const job = await waitFor(async () => {
      const j = await repos.analysisJobs.findById(jobId);
      return j?.status === 'complete' ? j : undefined;
    }, 60_000);
    await waitFor(async () =>
      (await repos.queueJobs.pendingCount('default')) === 0 ? true : undefined,
    );
    expect(await repos.reports.countForJob(jobId)).toBe(1);
    expect(await repos.comments.countForJob(jobId)).toBe(COMMENTS);
    const moves = (await repos.ledger.listForUser(userId)).filter((m) => m.jobId === jobId);
    expect(moves.map((m) => m.kind).sort()).toEqual(['reservation', 'settlement']);
    // 250 comments cost 3 credits: everything reserved is spent, nothing refunded.
    expect(job.chargedCredits).toBe(3);
    expect(await repos.ledger.getBalance(userId)).toBe(0);
  }

  it('loses nothing when killed inside the analysis: the next worker completes and settles once', async () => {
    const { userId, jobId } = await startJob();
    const first = startWorkerProcess({ CRASH_AT: 'analyse', CRASH_JOB_ID: jobId });
    await first.saw('HOLD analyse');
    expect((await test.container.repos.analysisJobs.findById(jobId))!.status).toBe('embedding');
    await kill9(first.child);

    const second = startWorkerProcess({});
    await second.saw('READY');
    await expectCompletedOnce(userId, jobId);
    await kill9(second.child);
  });

  it('does not complete or settle twice when killed right after the completing transaction', async () => {
    const counter = async () => test.container.repos.reports.totalAnalysedComments();
    const before = await counter();
    const { userId, jobId } = await startJob();
    const first = startWorkerProcess({ CRASH_AT: 'after-commit', CRASH_JOB_ID: jobId });
    await first.saw('HOLD after-commit');
    await kill9(first.child);
    // The queue still thinks the job is running; the next worker gets it when the lease expires.
    expect(await test.container.repos.queueJobs.pendingCount('default')).toBe(1);

    const second = startWorkerProcess({});
    await second.saw('READY');
    await expectCompletedOnce(userId, jobId);
    expect(await counter()).toBe(before + COMMENTS);
    await kill9(second.child);
  });
});
