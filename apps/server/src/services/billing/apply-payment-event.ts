import { PLAN_CATALOGUE, type Plan } from '@app/contracts';
import type {
  CreditsPaidEvent,
  PaymentEvent,
  PlanInvoicePaidEvent,
  PaymentProvider,
  SubscriptionChangedEvent,
} from '../../providers/stripe/payment-gateway.port';
import type { Repositories } from '../../repositories';
import type { PaymentIds } from '../../repositories/payment-grant.repository';
import { isLiveStatus, type BillingDeps } from './billing-deps';
import { reversePayment } from './reverse-payment';

export interface PaymentEventResult {
  /** True when this event id was handled before: nothing was done this time. */
  duplicate: boolean;
  /** What was done, for the log and the payment_events row. */
  outcome: string;
  userId: string | null;
  /** Credits added by this event (0 when none; negative when a refund or dispute took some back). */
  credits: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ledger idempotency keys: one grant per checkout session and per invoice, whatever the events. */
export const purchaseKey = (provider: PaymentProvider, checkoutId: string) =>
  `${provider}:checkout:${checkoutId}`;
export const renewalKey = (provider: PaymentProvider, invoiceId: string) =>
  `${provider}:invoice:${invoiceId}`;

/**
 * Fulfilment: applies one verified payment event, once. In one transaction it records the event id
 * (a repeated or concurrent delivery of the same event finds it and does nothing), then:
 * a paid credit-pack checkout adds packs x credits-per-pack as a `purchase` (key per session); a
 * paid first or renewal invoice adds the plan's monthly credits as a `plan_renewal` (key per
 * invoice); a subscription change updates the user's subscription row (an event older than the
 * stored state is not applied, and the end of an older subscription never overwrites a newer live
 * one); a refund or dispute takes back what its payment bought and a dispute won gives it back
 * (reverse-payment.ts). Events for unknown accounts, plans or payments are recorded and ignored.
 * Credits come only from here.
 */
export async function applyPaymentEvent(
  deps: Pick<BillingDeps, 'transaction' | 'clock' | 'logger'>,
  provider: PaymentProvider,
  event: PaymentEvent,
): Promise<PaymentEventResult> {
  const result = await deps.transaction(async (repos) => {
    const fresh = await repos.paymentEvents.claim(
      { eventId: event.eventId, provider, type: event.providerType },
      deps.clock.now(),
    );
    if (!fresh) {
      return { duplicate: true, outcome: 'duplicate', userId: null, credits: 0 };
    }
    const handled = await handle(repos, provider, event, deps.clock.now());
    await repos.paymentEvents.finish(event.eventId, handled);
    return { duplicate: false, ...handled };
  });
  const log = { eventId: event.eventId, type: event.providerType, ...result };
  // Someone may have paid for nothing (unknown account or plan), or twice: an operator must look.
  // A refund or dispute of a payment we cannot place may have left credits that were paid back.
  if (/^ignored: unknown|two are billed/.test(result.outcome)) {
    deps.logger.warn(log, 'payment event needs attention');
  } else {
    deps.logger.info(log, 'payment event');
  }
  return result;
}

type Handled = Omit<PaymentEventResult, 'duplicate'>;

async function handle(
  repos: Repositories,
  provider: PaymentProvider,
  event: PaymentEvent,
  now: Date,
): Promise<Handled> {
  if (event.type === 'ignored')
    return { outcome: `ignored: ${event.reason}`, userId: null, credits: 0 };
  // The payment's own grant says whose credits these are, not the event.
  if (event.type === 'payment_refunded' || event.type === 'payment_disputed')
    return reversePayment(repos, provider, event);
  const userId = await resolveUser(repos, provider, event);
  if (!userId) return { outcome: 'ignored: unknown account', userId: null, credits: 0 };
  switch (event.type) {
    case 'credits_paid':
      return grantPurchase(repos, provider, event, userId);
    case 'plan_invoice_paid':
      return grantRenewal(repos, provider, event, userId);
    case 'subscription_changed':
      return updateSubscription(repos, provider, event, userId, now);
  }
}

/**
 * The account an event is for, locked for the rest of the transaction (so one account's events
 * apply one at a time): our user id from the provider object's metadata, else the owner of the
 * provider's customer.
 */
async function resolveUser(
  repos: Repositories,
  provider: PaymentProvider,
  event: CreditsPaidEvent | PlanInvoicePaidEvent | SubscriptionChangedEvent,
): Promise<string | null> {
  if (event.userId && UUID.test(event.userId) && (await repos.users.lockById(event.userId))) {
    return event.userId;
  }
  if (!event.customerId) return null;
  const owner = await repos.paymentCustomers.findUserId(provider, event.customerId);
  return owner && (await repos.users.lockById(owner)) ? owner : null;
}

async function grantPurchase(
  repos: Repositories,
  provider: PaymentProvider,
  event: CreditsPaidEvent,
  userId: string,
): Promise<Handled> {
  const credits = event.packs * event.creditsPerPack;
  if (!Number.isInteger(credits) || credits <= 0) {
    return { outcome: `ignored: ${event.packs} packs bought`, userId, credits: 0 };
  }
  const { replayed, entry } = await repos.ledger.append({
    userId,
    delta: credits,
    kind: 'purchase',
    idempotencyKey: purchaseKey(provider, event.checkoutId),
    note: `${event.packs} credit pack${event.packs === 1 ? '' : 's'} of ${event.creditsPerPack} (checkout ${event.checkoutId})`,
  });
  await linkGrant(repos, provider, entry, {
    paymentIntentId: event.paymentIntentId,
    chargeId: null,
    checkoutId: event.checkoutId,
    invoiceId: null,
  });
  return replayed
    ? { outcome: 'already granted for this checkout', userId, credits: 0 }
    : { outcome: `granted ${credits} credits`, userId, credits };
}

async function grantRenewal(
  repos: Repositories,
  provider: PaymentProvider,
  event: PlanInvoicePaidEvent,
  userId: string,
): Promise<Handled> {
  let plan: Plan | null = event.plan;
  if (!plan && event.subscriptionId) {
    plan =
      (await repos.subscriptions.findByProviderSubscriptionId(event.subscriptionId))?.plan ?? null;
  }
  if (!plan) return { outcome: 'ignored: unknown plan on the invoice', userId, credits: 0 };
  const credits = PLAN_CATALOGUE[plan].creditsPerMonth;
  const { replayed, entry } = await repos.ledger.append({
    userId,
    delta: credits,
    kind: 'plan_renewal',
    idempotencyKey: renewalKey(provider, event.invoiceId),
    note: `${plan} plan, ${event.reason === 'subscription_create' ? 'first month' : 'renewal'} (invoice ${event.invoiceId})`,
  });
  await linkGrant(repos, provider, entry, {
    paymentIntentId: event.paymentIntentId,
    chargeId: event.chargeId,
    checkoutId: null,
    invoiceId: event.invoiceId,
  });
  return replayed
    ? { outcome: 'already granted for this invoice', userId, credits: 0 }
    : { outcome: `granted ${credits} credits (${plan})`, userId, credits };
}

async function updateSubscription(
  repos: Repositories,
  provider: PaymentProvider,
  event: SubscriptionChangedEvent,
  userId: string,
  now: Date,
): Promise<Handled> {
  const row = await repos.subscriptions.findByUserId(userId);
  const sameSubscription = row?.providerSubscriptionId === event.subscriptionId;
  if (row && !sameSubscription && row.providerSubscriptionId && isLiveStatus(row.status)) {
    // The user's row holds another subscription that is still billed.
    if (!isLiveStatus(event.status)) {
      return {
        outcome: 'ignored: an older subscription ended; the current one stays',
        userId,
        credits: 0,
      };
    }
    // Two billed subscriptions (e.g. two checkouts completed in two tabs): the newer one is
    // shown; the outcome names both so the duplicate can be refunded.
  }
  if (row && sameSubscription && row.lastEventAt && row.lastEventAt > event.occurredAt) {
    return { outcome: 'ignored: older than the stored state', userId, credits: 0 };
  }
  const plan = event.plan ?? (sameSubscription ? row.plan : null);
  if (!plan) return { outcome: 'ignored: unknown plan on the subscription', userId, credits: 0 };
  await repos.subscriptions.upsert(
    {
      userId,
      plan,
      status: event.status,
      currentPeriodEnd: event.currentPeriodEnd,
      provider,
      providerSubscriptionId: event.subscriptionId,
      cancelAtPeriodEnd: event.cancelAtPeriodEnd,
      lastEventAt: event.occurredAt,
    },
    now,
  );
  const replaced =
    row && !sameSubscription && row.providerSubscriptionId && isLiveStatus(row.status)
      ? ` (replaces live subscription ${row.providerSubscriptionId}: two are billed)`
      : '';
  return {
    outcome: `subscription ${event.subscriptionId}: ${plan} ${event.status}${event.cancelAtPeriodEnd ? ', ends at period end' : ''}${replaced}`,
    userId,
    credits: 0,
  };
}

/** Records what the payment with these ids bought (the ledger entry), for a later refund or dispute. */
async function linkGrant(
  repos: Repositories,
  provider: PaymentProvider,
  entry: { idempotencyKey: string; userId: string; delta: number },
  ids: PaymentIds,
): Promise<void> {
  await repos.paymentGrants.record({
    grantKey: entry.idempotencyKey,
    userId: entry.userId,
    provider,
    credits: entry.delta,
    ...ids,
  });
}
