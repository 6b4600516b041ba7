import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  startStripeStub,
  stripeSubscription,
} from '../../providers/stripe/stripe-stub.test-support';
import { describeEachDatabase } from '../../test/databases';
import { createTestContainer } from '../../test/test-app';
import { applyPaymentEvent } from './apply-payment-event';
import { billingDepsFrom, type BillingDeps } from './billing-deps';
import { getBilling } from './get-billing';
import { openBillingPortal } from './open-billing-portal';
import { startCheckout } from './start-checkout';

const ORIGIN = 'http://127.0.0.1:3000';

describeEachDatabase('starting a checkout on Stripe', (t) => {
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let deps: BillingDeps;

  beforeAll(async () => {
    stub = await startStripeStub({
      prices: ['price_basic', 'price_pro', 'price_adv'],
      portalPrices: ['price_pro', 'price_adv'],
    });
    const container = createTestContainer({
      database: t.database,
      env: {
        STRIPE_SECRET_KEY: STUB_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
        STRIPE_API_URL: stub.url,
        STRIPE_PRICE_BASIC: 'price_basic',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_PRICE_ADVANCED: 'price_adv',
        PUBLIC_URL: 'https://chorus.example.com/',
      },
    });
    deps = billingDepsFrom(container);
  });
  afterAll(async () => {
    await stub?.close();
  });

  async function newUser() {
    const email = `buyer-${randomUUID()}@example.com`;
    const user = await deps.repos.users.create({ email, passwordHash: null });
    return { id: user!.id, email };
  }

  it('creates the Stripe customer once and returns to PUBLIC_URL', async () => {
    const user = await newUser();
    const before = stub.requests.length;
    const first = await startCheckout(deps, {
      user,
      item: { kind: 'packs', packs: 2 },
      origin: ORIGIN,
    });
    const second = await startCheckout(deps, {
      user,
      item: { kind: 'plan', plan: 'pro' },
      origin: ORIGIN,
    });
    expect(first.kind).toBe('checkout');
    expect(first.url).toMatch(/^https:\/\/checkout\.stripe\.com\//);
    expect(second.kind).toBe('checkout');
    const calls = stub.requests.slice(before);
    expect(calls.map((r) => `${r.method} ${r.path}`)).toEqual([
      'POST /v1/customers',
      'POST /v1/checkout/sessions',
      'GET /v1/subscriptions',
      'POST /v1/checkout/sessions',
      // A plan checkout expires the customer's other open plan checkouts (none here).
      'GET /v1/checkout/sessions',
    ]);
    const customerId = await deps.repos.paymentCustomers.find(user.id, 'stripe');
    expect(calls[1]!.form).toMatchObject({
      customer: customerId,
      client_reference_id: user.id,
      success_url: 'https://chorus.example.com/?checkout=success',
      cancel_url: 'https://chorus.example.com/?checkout=cancel',
    });
    expect(calls[3]!.form).toMatchObject({
      mode: 'subscription',
      line_items: [{ price: 'price_pro', quantity: '1' }],
    });
  });

  it('a subscriber choosing another plan gets the billing portal, never a second subscription', async () => {
    const user = await newUser();
    await startCheckout(deps, { user, item: { kind: 'packs', packs: 1 }, origin: ORIGIN });
    const customerId = (await deps.repos.paymentCustomers.find(user.id, 'stripe'))!;
    const subscription = stripeSubscription({
      customer: customerId,
      priceId: 'price_basic',
      periodEnd: 1_900_000_000,
    });
    stub.addSubscription(subscription);
    await applyPaymentEvent(deps, 'stripe', {
      type: 'subscription_changed',
      eventId: `evt_${randomUUID()}`,
      providerType: 'customer.subscription.created',
      occurredAt: new Date(),
      subscriptionId: subscription.id as string,
      userId: user.id,
      customerId,
      plan: 'basic',
      status: 'active',
      currentPeriodEnd: new Date(1_900_000_000 * 1000),
      cancelAtPeriodEnd: false,
    });

    const before = stub.requests.length;
    const change = await startCheckout(deps, {
      user,
      item: { kind: 'plan', plan: 'pro' },
      origin: ORIGIN,
    });
    expect(change.kind).toBe('portal');
    expect(change.url).toMatch(/^https:\/\/billing\.stripe\.com\//);
    const calls = stub.requests.slice(before);
    expect(calls.some((r) => r.path === '/v1/checkout/sessions')).toBe(false);
    const portal = calls.find((r) => r.path === '/v1/billing_portal/sessions')!;
    expect(portal.form).toMatchObject({
      customer: customerId,
      return_url: 'https://chorus.example.com/?checkout=portal',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscription.id,
          items: [{ price: 'price_pro' }],
        },
      },
    });

    // Their own plan: the portal's home (manage, card, cancel).
    const same = await startCheckout(deps, {
      user,
      item: { kind: 'plan', plan: 'basic' },
      origin: ORIGIN,
    });
    expect(same.kind).toBe('portal');
    expect(stub.requests.at(-1)!.form).toEqual({
      customer: customerId,
      return_url: 'https://chorus.example.com/?checkout=portal',
    });
    // Credit packs are always a checkout.
    expect(
      (await startCheckout(deps, { user, item: { kind: 'packs', packs: 5 }, origin: ORIGIN })).kind,
    ).toBe('checkout');

    const manage = await openBillingPortal(deps, { userId: user.id, origin: ORIGIN });
    expect(manage.kind).toBe('portal');
    const billing = await getBilling(deps, { userId: user.id });
    expect(billing).toMatchObject({
      payments: 'stripe',
      plan: 'basic',
      subscription: {
        plan: 'basic',
        status: 'active',
        cancel_at_period_end: false,
        manageable: true,
      },
      credit_pack: { credits: 100, price_cents: 900, currency: 'usd' },
    });
  });

  it('a subscription Stripe bills but whose webhook has not arrived yet is not bought twice', async () => {
    const user = await newUser();
    await startCheckout(deps, { user, item: { kind: 'packs', packs: 1 }, origin: ORIGIN });
    const customerId = (await deps.repos.paymentCustomers.find(user.id, 'stripe'))!;
    const before = stub.requests.length;
    expect(
      (await startCheckout(deps, { user, item: { kind: 'plan', plan: 'pro' }, origin: ORIGIN }))
        .kind,
    ).toBe('checkout');
    const listed = stub.requests.slice(before).find((r) => r.path === '/v1/subscriptions')!;
    expect(listed.method).toBe('GET');
    expect(listed.query.get('customer')).toBe(customerId);
    expect(listed.query.get('status')).toBe('all');

    // The buyer paid for Pro; the webhook is still on its way when they click Advanced.
    stub.addSubscription(
      stripeSubscription({ customer: customerId, priceId: 'price_pro', periodEnd: 1_900_000_000 }),
    );
    const again = await startCheckout(deps, {
      user,
      item: { kind: 'plan', plan: 'advanced' },
      origin: ORIGIN,
    });
    expect(again.kind).toBe('portal');
    expect(stub.requests.at(-1)!.form).toMatchObject({
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: { items: [{ price: 'price_adv' }] },
      },
    });
  });

  it('someone without a plan has nothing to manage (409); a provider failure is a readable 502', async () => {
    const user = await newUser();
    await expect(
      openBillingPortal(deps, { userId: user.id, origin: ORIGIN }),
    ).rejects.toMatchObject({
      statusCode: 409,
      code: 'no_subscription',
    });
    // A customer id Stripe does not know (deleted in the dashboard): Stripe answers 400.
    await deps.repos.paymentCustomers.save(user.id, 'stripe', 'cus_deleted_in_dashboard');
    await expect(
      startCheckout(deps, { user, item: { kind: 'packs', packs: 1 }, origin: ORIGIN }),
    ).rejects.toMatchObject({
      statusCode: 502,
      code: 'payment_provider_error',
      message: expect.stringMatching(/payment provider could not start this purchase/) as string,
    });
  });
});

describeEachDatabase('starting a checkout with payments off', (t) => {
  it('answers 403 with a message a person can act on', async () => {
    const container = createTestContainer({
      database: t.database,
      env: { PAYMENTS_PROVIDER: 'off' },
    });
    const deps = billingDepsFrom(container);
    const user = await deps.repos.users.create({
      email: `off-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    await expect(
      startCheckout(deps, {
        user: { id: user!.id, email: user!.email },
        item: { kind: 'packs', packs: 1 },
        origin: ORIGIN,
      }),
    ).rejects.toMatchObject({
      statusCode: 403,
      code: 'payments_disabled',
      message: expect.stringMatching(/turned off/) as string,
    });
    expect((await getBilling(deps, { userId: user!.id })).payments).toBe('off');
  });
});
