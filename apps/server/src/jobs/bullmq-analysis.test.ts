import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JobStatusReplySchema, ReportReplySchema } from '@app/contracts';
import type { Database } from '../db/database';
import { FakeTextEmbedder } from '../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom } from '../services/analysis/analysis-deps';
import { makeCommentsDir, waitFor } from '../services/analysis/analysis.test-support';
import { createTestDatabase } from '../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../test/test-app';
import { BullMqJobQueue } from './bullmq-job-queue';
import { startWorker } from './start-worker';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
const up = await new Promise<boolean>((resolve) => {
  const { hostname, port } = new URL(REDIS_URL);
  const s = net.connect({ host: hostname, port: Number(port || 6379) });
  s.setTimeout(1000);
  s.once('connect', () => (s.destroy(), resolve(true)));
  s.once('error', () => resolve(false));
  s.once('timeout', () => (s.destroy(), resolve(false)));
});
if (!up && process.env.REQUIRE_REDIS === '1')
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}.`);

const VIDEO = 'vidBullmq01';

/** The whole analysis flow with QUEUE_DRIVER=bullmq: the API enqueues in Redis, the worker takes it. */
describe.skipIf(!up)('analysis jobs through BullMQ on Redis', () => {
  let database: Database;
  let test: TestApp;
  let dir: string;
  let stop: () => Promise<void>;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = makeCommentsDir({ [VIDEO]: { comments: 120 } });
    test = await buildTestApp({
      database,
      env: { COMMENTS_DIR: dir, QUEUE_DRIVER: 'bullmq', REDIS_URL },
      overrides: {
        embedder: new FakeTextEmbedder(),
        languageModel: null,
        jobQueue: new BullMqJobQueue({
          redisUrl: REDIS_URL,
          queueName: `chorus-test-${randomUUID().slice(0, 8)}`,
        }),
      },
    });
    stop = await startWorker(
      { ...analysisDepsFrom(test.container), logger: test.container.logger },
      { concurrency: 2 },
    );
  });
  afterAll(async () => {
    await stop();
    await test.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('runs an analysis to completion and settles its credits once', async () => {
    const { token } = await signUpTestUser(test.app);
    const res = await test.app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_id=${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;
    const done = await waitFor(async () => {
      const s = JobStatusReplySchema.parse(
        (
          await test.app.inject({
            method: 'GET',
            url: `/api/v1/status/${jobId}`,
            headers: bearer(token),
          })
        ).json(),
      );
      return s.status === 'complete' || s.status === 'failed' ? s : undefined;
    });
    expect(done.status).toBe('complete');
    const report = ReportReplySchema.parse(
      (
        await test.app.inject({
          method: 'GET',
          url: `/api/v1/report/${VIDEO}`,
          headers: bearer(token),
        })
      ).json(),
    );
    expect(report.total_comments).toBe(120);
    // 120 comments cost 2 of the 3 reserved credits.
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(me.json<{ credits_balance: number }>().credits_balance).toBe(1);
    expect(await test.container.jobQueue.pendingCount()).toBe(0);
  });
});

/**
 * The worker's database down for a few seconds while a job is queued in Redis (seen live): every
 * delivery failed at once, BullMQ used up the job's attempts in about 3 s and gave up on it, and
 * the analysis stayed pending for good with its credits reserved, even across worker restarts
 * (add() ignores an id it already failed). Now the worker's periodic requeue revives it and its
 * handler, past the last attempt, fails it with the credits refunded.
 */
describe.skipIf(!up)('a BullMQ job whose worker could not reach the database', () => {
  let database: Database;
  let test: TestApp;
  let dir: string;
  let stop: () => Promise<void>;
  let databaseDown = true;
  let failedReads = 0;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    dir = makeCommentsDir({ [VIDEO]: { comments: 120 } });
    test = await buildTestApp({
      database,
      env: { COMMENTS_DIR: dir, QUEUE_DRIVER: 'bullmq', REDIS_URL },
      overrides: {
        embedder: new FakeTextEmbedder(),
        languageModel: null,
        jobQueue: new BullMqJobQueue({
          redisUrl: REDIS_URL,
          queueName: `chorus-test-${randomUUID().slice(0, 8)}`,
        }),
      },
    });
    const deps = analysisDepsFrom(test.container);
    const analysisJobs = {
      ...deps.repos.analysisJobs,
      findById: (id: string) => {
        if (!databaseDown) return deps.repos.analysisJobs.findById(id);
        failedReads += 1;
        return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
      },
    };
    stop = await startWorker(
      { ...deps, repos: { ...deps.repos, analysisJobs }, logger: test.container.logger },
      { concurrency: 1, requeueEveryMs: 300 },
    );
  });
  afterAll(async () => {
    await stop();
    await test.app.close();
    await database.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('fails it with the credits refunded once the database is back', async () => {
    const { token } = await signUpTestUser(test.app);
    const res = await test.app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_id=${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;
    // Three deliveries, each failing on the database; then BullMQ holds it as failed.
    await waitFor(async () =>
      failedReads >= 3 && (await test.container.jobQueue.pendingCount()) === 0 ? true : undefined,
    );
    databaseDown = false;

    const done = await waitFor(async () => {
      const s = JobStatusReplySchema.parse(
        (
          await test.app.inject({
            method: 'GET',
            url: `/api/v1/status/${jobId}`,
            headers: bearer(token),
          })
        ).json(),
      );
      return s.status === 'complete' || s.status === 'failed' ? s : undefined;
    }, 15_000);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'The analysis failed unexpectedly. Your credits were refunded; please try again.',
    });
    const me = await test.app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: bearer(token),
    });
    expect(me.json<{ credits_balance: number }>().credits_balance).toBe(3);
  });
});
