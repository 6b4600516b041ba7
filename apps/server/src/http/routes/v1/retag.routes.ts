import type { FastifyInstance } from 'fastify';
import { RetagReplySchema, RetagRequestSchema, VideoIdParamsSchema } from '@app/contracts';
import { budgetedLanguageModel } from '../../../services/cluster/llm-budget';
import { retagClusters } from '../../../services/cluster/retag-clusters';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/** POST /retag/{video_id} {context}: CreatorX relabelling of the latest analysis; costs no credits. */
export function retagRoutes(app: FastifyInstance): void {
  const { repos, embedder, languageModel, clock, config } = app.container;
  const budget = {
    rateLimitEvents: repos.rateLimitEvents,
    clock,
    limit: config.llm.callsPerUserPerHour,
  };

  app.post('/retag/:video_id', { preHandler: requireAuth }, async (request) => {
    const params = validate(VideoIdParamsSchema, request.params);
    // An absent body counts as an empty context (the workspace batch flow sends context '').
    const input = validate(RetagRequestSchema, request.body ?? {});
    const userId = currentUser(request).id;
    const reply = await retagClusters(
      {
        clusters: repos.clusterAnalysis,
        embedder,
        languageModel: budgetedLanguageModel(languageModel, budget, userId),
      },
      { userId, videoId: params.video_id, context: input.context },
    );
    return validateReply(RetagReplySchema, reply);
  });
}
