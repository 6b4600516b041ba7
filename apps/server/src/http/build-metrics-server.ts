import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Container } from '../container';
import type { Logger } from '../logger';
import { NotFoundError } from '../errors';
import type { MetricsExposition } from '../providers/metrics/metrics.port';
import {
  clientErrorHandler,
  frameworkErrorHandler,
  registerErrorHandler,
} from './plugins/error-handler';

/**
 * The metrics server (METRICS_PORT, apart from the public port): `GET /metrics` in Prometheus's
 * text format, nothing else (a JSON 404). Scrapes are not logged, they come every few seconds.
 */
export async function buildMetricsServer(
  exposition: MetricsExposition,
  logger: Logger,
): Promise<FastifyInstance> {
  const loggerInstance: FastifyBaseLogger = logger;
  const app = Fastify({
    loggerInstance,
    disableRequestLogging: true,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
  });
  registerErrorHandler(app);
  app.setNotFoundHandler(() => {
    throw new NotFoundError('Only GET /metrics is served on this port.');
  });
  app.get('/metrics', async (_request, reply) => {
    const body = await exposition.render();
    return reply.header('content-type', exposition.contentType).send(body);
  });
  await app.ready();
  return app;
}

/**
 * Serves the metrics on METRICS_PORT (every role, each process its own), bound to METRICS_HOST.
 * Returns the stop function, or null when METRICS_PORT is unset (nothing listens).
 */
export async function startMetricsServer(
  container: Pick<Container, 'config' | 'metricsExposition' | 'logger'>,
): Promise<(() => Promise<void>) | null> {
  const { port, host } = container.config.metrics;
  if (port === undefined || !container.metricsExposition) return null;
  const app = await buildMetricsServer(container.metricsExposition, container.logger);
  const url = await app.listen({ port, host });
  container.logger.info({ url: `${url}/metrics` }, 'metrics are served');
  return () => app.close();
}
