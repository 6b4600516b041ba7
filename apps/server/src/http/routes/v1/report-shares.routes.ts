import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import {
  createShare,
  listShares,
  openSharedReport,
  revokeShare,
} from '../../../services/reports/report-shares';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * Read-only links to a report: the owner's POST and GET /report/{video_id}/shares and
 * DELETE /shares/{id}, and the public GET /shared/{token} that anyone with the link may read.
 */
export function reportSharesRoutes(app: FastifyInstance): void {
  const { repos, clock } = app.container;
  const deps = { repos, clock };

  handle(app, apiRoutes.createShare, async (request, reply) => {
    const share = await createShare(deps, {
      userId: currentUser(request).id,
      videoId: request.params.video_id,
      expiresInDays: request.body.expires_in_days ?? null,
    });
    void reply.header('cache-control', 'no-store');
    return share;
  });

  handle(app, apiRoutes.reportShares, (request) =>
    listShares(deps, { userId: currentUser(request).id, videoId: request.params.video_id }),
  );

  handle(app, apiRoutes.revokeShare, async (request) => {
    await revokeShare(deps, { userId: currentUser(request).id, id: request.params.id });
    return { success: true as const };
  });

  // No session: the link's token is the credential. Nothing here depends on who asks.
  handle(app, apiRoutes.sharedReport, async (request, reply) => {
    const shared = await openSharedReport(deps, request.params.token);
    void reply.headers({ 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' });
    return shared;
  });
}
