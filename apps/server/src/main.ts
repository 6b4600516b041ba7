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
import { warmAnalysisThreads } from '@app/analysis';
import { repoRoot } from './config/paths';
import { createContainer, type Container } from './container';
import { DataDirInUseError } from './db/data-dir-lock';
import { createDatabase, databaseOptionsFromConfig, type Database } from './db/database';
import { migrateToLatest } from './db/migrate';
import { startMetricsServer } from './http/build-metrics-server';
import { buildHealthServer, buildServer } from './http/build-server';
import { startWorker } from './jobs/start-worker';
import { createLogger, type Logger } from './logger';
import {
  embeddedModelDir,
  prepareEmbeddedModel,
} from './providers/embeddings/embedded-use-lite-embedder';
import { analysisDepsFrom } from './services/analysis/analysis-deps';

/**
 * Boot: read config (exit 1 listing every problem), open the database, serve HTTP (the API, or
 * in a worker-only process the health routes when WORKER_HEALTH_PORT is set) so liveness and
 * readiness answer while the migrations run, migrate, then start the worker role (`worker` or
 * `all`). `--migrate-only` migrates and exits (npm run db:migrate); `--prepare-model` converts
 * the embedded embedding model and exits (the container image's build does it).
 */
async function main(): Promise<void> {
  loadDotEnv();
  const args = parseArgs(process.argv.slice(2));
  let config: Config;
  try {
    config = loadConfig(process.env, {
      ...(args.role !== undefined ? { role: args.role } : {}),
      migrateOnly: args.migrateOnly || args.prepareModel,
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }

  const logger = createLogger(config.logLevel);
  if (args.prepareModel) {
    const dir = config.embeddings.embeddedModelDir ?? embeddedModelDir(config.dataDir);
    logger.info({ dir, dtypes: prepareEmbeddedModel(dir) }, 'embedded model ready');
    return;
  }
  const database = await createDatabase(databaseOptionsFromConfig(config));
  logger.info({ database: database.location }, 'database opened');
  if (args.migrateOnly) {
    await migrate(database, logger);
    await database.close();
    return;
  }

  const container = createContainer({ config, database, logger });
  container.startup.begin('migrations');
  if (config.payments.offByDefault && config.role !== 'worker') logger.warn(PAYMENTS_OFF_NOTICE);
  const mailNotice = outboxNotice(config);
  if (mailNotice !== null && config.role !== 'worker') logger.warn(mailNotice);

  // Stopped in this order: HTTP (no new requests), the worker (hands running jobs back), the
  // queue connections of an API-only process, then the database.
  const stops: (() => Promise<void>)[] = [];
  const http = await startHttp(container);
  if (http) stops.push(http);
  const metricsServer = await startMetricsServer(container);
  if (metricsServer) stops.push(metricsServer);
  await migrate(database, logger);
  container.startup.end('migrations');
  if (config.role === 'all' || config.role === 'worker')
    stops.push(await startWorkerRole(container));
  // An API-only process still holds queue connections (it enqueues); the worker's stop closes them otherwise.
  if (config.role === 'api') stops.push(() => container.jobQueue.close());

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
        for (const stop of stops) await stop();
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

async function migrate(database: Database, logger: Logger): Promise<void> {
  const applied = await migrateToLatest(database.db);
  logger.info({ applied }, applied.length ? 'migrations applied' : 'database schema up to date');
}

/**
 * The API (roles `api` and `all`) on PORT, or in a worker-only process the health routes on
 * WORKER_HEALTH_PORT when it is set. Returns the stop function, or null when nothing listens.
 */
async function startHttp(container: Container): Promise<(() => Promise<void>) | null> {
  const { config } = container;
  const healthOnly = config.role === 'worker';
  if (healthOnly && config.queue.workerHealthPort === undefined) return null;
  const app: FastifyInstance = healthOnly
    ? await buildHealthServer(container)
    : await buildServer(container);
  const port = healthOnly ? config.queue.workerHealthPort! : config.port;
  const { host } = config;
  await app.listen({ port, host });
  container.logger.info(
    { url: `http://${host === '0.0.0.0' ? 'localhost' : host}:${port}` },
    healthOnly ? 'worker health routes are listening' : 'Chorus is listening',
  );
  return () => app.close();
}

/**
 * The analysis worker: takes jobs from the queue; hourly it purges expired comments, renews
 * Instagram tokens near their expiry and syncs the workspaces with auto-analysis on.
 */
function startWorkerRole(container: Container): Promise<() => Promise<void>> {
  warmUpEmbedder(container);
  // The analysis' worker threads load their code now, not during the first large analysis.
  warmAnalysisThreads(container.config.analysis.threads);
  return startWorker(
    {
      ...analysisDepsFrom(container),
      logger: container.logger,
      instagram: container.instagram,
      channelDirectory: container.channelDirectory,
    },
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
  container.startup.begin('embedding_model');
  embedder.load().then(
    () => {
      container.startup.end('embedding_model');
      container.logger.info(
        { embedder: container.embedder.name, ms: Date.now() - started },
        'embedding model ready',
      );
    },
    (err: unknown) => {
      container.startup.fail('embedding_model');
      container.logger.warn({ err }, 'embedding model warm-up failed');
    },
  );
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
