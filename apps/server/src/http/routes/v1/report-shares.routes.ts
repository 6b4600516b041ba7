import type { FastifyInstance } from 'fastify';
import {
  CreateShareReplySchema,
  CreateShareRequestSchema,
  ReportSharesReplySchema,
  RevokeShareReplySchema,
  SharedReportReplySchema,
  ShareIdParamsSchema,
  ShareTokenParamsSchema,
  VideoIdParamsSchema,
} from '@app/contracts';
import {
  createShare,
  listShares,
  openSharedReport,
  revokeShare,
} from '../../../services/reports/report-shares';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/**
 * Read-only links to a report: the owner's POST and GET /report/{video_id}/shares and
 * DELETE /shares/{id}, and the public GET /shared/{token} that anyone with the link may read.
 */
export function reportSharesRoutes(app: FastifyInstance): void {
  const { repos, clock } = app.container;
  const deps = { repos, clock };

  app.post('/report/:video_id/shares', { preHandler: requireAuth }, async (request, reply) => {
    const { video_id } = validate(VideoIdParamsSchema, request.params);
    const body = validate(CreateShareRequestSchema, request.body ?? {});
    const share = await createShare(deps, {
      userId: currentUser(request).id,
      videoId: video_id,
      expiresInDays: body.expires_in_days ?? null,
    });
    void reply.code(201).header('cache-control', 'no-store');
    return validateReply(CreateShareReplySchema, share);
  });

  app.get('/report/:video_id/shares', { preHandler: requireAuth }, async (request) => {
    const { video_id } = validate(VideoIdParamsSchema, request.params);
    const shares = await listShares(deps, { userId: currentUser(request).id, videoId: video_id });
    return validateReply(ReportSharesReplySchema, shares);
  });

  app.delete('/shares/:id', { preHandler: requireAuth }, async (request) => {
    const { id } = validate(ShareIdParamsSchema, request.params);
    await revokeShare(deps, { userId: currentUser(request).id, id });
    return validateReply(RevokeShareReplySchema, { success: true });
  });

  // No session: the link's token is the credential. Nothing here depends on who asks.
  app.get('/shared/:token', async (request, reply) => {
    const { token } = validate(ShareTokenParamsSchema, request.params);
    const shared = await openSharedReport(deps, token);
    void reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    return validateReply(SharedReportReplySchema, shared);
  });
}
