import type { FastifyInstance } from 'fastify';
import {
  AnalysisEstimateReplySchema,
  AnalyzeQuerySchema,
  BatchAnalyzeRequestSchema,
  BatchEstimateReplySchema,
} from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { estimateAnalysis, estimateBatch } from '../../../services/analysis/estimate-analysis';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/**
 * GET /analyze/estimate?video_url= and POST /analyses/batch/estimate: the price of an analysis (or
 * a batch) before it starts, by the same rule as the start. Neither spends anything.
 */
export function estimateRoutes(app: FastifyInstance): void {
  const deps = analysisDepsFrom(app.container);

  app.get('/analyze/estimate', { preHandler: requireAuth }, async (request, reply) => {
    const query = validate(AnalyzeQuerySchema, request.query);
    const estimate = await estimateAnalysis(deps, {
      userId: currentUser(request).id,
      videoUrl: query.video_url,
      videoId: query.video_id,
    });
    void reply.header('cache-control', 'no-store');
    return validateReply(AnalysisEstimateReplySchema, estimate);
  });

  app.post('/analyses/batch/estimate', { preHandler: requireAuth }, async (request, reply) => {
    const input = validate(BatchAnalyzeRequestSchema, request.body ?? {});
    const estimate = await estimateBatch(deps, {
      userId: currentUser(request).id,
      videoIds: input.video_ids,
      workspaceId: input.workspace_id,
    });
    void reply.header('cache-control', 'no-store');
    return validateReply(BatchEstimateReplySchema, estimate);
  });
}
