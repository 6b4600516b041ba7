import type { FastifyInstance } from 'fastify';
import { alertsRoutes } from './alerts.routes';
import { analysisRoutes } from './analysis.routes';
import { authRoutes } from './auth.routes';
import { billingRoutes } from './billing.routes';
import { clusterRoutes } from './cluster.routes';
import { configRoutes } from './config.routes';
import { healthRoutes } from './health.routes';
import { insightsRoutes } from './insights.routes';
import { instagramRoutes } from './instagram.routes';
import { metaRoutes } from './meta.routes';
import { metricsRoutes } from './metrics.routes';
import { notesRoutes } from './notes.routes';
import { retagRoutes } from './retag.routes';
import { spamRoutes } from './spam.routes';
import { workspacesRoutes } from './workspaces.routes';
import { youtubeRoutes } from './youtube.routes';
import { stripeRoutes } from './stripe.routes';
import { reportExportRoutes } from './report-export.routes';
import { reportSharesRoutes } from './report-shares.routes';
import { estimateRoutes } from './estimate.routes';
import { questionsRoutes } from './questions.routes';

/**
 * Every /api/v1 route module, mounted under /api/v1 by build-server, each in its own scope. A
 * module is `export function fooRoutes(app: FastifyInstance): void { app.get('/foo', ...) }`; to
 * add one, append it here. Handlers reach the container as `app.container`.
 */
export const v1Routes: ((app: FastifyInstance) => void)[] = [
  healthRoutes,
  configRoutes,
  authRoutes,
  analysisRoutes,
  metricsRoutes,
  clusterRoutes,
  notesRoutes,
  retagRoutes,
  spamRoutes,
  workspacesRoutes,
  instagramRoutes,
  youtubeRoutes,
  stripeRoutes,
  billingRoutes,
  metaRoutes,
  reportExportRoutes,
  reportSharesRoutes,
  estimateRoutes,
  insightsRoutes,
  questionsRoutes,
  alertsRoutes,
];
