import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type {
  CreditsPaidEvent,
  PlanInvoicePaidEvent,
  SubscriptionChangedEvent,
} from '../../providers/stripe/payment-gateway.port';
import { describeEachDatabase } from '../../test/databases';
import { createTestContainer } from '../../test/test-app';
import { applyPaymentEvent } from './apply-payment-event';
import { billingDepsFrom, type BillingDeps } from './billing-deps';

const at = new Date('2026-12-01T10:00:00Z');
const periodEnd = new Date('2027-01-01T10:00:00Z');

let n = 0;
const id = (prefix: string) => `${prefix}_${Date.now().toString(36)}${++n}`;

function creditsPaid(userId: string, over: Partial<CreditsPaidEvent> = {}): CreditsPaidEvent {
  return {
    type: 'credits_paid',
    eventId: id('evt'),
    providerType: 'checkout.session.completed',
    occurredAt: at,
    checkoutId: id('cs_test'),
    userId,
    customerId: null,
    packs: 3,
    creditsPerPack: 100,
    paymentIntentId: null,
    ...over,
  };
}

function invoicePaid(
  userId: string,
  over: Partial<PlanInvoicePaidEvent> = {},
): PlanInvoicePaidEvent {
  return {
    type: 'plan_invoice_paid',
    eventId: id('evt'),
    providerType: 'invoice.paid',
    occurredAt: at,
    invoiceId: id('in'),
    reason: 'subscription_create',
    userId,
    customerId: null,
    subscriptionId: null,
    plan: 'pro',
    paymentIntentId: null,
    chargeId: null,
    ...over,
  };
}

function subscriptionChanged(
  userId: string | null,
  over: Partial<SubscriptionChangedEvent> = {},
): SubscriptionChangedEvent {
  return {
    type: 'subscription_changed',
    eventId: id('evt'),
    providerType: 'customer.subscription.updated',
    occurredAt: at,
    subscriptionId: 'sub_1',
    userId,
    customerId: null,
    plan: 'pro',
    status: 'active',
    currentPeriodEnd: periodEnd,
    cancelAtPeriodEnd: false,
    ...over,
  };
}

describeEachDatabase('payment fulfilment', (t) => {
  let deps: BillingDeps;
  let repos: BillingDeps['repos'];

  beforeAll(() => {
    const container = createTestContainer({ database: t.database });
    container.clock.set(at);
    deps = billingDepsFrom(container);
    repos = container.repos;
  });

  async function newUser(): Promise<string> {
    const user = await repos.users.create({
      email: `pay-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    return user!.id;
  }
  const balance = (userId: string) => repos.ledger.getBalance(userId);

  it('a paid credit-pack checkout adds packs x credits once, keyed by the checkout', async () => {
    const userId = await newUser();
    const event = creditsPaid(userId, { packs: 3, creditsPerPack: 100 });
    const first = await applyPaymentEvent(deps, 'stripe', event);
    expect(first).toMatchObject({ duplicate: false, credits: 300, userId });
    expect(await balance(userId)).toBe(300);

    // Stripe delivers the same event again.
    const again = await applyPaymentEvent(deps, 'stripe', event);
    expect(again).toMatchObject({ duplicate: true, credits: 0 });
    // Another event about the same checkout (async_payment_succeeded after completed).
    const sibling = await applyPaymentEvent(deps, 'stripe', {
      ...event,
      eventId: id('evt'),
      providerType: 'checkout.session.async_payment_succeeded',
    });
    expect(sibling).toMatchObject({
      duplicate: false,
      credits: 0,
      outcome: 'already granted for this checkout',
    });
    expect(await balance(userId)).toBe(300);

    const entries = await repos.ledger.listForUser(userId);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      kind: 'purchase',
      delta: 300,
      idempotencyKey: `stripe:checkout:${event.checkoutId}`,
    });
    expect(await repos.paymentEvents.find(event.eventId)).toMatchObject({
      provider: 'stripe',
      type: 'checkout.session.completed',
      userId,
      outcome: 'granted 300 credits',
    });
  });

  it('two concurrent deliveries of one event grant once', async () => {
    const userId = await newUser();
    const event = creditsPaid(userId, { packs: 2 });
    const results = await Promise.all([
      applyPaymentEvent(deps, 'stripe', event),
      applyPaymentEvent(deps, 'stripe', event),
      applyPaymentEvent(deps, 'stripe', { ...event }),
    ]);
    expect(results.filter((r) => !r.duplicate)).toHaveLength(1);
    expect(results.reduce((sum, r) => sum + r.credits, 0)).toBe(200);
    expect(await balance(userId)).toBe(200);

    // Two different events of one checkout at the same moment: still one grant.
    const other = creditsPaid(userId, { packs: 1 });
    await Promise.all([
      applyPaymentEvent(deps, 'stripe', other),
      applyPaymentEvent(deps, 'stripe', { ...other, eventId: id('evt') }),
    ]);
    expect(await balance(userId)).toBe(300);
  });

  it('paid plan invoices add the monthly credits per invoice: first month and each renewal', async () => {
    const userId = await newUser();
    const first = invoicePaid(userId, { plan: 'basic', reason: 'subscription_create' });
    await applyPaymentEvent(deps, 'stripe', first);
    expect(await balance(userId)).toBe(500);
    await applyPaymentEvent(deps, 'stripe', { ...first, eventId: id('evt') });
    expect(await balance(userId)).toBe(500);
    await applyPaymentEvent(
      deps,
      'stripe',
      invoicePaid(userId, { plan: 'advanced', reason: 'subscription_cycle' }),
    );
    expect(await balance(userId)).toBe(5500);
    const kinds = (await repos.ledger.listForUser(userId)).map((e) => e.kind);
    expect(kinds).toEqual(['plan_renewal', 'plan_renewal']);

    // An invoice that names no plan takes it from the stored subscription.
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, { subscriptionId: `sub_${userId}`, plan: 'pro' }),
    );
    const unnamed = await applyPaymentEvent(
      deps,
      'stripe',
      invoicePaid(userId, {
        plan: null,
        subscriptionId: `sub_${userId}`,
        reason: 'subscription_cycle',
      }),
    );
    expect(unnamed).toMatchObject({ credits: 1500 });
    const unknown = await applyPaymentEvent(deps, 'stripe', invoicePaid(userId, { plan: null }));
    expect(unknown).toMatchObject({ credits: 0, outcome: 'ignored: unknown plan on the invoice' });
    expect(await balance(userId)).toBe(7000);
  });

  it('subscription events keep one row per user: created, plan change, cancel, deleted', async () => {
    const userId = await newUser();
    const sub = `sub_${randomUUID()}`;
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, {
        subscriptionId: sub,
        plan: 'basic',
        providerType: 'customer.subscription.created',
      }),
    );
    expect(await repos.subscriptions.findActivePlan(userId, at)).toBe('basic');

    // A plan change arrives as an update of the same subscription: the row changes, no credits.
    const later = new Date(at.getTime() + 60_000);
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, { subscriptionId: sub, plan: 'pro', occurredAt: later }),
    );
    expect(await repos.subscriptions.findActivePlan(userId, at)).toBe('pro');
    expect(await balance(userId)).toBe(0);

    // An older event delivered late does not undo it.
    const stale = await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, { subscriptionId: sub, plan: 'basic', occurredAt: at }),
    );
    expect(stale.outcome).toBe('ignored: older than the stored state');
    expect(await repos.subscriptions.findActivePlan(userId, at)).toBe('pro');

    const cancelAt = new Date(later.getTime() + 60_000);
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, {
        subscriptionId: sub,
        plan: 'pro',
        cancelAtPeriodEnd: true,
        occurredAt: cancelAt,
      }),
    );
    expect(await repos.subscriptions.findByUserId(userId)).toMatchObject({
      plan: 'pro',
      status: 'active',
      cancelAtPeriodEnd: true,
      currentPeriodEnd: periodEnd,
      provider: 'stripe',
      providerSubscriptionId: sub,
    });
    // Still Pro until the period ends (priority processing keeps working).
    expect(await repos.subscriptions.findActivePlan(userId, at)).toBe('pro');

    const endedAt = new Date(cancelAt.getTime() + 60_000);
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, {
        subscriptionId: sub,
        plan: null,
        status: 'canceled',
        occurredAt: endedAt,
        providerType: 'customer.subscription.deleted',
      }),
    );
    expect(await repos.subscriptions.findActivePlan(userId, at)).toBeNull();
    expect(await repos.subscriptions.findByUserId(userId)).toMatchObject({
      plan: 'pro',
      status: 'canceled',
    });
  });

  it('the end of an older subscription never overwrites a newer live one', async () => {
    const userId = await newUser();
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, { subscriptionId: 'sub_old_' + userId, plan: 'basic' }),
    );
    await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, {
        subscriptionId: 'sub_new_' + userId,
        plan: 'advanced',
        occurredAt: new Date(at.getTime() + 1000),
      }),
    );
    const ended = await applyPaymentEvent(
      deps,
      'stripe',
      subscriptionChanged(userId, {
        subscriptionId: 'sub_old_' + userId,
        plan: 'basic',
        status: 'canceled',
        occurredAt: new Date(at.getTime() + 2000),
      }),
    );
    expect(ended.outcome).toMatch(/older subscription ended/);
    expect(await repos.subscriptions.findByUserId(userId)).toMatchObject({
      plan: 'advanced',
      status: 'active',
      providerSubscriptionId: 'sub_new_' + userId,
    });
  });

  it('finds the account by the provider customer, and records events for unknown ones without failing', async () => {
    const userId = await newUser();
    await repos.paymentCustomers.save(userId, 'stripe', `cus_${userId}`);
    const byCustomer = await applyPaymentEvent(
      deps,
      'stripe',
      creditsPaid('not-a-uuid', { customerId: `cus_${userId}`, packs: 1 }),
    );
    expect(byCustomer).toMatchObject({ userId, credits: 100 });

    const stranger = creditsPaid(randomUUID(), { customerId: 'cus_nobody' });
    const unknown = await applyPaymentEvent(deps, 'stripe', stranger);
    expect(unknown).toMatchObject({
      duplicate: false,
      credits: 0,
      outcome: 'ignored: unknown account',
    });
    expect(await repos.paymentEvents.find(stranger.eventId)).toMatchObject({
      outcome: 'ignored: unknown account',
    });

    const ignored = await applyPaymentEvent(deps, 'stripe', {
      type: 'ignored',
      eventId: id('evt'),
      providerType: 'charge.refunded',
      occurredAt: at,
      reason: 'charge.refunded is not used',
    });
    expect(ignored).toMatchObject({
      duplicate: false,
      outcome: 'ignored: charge.refunded is not used',
    });
  });
});
