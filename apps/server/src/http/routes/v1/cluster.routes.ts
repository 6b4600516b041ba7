import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analyzeCluster } from '../../../services/cluster/analyze-cluster';
import { chatWithCluster } from '../../../services/cluster/chat-with-cluster';
import { budgetedLanguageModel } from '../../../services/cluster/llm-budget';
import type { ClusterDeps } from '../../../services/cluster/cluster-deps';
import { listClusterComments } from '../../../services/cluster/list-cluster-comments';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * POST /cluster/analyze, GET /cluster/comments, POST /cluster/chat: the per-cluster deep dive. The
 * language model each account reaches here is budgeted (LLM_CALLS_PER_USER_PER_HOUR).
 */
export function clusterRoutes(app: FastifyInstance): void {
  const { repos, embedder, languageModel, logger, clock, config } = app.container;
  const budget = {
    rateLimitEvents: repos.rateLimitEvents,
    clock,
    limit: config.llm.callsPerUserPerHour,
  };
  const deps: ClusterDeps = {
    clusters: repos.clusterAnalysis,
    embedder,
    languageModel,
    // One cache per server: a chat's follow-up questions reuse the cluster's comment vectors.
    vectorCache: new ClusterVectorCache(),
    logger,
  };
  const forUser = (userId: string): ClusterDeps => ({
    ...deps,
    languageModel: budgetedLanguageModel(languageModel, budget, userId),
  });

  handle(app, apiRoutes.clusterAnalyze, async (request) => {
    const input = request.body;
    const userId = currentUser(request).id;
    const analysis = await analyzeCluster(forUser(userId), {
      userId,
      videoId: input.video_id,
      clusterId: input.cluster_id,
    });
    return { analysis };
  });

  handle(app, apiRoutes.clusterComments, async (request) => {
    const input = request.query;
    return listClusterComments(deps, {
      userId: currentUser(request).id,
      videoId: input.video_id,
      clusterId: input.cluster_id,
      page: input.page,
      pageSize: input.page_size,
      sort: input.sort,
    });
  });

  handle(app, apiRoutes.clusterChat, async (request) => {
    const input = request.body;
    const userId = currentUser(request).id;
    return chatWithCluster(forUser(userId), {
      userId,
      videoId: input.video_id,
      clusterId: input.cluster_id,
      message: input.message,
      topK: input.top_k,
    });
  });
}
