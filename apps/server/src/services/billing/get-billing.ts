import type { BillingReply } from '@app/contracts';
import type { BillingDeps } from './billing-deps';

/** What the plans modal shows: the plan in force, the latest subscription, the credit pack. */
export async function getBilling(
  deps: Pick<BillingDeps, 'repos' | 'clock' | 'billingConfig'>,
  input: { userId: string },
): Promise<BillingReply> {
  const { billingConfig: config } = deps;
  const [plan, row] = await Promise.all([
    deps.repos.subscriptions.findActivePlan(input.userId, deps.clock.now()),
    deps.repos.subscriptions.findByUserId(input.userId),
  ]);
  const provider = config.provider === 'off' ? null : config.provider;
  return {
    payments: config.provider,
    plan: plan ?? 'basic',
    subscription: row
      ? {
          plan: row.plan,
          status: row.status,
          current_period_end: row.currentPeriodEnd?.toISOString() ?? null,
          cancel_at_period_end: row.cancelAtPeriodEnd,
          manageable:
            provider !== null && row.provider === provider && row.providerSubscriptionId !== null,
        }
      : null,
    credit_pack: {
      credits: config.creditPackCredits,
      price_cents: config.creditPackPriceCents,
      currency: config.currency,
    },
  };
}
