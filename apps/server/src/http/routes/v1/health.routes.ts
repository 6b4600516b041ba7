import type { FastifyInstance } from 'fastify';

/** GET /api/v1/health: 200 when the database answers, 503 when it does not. */
export function healthRoutes(app: FastifyInstance): void {
  app.get('/health', async (request, reply) => {
    const { database } = app.container;
    try {
      await database.ping();
      return { status: 'ok', database: database.kind };
    } catch (error) {
      request.log.error({ err: error }, 'health check: database did not answer');
      return reply
        .status(503)
        .send({ message: 'The database is not answering.', code: 'database_unavailable' });
    }
  });
}
