import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { PLAN_CATALOGUE, type BillingReply, type Plan } from '@app/contracts';
import { Dialog } from '../../components/dialog';
import { FormError } from '../../components/form-field';
import { useAuth } from '../../lib/auth';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDate, planLabel } from '../../lib/format';
import { usePublicConfig } from '../../lib/public-config';
import { api } from '../../lib/api';
import { billingQueryKey } from './billing-api';
import { openPendingTab } from './checkout-tab';
import { useCheckoutWatch } from './checkout-watch';

/** The plans (prices and credits from the shared catalogue). */
export const PLANS: readonly { id: Plan; perks: readonly string[] }[] = [
  { id: 'basic', perks: ['Full comment reports', 'Notes per video'] },
  { id: 'pro', perks: ['Everything in Basic', 'Priority processing'] },
  { id: 'advanced', perks: ['All Pro features', 'Largest comment volume'] },
];

/** "$29" (whole amounts without cents), in the server's payment currency. */
function price(cents: number, currency: string): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

const LIVE = new Set(['active', 'trialing', 'past_due']);

/** What the plans window says, once, to an account that has never subscribed or has stopped. */
export const NO_SUBSCRIPTION_LINE = 'No subscription yet: you are using your free credits.';

/**
 * Whether the account has no plan of its own: the plan in force is the default (basic) and no
 * subscription is live. The header's plan button still shows the default's name, but the plans
 * window marks no plan as current for it: nothing was bought.
 */
export function onFreeCredits(subscription: BillingReply['subscription'], plan: Plan): boolean {
  return plan === 'basic' && (!subscription || !LIVE.has(subscription.status));
}

/** The line under the current plan's price that says where the subscription stands. */
export function subscriptionLine(
  subscription: BillingReply['subscription'],
  currentPlan: Plan,
): string | null {
  if (!subscription || subscription.plan !== currentPlan || !LIVE.has(subscription.status)) {
    return null;
  }
  const day = formatDate(subscription.current_period_end);
  if (subscription.status === 'past_due') {
    return 'The last payment failed: update your card under Manage plan.';
  }
  if (subscription.cancel_at_period_end) return day ? `Cancelled: ends on ${day}.` : 'Cancelled.';
  return day ? `Renews on ${day}.` : 'Renews monthly.';
}

/**
 * 'Choose Your Plan' with Basic, Pro and Advanced; the current plan is highlighted (none while the
 * account is on its free credits, which the window says once, above the plans). A plan button
 * opens that plan's checkout in a new tab; a subscriber's buttons open the billing portal instead
 * (switching plans there keeps one subscription), and the current plan's button manages it.
 * Failures are shown in the dialog.
 */
export default function PlansModal({
  onClose,
  onShowHistory,
}: {
  onClose: () => void;
  /** Swaps this dialog for the credit history (the header's). */
  onShowHistory?: () => void;
}) {
  const { token, plan: authPlan } = useAuth();
  const config = usePublicConfig();
  const watch = useCheckoutWatch();
  const billing = useQuery({
    queryKey: billingQueryKey(token),
    queryFn: ({ signal }) => api.subscription({ signal }),
    enabled: token !== null,
    staleTime: 10_000,
  });
  const [busy, setBusy] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const payments = billing.data?.payments ?? config?.payments ?? null;
  const current = (billing.data?.plan ?? authPlan ?? 'basic').toLowerCase() as Plan;
  const subscription = billing.data?.subscription ?? null;
  const subscribed =
    subscription !== null && subscription.manageable && LIVE.has(subscription.status);
  const free = onFreeCredits(subscription, current);
  const off = payments === 'off';
  const currency = billing.data?.credit_pack.currency ?? 'usd';

  const go = async (key: string, request: () => ReturnType<typeof api.portalSession>) => {
    if (token === null) return; // Checkout opens only with a token.
    setBusy(key);
    setError(null);
    const tab = openPendingTab();
    try {
      const { url } = await request();
      watch.opened();
      tab.go(url);
    } catch (err) {
      tab.close();
      console.error('Checkout failed to start', err);
      setError(
        `${key === 'manage' ? 'Could not open plan management' : 'Could not start the checkout'}: ${errorMessage(err)}`,
      );
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog
      title="Choose Your Plan"
      subtitle="Monthly plans. 1 credit covers 100 comments."
      onClose={onClose}
      className="dialog-wide"
    >
      {free ? (
        <p className="plans-free" data-testid="plan-status">
          {NO_SUBSCRIPTION_LINE}
        </p>
      ) : null}
      <div className="plans-grid">
        {PLANS.map((p) => {
          const isCurrent = !free && p.id === current;
          const details = PLAN_CATALOGUE[p.id];
          const label = planLabel(p.id);
          const manage = isCurrent && subscribed;
          const line = isCurrent ? subscriptionLine(subscription, current) : null;
          const buttonText =
            busy === (manage ? 'manage' : p.id)
              ? 'Opening…'
              : manage
                ? 'Manage plan'
                : subscribed
                  ? `Switch to ${label}`
                  : `Choose ${label}`;
          return (
            <section
              key={p.id}
              className={`plan-card${isCurrent ? ' plan-card-current' : ''}`}
              aria-label={`${label} plan${isCurrent ? ' (current plan)' : ''}`}
              data-testid={`plan-card-${p.id}`}
              data-current={isCurrent ? 'true' : 'false'}
            >
              {isCurrent ? <span className="badge badge-accent">Current plan</span> : null}
              <h3>{label}</h3>
              <p className="plan-price">{price(details.priceCents, currency)}/month</p>
              {line ? (
                <p className="plan-status" data-testid="plan-status">
                  {line}
                </p>
              ) : null}
              <ul>
                <li>{formatCount(details.creditsPerMonth)} credits per month</li>
                <li>{formatCount(details.commentsCovered)} comments covered</li>
                {p.perks.map((perk) => (
                  <li key={perk}>{perk}</li>
                ))}
              </ul>
              <button
                type="button"
                className={manage ? 'btn btn-ghost' : 'btn btn-primary'}
                disabled={off || busy !== null}
                onClick={() =>
                  void (manage
                    ? go('manage', () => api.portalSession())
                    : go(p.id, () => api.checkoutSession({ body: { plan: p.id } })))
                }
              >
                {buttonText}
              </button>
            </section>
          );
        })}
      </div>
      <FormError message={error} testId="plans-error" className="plans-error" />
      <div className="plans-links">
        <p className="muted small plans-note">
          {off
            ? 'Purchases are turned off on this server.'
            : payments === 'demo'
              ? 'Demo payments: checkout opens in a new tab and no card is charged.'
              : 'Checkout opens in a new tab. Plans renew monthly until you cancel.'}
        </p>
        {onShowHistory ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={onShowHistory}
            aria-haspopup="dialog"
          >
            Credit history
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}
