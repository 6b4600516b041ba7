import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { getMetrics } from '../../../services/analysis/get-metrics';
import { handle } from '../../contract-route';

/** GET /metrics: the landing page's live counter (no sign-in, never cached). */
export function metricsRoutes(app: FastifyInstance): void {
  const { repos, config } = app.container;
  handle(app, apiRoutes.metrics, async (_request, reply) => {
    const metrics = await getMetrics({ repos, analysisConfig: config.analysis });
    void reply.header('cache-control', 'no-store');
    return metrics;
  });
}
