import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { budgetedLanguageModel } from '../../../services/cluster/llm-budget';
import { retagClusters } from '../../../services/cluster/retag-clusters';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/** POST /retag/{video_id} {context}: CreatorX relabelling of the latest analysis; costs no credits. */
export function retagRoutes(app: FastifyInstance): void {
  const { repos, embedder, languageModel, clock, config } = app.container;
  const budget = {
    rateLimitEvents: repos.rateLimitEvents,
    clock,
    limit: config.llm.callsPerUserPerHour,
  };

  // An absent body counts as an empty context (the workspace batch flow sends context '').
  handle(app, apiRoutes.retag, async (request) => {
    const { params, body: input } = request;
    const userId = currentUser(request).id;
    return retagClusters(
      {
        clusters: repos.clusterAnalysis,
        embedder,
        languageModel: budgetedLanguageModel(languageModel, budget, userId),
      },
      { userId, videoId: params.video_id, context: input.context },
    );
  });
}
