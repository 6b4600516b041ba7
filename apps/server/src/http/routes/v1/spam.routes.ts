import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { restoreSpamComment } from '../../../services/cluster/restore-spam-comment';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * POST /report/{video_id}/spam/{comment_id}/restore: the creator moves one comment the analysis
 * set aside as spam back into the topics of their latest report of the video; costs no credits.
 */
export function spamRoutes(app: FastifyInstance): void {
  const { repos, embedder, logger, clock } = app.container;
  const deps = {
    clusters: repos.clusterAnalysis,
    embedder,
    // cluster samples' vectors, reused by the next restore in the same report
    vectorCache: new ClusterVectorCache(10_000),
    logger,
    now: () => clock.now(),
  };

  handle(app, apiRoutes.restoreSpam, (request) =>
    restoreSpamComment(deps, {
      userId: currentUser(request).id,
      videoId: request.params.video_id,
      commentId: request.params.comment_id,
    }),
  );
}
