import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { listCreditHistory } from '../../../services/billing/credit-history';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * The signed-in creator's own billing records:
 *  - GET /billing/history?before=&limit=  the credit history, newest first (keyset on the ledger
 *    id: `before` is the previous page's `next_cursor`; limit 1..100, 25 by default).
 */
export function billingRoutes(app: FastifyInstance): void {
  const { repos } = app.container;

  handle(app, apiRoutes.creditHistory, async (request) => {
    const { query } = request;
    return listCreditHistory(
      { repos },
      { userId: currentUser(request).id, before: query.before, limit: query.limit },
    );
  });
}
