import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import {
  ConfigError,
  loadConfig,
  outboxNotice,
  parseArgs,
  PAYMENTS_OFF_NOTICE,
  type Config,
} from './config/config';
import { repoRoot } from './config/paths';
import { createContainer, type Container } from './container';
import { DataDirInUseError } from './db/data-dir-lock';
import { createDatabase, databaseOptionsFromConfig } from './db/database';
import { migrateToLatest } from './db/migrate';
import { buildServer } from './http/build-server';
import { startWorker } from './jobs/start-worker';
import { createLogger } from './logger';
import { analysisDepsFrom } from './services/analysis/analysis-deps';

/**
 * Boot: read config (exit 1 listing every problem), open and migrate the database, then run the
 * configured roles: `api` (HTTP), `worker` (analysis jobs) or `all` (both, the default).
 * `--migrate-only` migrates and exits (npm run db:migrate).
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = parseArgs(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig(process.env, args);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel);
  const database = await createDatabase(databaseOptionsFromConfig(config));
  logger.info({ database: database.location }, 'database opened');
  const applied = await migrateToLatest(database.db);
  logger.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');
  if (args.migrateOnly) {
    await database.close();
    return;
  }

  const container = createContainer({ config, database, logger });
  if (config.payments.offByDefault && config.role !== 'worker') logger.warn(PAYMENTS_OFF_NOTICE);
  const mailNotice = outboxNotice(config);
  if (mailNotice !== null && config.role !== 'worker') logger.warn(mailNotice);
  const stops: (() => Promise<void>)[] = [];
  if (config.role === 'all' || config.role === 'worker')
    stops.push(await startWorkerRole(container));
  if (config.role === 'all' || config.role === 'api') stops.push(await startApiRole(container));
  // An API-only process still holds queue connections (it enqueues); the worker's stop closes them otherwise.
  if (config.role === 'api') stops.unshift(() => container.jobQueue.close());

  let stopping = false;
  const shutdown = (signal: string) => {
    if (stopping) {
      logger.warn('second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    logger.info({ signal }, 'shutting down');
    void (async () => {
      try {
        // Stop taking requests and jobs first (reverse start order), then close the database.
        for (const stop of stops.reverse()) await stop();
        await database.close();
        process.exit(0);
      } catch (error) {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      }
    })();
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
}

async function startApiRole(container: Container): Promise<() => Promise<void>> {
  const app: FastifyInstance = await buildServer(container);
  const { port, host } = container.config;
  await app.listen({ port, host });
  container.logger.info(
    { url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` },
    'Chorus is listening',
  );
  return () => app.close();
}

/**
 * The analysis worker: takes jobs from the queue; hourly it purges expired comments and renews
 * Instagram tokens near their expiry.
 */
function startWorkerRole(container: Container): Promise<() => Promise<void>> {
  warmUpEmbedder(container);
  return startWorker(
    { ...analysisDepsFrom(container), logger: container.logger, instagram: container.instagram },
    { concurrency: container.config.queue.workerConcurrency },
  );
}

/**
 * Loads (and on a fresh machine converts) the embedding model in the background, so the first
 * analysis does not wait for it. A failure here is logged; the first job then retries the load.
 */
function warmUpEmbedder(container: Container): void {
  const embedder = container.embedder as { load?: () => Promise<void> };
  if (typeof embedder.load !== 'function') return;
  const started = Date.now();
  embedder
    .load()
    .then(() =>
      container.logger.info(
        { embedder: container.embedder.name, ms: Date.now() - started },
        'embedding model ready',
      ),
    )
    .catch((err: unknown) => container.logger.warn({ err }, 'embedding model warm-up failed'));
}

/** Reads `<repo>/.env` when present; variables already set in the environment win. */
function loadDotEnv(): void {
  const file = path.join(repoRoot, '.env');
  if (fs.existsSync(file)) process.loadEnvFile(file);
}

main().catch((error: unknown) => {
  // a second process on the same DATA_DIR: the message says what to do, a stack would not
  console.error(
    'Chorus failed to start:',
    error instanceof DataDirInUseError ? error.message : error,
  );
  process.exit(1);
});
