import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { estimateAnalysis, estimateBatch } from '../../../services/analysis/estimate-analysis';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * GET /analyze/estimate?video_url= and POST /analyses/batch/estimate: the price of an analysis (or
 * a batch) before it starts, by the same rule as the start. Neither spends anything.
 */
export function estimateRoutes(app: FastifyInstance): void {
  const deps = analysisDepsFrom(app.container);

  handle(app, apiRoutes.estimateAnalysis, async (request, reply) => {
    const { query } = request;
    const estimate = await estimateAnalysis(deps, {
      userId: currentUser(request).id,
      videoUrl: query.video_url,
      videoId: query.video_id,
    });
    void reply.header('cache-control', 'no-store');
    return estimate;
  });

  handle(app, apiRoutes.batchEstimate, async (request, reply) => {
    const estimate = await estimateBatch(deps, {
      userId: currentUser(request).id,
      videoIds: request.body.video_ids,
      workspaceId: request.body.workspace_id,
    });
    void reply.header('cache-control', 'no-store');
    return estimate;
  });
}
