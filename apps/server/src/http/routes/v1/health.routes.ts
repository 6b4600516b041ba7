import type { FastifyInstance } from 'fastify';

/**
 * GET /api/v1/health: 200 when the database and the job queue answer (the queue is Redis with
 * QUEUE_DRIVER=bullmq, without which no analysis can start), 503 naming the one that does not.
 */
export function healthRoutes(app: FastifyInstance): void {
  app.get('/health', async (request, reply) => {
    const { database, jobQueue } = app.container;
    try {
      await database.ping();
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply
        .status(503)
        .send({ message: 'The database is not answering.', code: 'database_unavailable' });
    }
    try {
      await jobQueue.pendingCount();
    } catch (error) {
      request.log.error({ err: error }, 'health check: job queue did not answer');
      return reply
        .status(503)
        .send({ message: 'The job queue is not answering.', code: 'queue_unavailable' });
    }
    return { status: 'ok', database: database.kind, queue: jobQueue.driver };
  });
}
