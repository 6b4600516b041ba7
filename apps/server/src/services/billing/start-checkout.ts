import type { RedirectUrlReply } from '@app/contracts';
import type { CheckoutItem } from '../../providers/stripe/payment-gateway.port';
import {
  ensureCustomer,
  liveSubscription,
  requireGateway,
  returnUrls,
  viaProvider,
  type BillingDeps,
} from './billing-deps';

/**
 * Starts buying credit packs or a plan and answers where the browser goes next. A plan for someone
 * whose subscription is still billed never opens a second checkout: it opens the billing portal
 * (the confirmation of switching to that plan, or the portal's home for the plan they have), so
 * the provider handles proration, the payment and its authentication, and the subscription stays
 * one. Throws 403 when payments are off and 502 when the provider fails.
 */
export async function startCheckout(
  deps: Pick<BillingDeps, 'repos' | 'gateway' | 'billingConfig' | 'logger'>,
  input: {
    /** The signed-in account and the session asking (the demo checkout is bound to it). */
    user: { id: string; email: string | null; sessionId?: number };
    item: CheckoutItem;
    origin: string;
  },
): Promise<RedirectUrlReply> {
  const gateway = requireGateway(deps);
  const urls = returnUrls(deps.billingConfig, input.origin);
  return viaProvider(deps, async () => {
    const customerId = await ensureCustomer({ repos: deps.repos, gateway }, input.user);

    if (input.item.kind === 'plan') {
      const stored = liveSubscription(
        await deps.repos.subscriptions.findByUserId(input.user.id),
        gateway.provider,
      );
      // The provider is asked too: a subscription paid a moment ago may not have reached us yet.
      const live = stored
        ? { subscriptionId: stored.providerSubscriptionId, plan: stored.plan }
        : await gateway.findLiveSubscription(customerId);
      if (live) {
        const portal = await gateway.createPortal({
          userId: input.user.id,
          customerId,
          returnUrl: urls.portal,
          ...(input.user.sessionId !== undefined ? { authSessionId: input.user.sessionId } : {}),
          ...(live.plan === input.item.plan
            ? {}
            : { switchTo: { subscriptionId: live.subscriptionId, plan: input.item.plan } }),
        });
        return { url: portal.url, kind: 'portal' };
      }
    }

    const session = await gateway.createCheckout({
      userId: input.user.id,
      email: input.user.email,
      customerId,
      item: input.item,
      successUrl: urls.success,
      cancelUrl: urls.cancel,
      ...(input.user.sessionId !== undefined ? { authSessionId: input.user.sessionId } : {}),
    });
    return { url: session.url, kind: 'checkout' };
  });
}
