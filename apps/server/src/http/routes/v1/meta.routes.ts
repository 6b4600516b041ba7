import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import {
  deleteFacebookUserData,
  getDataDeletionRequest,
} from '../../../services/auth/meta-data-deletion';
import { handle } from '../../contract-route';
import { acceptFormBodies } from '../../form-body';
import { linkOrigin } from '../../request-origin';

/** Where a person reads the status of their request: the web app's data-deletion page. */
export const DATA_DELETION_PAGE = '/instagram-data-deletion';

/**
 * Meta's Data Deletion Request Callback (set in the Meta app's settings as
 * `<PUBLIC_URL>/api/v1/meta/data-deletion`):
 *  - POST /meta/data-deletion  form (or JSON) `signed_request`, signed with FACEBOOK_APP_SECRET:
 *    the Chorus account that Facebook user signs in to is deleted, and the reply is Meta's
 *    `{ url, confirmation_code }`; 400 for a request that does not verify, 503 without Facebook;
 *  - GET /meta/data-deletion/{code}  the request's status, read by the data-deletion page.
 */
export function metaRoutes(app: FastifyInstance): void {
  const { repos, transaction, clock, config, logger } = app.container;

  acceptFormBodies(app, 16_384);

  handle(app, apiRoutes.metaDataDeletion, async (request) => {
    const input = request.body;
    const done = await deleteFacebookUserData(
      {
        repos,
        transaction,
        clock,
        logger,
        signedRequests: app.container.facebookSignedRequests,
        paymentGateway: app.container.payments.gateway,
      },
      input.signed_request,
    );
    const base = linkOrigin(config.publicUrl, request);
    return {
      url: `${base}${DATA_DELETION_PAGE}?code=${encodeURIComponent(done.code)}`,
      confirmation_code: done.code,
    };
  });

  handle(app, apiRoutes.dataDeletionStatus, async (request) => {
    const { code } = request.params;
    const found = await getDataDeletionRequest({ repos }, code);
    return {
      confirmation_code: found.code,
      status: 'completed' as const,
      outcome: found.outcome,
      requested_at: found.requestedAt.toISOString(),
      completed_at: found.completedAt.toISOString(),
    };
  });
}
