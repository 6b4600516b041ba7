import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { handle } from '../../contract-route';

type Problem = { message: string; code: string };

/** The database, then the job queue: the first that does not answer, or null. */
async function dependencyProblem(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<Problem | null> {
  const { database, jobQueue } = app.container;
  try {
    await database.ping();
  } catch (error) {
    request.log.error({ err: error }, 'health check: database did not answer');
    return { message: 'The database is not answering.', code: 'database_unavailable' };
  }
  try {
    await jobQueue.pendingCount();
  } catch (error) {
    request.log.error({ err: error }, 'health check: job queue did not answer');
    return { message: 'The job queue is not answering.', code: 'queue_unavailable' };
  }
  return null;
}

/** Start-up work still under way in this process (migrations, then the embedding model), or null. */
function startupProblem(app: FastifyInstance): Problem | null {
  const { startup } = app.container;
  if (startup.isPending('migrations'))
    return { message: 'Chorus is migrating its database.', code: 'migrating' };
  if (startup.isPending('embedding_model'))
    return { message: 'Chorus is loading its embedding model.', code: 'model_loading' };
  return null;
}

const unavailable = (reply: FastifyReply, problem: Problem) =>
  reply.status(503).send({ message: problem.message, code: problem.code });

/**
 * Health for load balancers and orchestrators:
 * - `GET /health/live`: 200 while the process runs and serves HTTP (it checks nothing else, so a
 *   database outage never gets the process restarted).
 * - `GET /health/ready`: 503 `{ message, code }` while the migrations run (`migrating`), while the
 *   embedding model loads (`model_loading`), or when the database (`database_unavailable`) or the
 *   job queue (`queue_unavailable`; Redis with QUEUE_DRIVER=bullmq) does not answer; otherwise 200
 *   with the checks it made.
 * - `GET /health`: the database and the queue only (the older check, kept as it was).
 */
export function healthRoutes(app: FastifyInstance): void {
  handle(app, apiRoutes.healthLive, () => ({ status: 'ok' as const }));

  handle(app, apiRoutes.healthReady, async (request, reply) => {
    const starting = startupProblem(app);
    if (starting) return unavailable(reply, starting);
    const problem = await dependencyProblem(app, request);
    if (problem) return unavailable(reply, problem);
    const { config, database, jobQueue, startup } = app.container;
    return {
      status: 'ok' as const,
      role: config.role,
      database: database.kind,
      queue: jobQueue.driver,
      // migrations: `not_used` in a process that did not run them (tests); embeddingModel:
      // `not_used` where no model is loaded at start (an API process), `failed` when the warm-up
      // failed (the first analysis loads it again).
      checks: {
        migrations: startup.state('migrations'),
        embeddingModel: startup.state('embedding_model'),
        database: 'ok' as const,
        queue: 'ok' as const,
      },
    };
  });

  handle(app, apiRoutes.health, async (request, reply) => {
    const problem = await dependencyProblem(app, request);
    if (problem) return unavailable(reply, problem);
    const { database, jobQueue } = app.container;
    return { status: 'ok' as const, database: database.kind, queue: jobQueue.driver };
  });
}
