import type { FastifyInstance } from 'fastify';
import { MetricsReplySchema } from '@app/contracts';
import { getMetrics } from '../../../services/analysis/get-metrics';
import { validateReply } from '../../validate';

/** GET /metrics: the landing page's live counter (no sign-in, never cached). */
export function metricsRoutes(app: FastifyInstance): void {
  const { repos, config } = app.container;
  app.get('/metrics', async (_request, reply) => {
    const metrics = await getMetrics({ repos, analysisConfig: config.analysis });
    void reply.header('cache-control', 'no-store');
    return validateReply(MetricsReplySchema, metrics);
  });
}
