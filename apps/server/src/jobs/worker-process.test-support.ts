/**
 * A worker process for the crash test (run with `node --import tsx`): the real container and
 * worker on the PostgreSQL database in DATABASE_URL, with the fake embedder. With CRASH_JOB_ID set
 * it stops dead at CRASH_AT (`analyse`: inside the analysis; `after-commit`: right after the job's
 * completing transaction committed, before the queue hears of it) and prints `HOLD <point>` so the
 * test can kill -9 it there.
 */
import { pino } from 'pino';
import { loadConfig } from '../config/config';
import { createContainer } from '../container';
import { createDatabase } from '../db/database';
import { FakeTextEmbedder } from '../providers/embeddings/fake-text-embedder';
import { analysisDepsFrom, type AnalyseFn } from '../services/analysis/analysis-deps';
import { analyseComments } from '@app/analysis';
import type { TransactionRunner } from '../repositories';
import { startWorker } from './start-worker';

const config = loadConfig(process.env);
if (!config.databaseUrl) throw new Error('DATABASE_URL is required');
const database = await createDatabase({
  kind: 'postgres',
  url: config.databaseUrl,
  maxConnections: 4,
});
const logger = pino({ level: process.env.TEST_LOG_LEVEL ?? 'silent' });
const crashAt = process.env.CRASH_AT;
const crashJob = process.env.CRASH_JOB_ID;
const forever = () => new Promise<never>(() => undefined);

const analyse: AnalyseFn = async (comments, deps, options) => {
  if (crashAt === 'analyse' && crashJob) {
    process.stdout.write('HOLD analyse\n');
    return forever();
  }
  return analyseComments(comments, deps, options);
};

const container = createContainer({
  config,
  database,
  logger,
  overrides: { embedder: new FakeTextEmbedder(), languageModel: null, analyse },
});
const transaction: TransactionRunner = async (fn) => {
  const result = await container.transaction(fn);
  if (crashAt === 'after-commit' && crashJob) {
    const job = await container.repos.analysisJobs.findById(crashJob);
    if (job?.status === 'complete') {
      process.stdout.write('HOLD after-commit\n');
      return forever();
    }
  }
  return result;
};

await startWorker(
  { ...analysisDepsFrom({ ...container, transaction }), logger },
  { concurrency: 1, purgeEveryMs: 3_600_000 },
);
process.stdout.write('READY\n');
