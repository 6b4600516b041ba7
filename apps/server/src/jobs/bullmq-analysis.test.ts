import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReportReplySchema } from '@app/contracts';
import type { Database } from '../db/database';
import { waitFor } from '../services/analysis/analysis.test-support';
import { createTestDatabase } from '../test/databases';
import {
  buildAnalysisTestApp,
  creditsOf,
  jobFinished,
  runTestAnalysis,
  startTestAnalysis,
  type AnalysisTestApp,
  type AnalysisTestAppOptions,
} from '../test/factories';
import { redisReachable, TEST_REDIS_URL } from '../test/local-ports';
import { bearer, signUpTestUser } from '../test/test-app';
import { BullMqJobQueue } from './bullmq-job-queue';

const REDIS_URL = TEST_REDIS_URL;
const up = await redisReachable(REDIS_URL);
if (!up && process.env.REQUIRE_REDIS === '1')
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}.`);

const VIDEO = 'vidBullmq01';

/** An app on a fresh PGlite whose analyses go through BullMQ on a queue of its own. */
async function bullmqApp(
  worker: AnalysisTestAppOptions['worker'],
): Promise<{ database: Database; test: AnalysisTestApp }> {
  const database = await createTestDatabase('pglite');
  const test = await buildAnalysisTestApp({
    database,
    videos: { [VIDEO]: { comments: 120 } },
    env: { QUEUE_DRIVER: 'bullmq', REDIS_URL },
    overrides: {
      jobQueue: new BullMqJobQueue({
        redisUrl: REDIS_URL,
        queueName: `chorus-test-${randomUUID().slice(0, 8)}`,
      }),
    },
    worker,
  });
  return { database, test };
}

/** The whole analysis flow with QUEUE_DRIVER=bullmq: the API enqueues in Redis, the worker takes it. */
describe.skipIf(!up)('analysis jobs through BullMQ on Redis', () => {
  let database: Database;
  let test: AnalysisTestApp;

  beforeAll(async () => {
    ({ database, test } = await bullmqApp({ concurrency: 2 }));
  });
  afterAll(async () => {
    await test.close();
    await database.close();
  });

  it('runs an analysis to completion and settles its credits once', async () => {
    const { token } = await signUpTestUser(test.app);
    const done = await runTestAnalysis(test.app, token, VIDEO);
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
    expect(await creditsOf(test.app, token)).toBe(1);
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
  let test: AnalysisTestApp;
  let databaseDown = true;
  let failedReads = 0;

  beforeAll(async () => {
    ({ database, test } = await bullmqApp({
      requeueEveryMs: 300,
      deps: (deps) => {
        const analysisJobs = {
          ...deps.repos.analysisJobs,
          findById: (id: string) => {
            if (!databaseDown) return deps.repos.analysisJobs.findById(id);
            failedReads += 1;
            return Promise.reject(new Error('connect ECONNREFUSED 127.0.0.1:5432'));
          },
        };
        return { ...deps, repos: { ...deps.repos, analysisJobs } };
      },
    }));
  });
  afterAll(async () => {
    await test.close();
    await database.close();
  });

  it('fails it with the credits refunded once the database is back', async () => {
    const { token } = await signUpTestUser(test.app);
    const jobId = await startTestAnalysis(test.app, token, VIDEO);
    // Three deliveries, each failing on the database; then BullMQ holds it as failed.
    await waitFor(async () =>
      failedReads >= 3 && (await test.container.jobQueue.pendingCount()) === 0 ? true : undefined,
    );
    databaseDown = false;

    const done = await jobFinished(test.app, token, jobId, 15_000);
    expect(done).toMatchObject({
      status: 'failed',
      error: 'The analysis failed unexpectedly. Your credits were refunded; please try again.',
    });
    expect(await creditsOf(test.app, token)).toBe(3);
  });
});
