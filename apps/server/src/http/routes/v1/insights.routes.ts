import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import {
  getWorkspaceInsights,
  type InsightsDeps,
} from '../../../services/insights/get-workspace-insights';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/** GET /workspaces/{id}/insights: the workspace's videos over time and their recurring themes. */
export function insightsRoutes(app: FastifyInstance): void {
  const { repos, embedder } = app.container;
  const deps: InsightsDeps = {
    repos,
    embedder,
    // One cache per server: each report's themes are embedded once.
    themeVectors: new ClusterVectorCache(),
  };

  handle(app, apiRoutes.workspaceInsights, async (request, reply) => {
    const insights = await getWorkspaceInsights(deps, {
      userId: currentUser(request).id,
      workspaceId: request.params.id,
    });
    void reply.header('cache-control', 'no-store');
    return insights;
  });
}
