import type { RedirectUrlReply } from '@app/contracts';
import { ConflictError } from '../../errors';
import {
  liveSubscription,
  requireGateway,
  returnUrls,
  viaProvider,
  type BillingDeps,
} from './billing-deps';

export const NO_PLAN_TO_MANAGE_MESSAGE =
  'You have no paid plan to manage yet. Choose a plan to subscribe.';

/**
 * The billing portal for the signed-in subscriber: change plan, update the card, see invoices,
 * cancel. 409 for someone without a subscription at this provider.
 */
export async function openBillingPortal(
  deps: Pick<BillingDeps, 'repos' | 'gateway' | 'billingConfig' | 'logger'>,
  input: { userId: string; origin: string; sessionId?: number },
): Promise<RedirectUrlReply> {
  const gateway = requireGateway(deps);
  const [customerId, row] = await Promise.all([
    deps.repos.paymentCustomers.find(input.userId, gateway.provider),
    deps.repos.subscriptions.findByUserId(input.userId),
  ]);
  // A cancelled plan can still be looked at (invoices), as long as the provider knows the customer.
  const subscribed =
    liveSubscription(row, gateway.provider) ?? (row?.provider === gateway.provider ? row : null);
  if (!customerId || !subscribed)
    throw new ConflictError(NO_PLAN_TO_MANAGE_MESSAGE, 'no_subscription');
  const portal = await viaProvider(deps, () =>
    gateway.createPortal({
      userId: input.userId,
      customerId,
      returnUrl: returnUrls(deps.billingConfig, input.origin).portal,
      ...(input.sessionId !== undefined ? { authSessionId: input.sessionId } : {}),
    }),
  );
  return { url: portal.url, kind: 'portal' };
}
