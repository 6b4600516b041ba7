import type { FastifyInstance } from 'fastify';
import { CreditHistoryQuerySchema, CreditHistoryReplySchema } from '@app/contracts';
import { listCreditHistory } from '../../../services/billing/credit-history';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/**
 * The signed-in creator's own billing records:
 *  - GET /billing/history?before=&limit=  the credit history, newest first (keyset on the ledger
 *    id: `before` is the previous page's `next_cursor`; limit 1..100, 25 by default).
 */
export function billingRoutes(app: FastifyInstance): void {
  const { repos } = app.container;

  app.get('/billing/history', { preHandler: requireAuth }, async (request) => {
    const query = validate(CreditHistoryQuerySchema, request.query);
    const history = await listCreditHistory(
      { repos },
      { userId: currentUser(request).id, before: query.before, limit: query.limit },
    );
    return validateReply(CreditHistoryReplySchema, history);
  });
}
