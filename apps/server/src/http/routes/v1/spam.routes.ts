import type { FastifyInstance } from 'fastify';
import { RestoreSpamReplySchema, SetAsideCommentParamsSchema } from '@app/contracts';
import { restoreSpamComment } from '../../../services/cluster/restore-spam-comment';
import { ClusterVectorCache } from '../../../services/cluster/vector-cache';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

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

  app.post(
    '/report/:video_id/spam/:comment_id/restore',
    { preHandler: requireAuth },
    async (request) => {
      const params = validate(SetAsideCommentParamsSchema, request.params);
      const reply = await restoreSpamComment(deps, {
        userId: currentUser(request).id,
        videoId: params.video_id,
        commentId: params.comment_id,
      });
      return validateReply(RestoreSpamReplySchema, reply);
    },
  );
}
