import { afterEach, describe, expect, it } from 'vitest';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutItem,
  type PaymentCatalogue,
} from './payment-gateway.port';
import { StripePaymentGateway } from './stripe-payment-gateway';
import {
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  decodeStripeForm,
  signedDelivery,
  startStripeStub,
  stripeCharge,
  stripeDispute,
  stripeEvent,
  stripeSubscription,
} from './stripe-stub.test-support';

const USER = '6f1c1d0e-8d7b-4a7e-9f56-0d8a1c7b2e11';
const catalogue: PaymentCatalogue = {
  creditPackCredits: 100,
  creditPackPriceCents: 900,
  currency: 'usd',
  planPriceIds: { basic: undefined, pro: undefined, advanced: undefined },
};
const withPrices: PaymentCatalogue = {
  ...catalogue,
  planPriceIds: { basic: 'price_basic', pro: 'price_pro', advanced: 'price_adv' },
};

type Stub = Awaited<ReturnType<typeof startStripeStub>>;
let stub: Stub | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function gatewayOn(
  options: Parameters<typeof startStripeStub>[0] = {},
  extra: Partial<ConstructorParameters<typeof StripePaymentGateway>[0]> = {},
) {
  stub = await startStripeStub(options);
  const gateway = new StripePaymentGateway({
    secretKey: STUB_SECRET_KEY,
    webhookSecret: STUB_WEBHOOK_SECRET,
    apiUrl: stub.url,
    catalogue,
    maxNetworkRetries: 0,
    ...extra,
  });
  return { gateway, stub };
}

/** A checkout of `item` for USER's new customer (coming back to https://chorus.test), and the customer. */
async function checkoutOf(
  gateway: StripePaymentGateway,
  item: Parameters<StripePaymentGateway['createCheckout']>[0]['item'],
) {
  const customerId = await gateway.createCustomer({ userId: USER, email: 'a@example.com' });
  const session = await gateway.createCheckout({
    userId: USER,
    email: 'a@example.com',
    customerId,
    item,
    successUrl: 'https://chorus.test/?checkout=success',
    cancelUrl: 'https://chorus.test/?checkout=cancel',
  });
  return { session, customerId };
}

describe('StripePaymentGateway against a local Stripe', () => {
  it('creates one customer per user with its e-mail, our user id and an idempotency key', async () => {
    const { gateway, stub } = await gatewayOn();
    const id = await gateway.createCustomer({ userId: USER, email: 'ann@example.com' });
    expect(id).toMatch(/^cus_/);
    const [req] = stub.requests;
    expect(req!.method).toBe('POST');
    expect(req!.path).toBe('/v1/customers');
    expect(req!.headers.authorization).toBe(`Bearer ${STUB_SECRET_KEY}`);
    expect(req!.headers['content-type']).toMatch(/application\/x-www-form-urlencoded/);
    expect(req!.headers['stripe-version']).toBeTruthy();
    expect(req!.headers['idempotency-key']).toBe(`chorus-customer-${USER}`);
    expect(req!.form).toEqual({ email: 'ann@example.com', metadata: { user_id: USER } });
  });

  it('sells credit packs in payment mode with an adjustable quantity and says what is bought', async () => {
    const { gateway, stub } = await gatewayOn();
    const { session, customerId } = await checkoutOf(gateway, { kind: 'packs', packs: 3 });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`https://checkout.stripe.com/c/pay/${session.id}`);
    const req = stub.requests[1]!;
    expect(req.path).toBe('/v1/checkout/sessions');
    // The wire format: bracketed keys, arrays by index.
    expect(req.raw).toContain('line_items[0][price_data][unit_amount]=900');
    expect(req.raw).toContain('line_items[0][adjustable_quantity][enabled]=true');
    expect(req.form).toEqual({
      mode: 'payment',
      customer: customerId,
      client_reference_id: USER,
      success_url: 'https://chorus.test/?checkout=success',
      cancel_url: 'https://chorus.test/?checkout=cancel',
      line_items: [
        {
          price_data: {
            currency: 'usd',
            unit_amount: '900',
            product_data: {
              name: '100 Chorus credits',
              description: 'A pack of 100 credits. 1 credit covers 100 comments.',
            },
          },
          quantity: '3',
          adjustable_quantity: { enabled: 'true', minimum: '1', maximum: '100' },
        },
      ],
      metadata: { purchase: 'credit_packs', user_id: USER, credits_per_pack: '100' },
      payment_intent_data: {
        metadata: { purchase: 'credit_packs', user_id: USER, credits_per_pack: '100' },
      },
    });
  });

  it('sells a plan as a monthly subscription: inline $79 price without price ids', async () => {
    const { gateway, stub } = await gatewayOn();
    await checkoutOf(gateway, { kind: 'plan', plan: 'pro' });
    const form = stub.requests[1]!.form;
    expect(form.mode).toBe('subscription');
    expect(form.line_items).toEqual([
      {
        price_data: {
          currency: 'usd',
          unit_amount: '7900',
          recurring: { interval: 'month' },
          product_data: { name: 'Chorus Pro', metadata: { plan: 'pro' } },
        },
        quantity: '1',
      },
    ]);
    expect(form.metadata).toEqual({ purchase: 'plan', user_id: USER, plan: 'pro' });
    expect(form.subscription_data).toEqual({
      metadata: { purchase: 'plan', user_id: USER, plan: 'pro' },
    });
    expect(form.payment_intent_data).toBeUndefined();
  });

  it("expires the customer's other open plan checkouts, not their packs or anyone else's", async () => {
    const { gateway, stub } = await gatewayOn();
    const customerId = await gateway.createCustomer({ userId: USER, email: 'a@example.com' });
    const other = await gateway.createCustomer({ userId: 'someone-else', email: null });
    const open = (customer: string, item: CheckoutItem) =>
      gateway.createCheckout({
        userId: USER,
        email: null,
        customerId: customer,
        item,
        successUrl: 'http://x.test/?checkout=success',
        cancelUrl: 'http://x.test/?checkout=cancel',
      });
    const firstTab = await open(customerId, { kind: 'plan', plan: 'pro' });
    const packs = await open(customerId, { kind: 'packs', packs: 2 });
    const theirs = await open(other, { kind: 'plan', plan: 'basic' });
    const paid = await open(customerId, { kind: 'plan', plan: 'basic' });
    expect(stub.session(firstTab.id)!.status).toBe('expired');
    stub.complete(paid.id);
    // The second tab: the first tab's session is already expired, the paid one cannot be.
    const secondTab = await open(customerId, { kind: 'plan', plan: 'advanced' });
    expect(stub.session(paid.id)!.status).toBe('complete');
    expect(stub.session(secondTab.id)!.status).toBe('open');
    expect(stub.session(packs.id)!.status).toBe('open');
    expect(stub.session(theirs.id)!.status).toBe('open');
    const listed = stub.requests.filter(
      (r) => r.method === 'GET' && r.path === '/v1/checkout/sessions',
    );
    expect(listed.map((r) => [r.query.get('customer'), r.query.get('status')])).toEqual([
      [customerId, 'open'],
      [other, 'open'],
      [customerId, 'open'],
      [customerId, 'open'],
    ]);
  });

  it('uses the configured price id of a plan', async () => {
    const { gateway, stub } = await gatewayOn({ prices: ['price_adv'] }, { catalogue: withPrices });
    await checkoutOf(gateway, { kind: 'plan', plan: 'advanced' });
    expect(stub.requests[1]!.form.line_items).toEqual([{ price: 'price_adv', quantity: '1' }]);
  });

  it("turns Stripe's error bodies into readable provider errors", async () => {
    const { gateway } = await gatewayOn({ prices: [] }, { catalogue: withPrices });
    const error = await checkoutOf(gateway, { kind: 'plan', plan: 'basic' }).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(PaymentProviderError);
    const providerError = error as PaymentProviderError;
    expect(providerError.status).toBe(400);
    expect(providerError.message).toContain("No such price: 'price_basic'");
    expect(providerError.message).toContain('resource_missing');
    expect(providerError.userMessage).toMatch(/could not start this purchase/);

    const badKey = new StripePaymentGateway({
      secretKey: 'sk_test_wrong',
      webhookSecret: STUB_WEBHOOK_SECRET,
      apiUrl: stub!.url,
      catalogue,
      maxNetworkRetries: 0,
    });
    const authError = (await badKey
      .createCustomer({ userId: USER, email: 'a@example.com' })
      .catch((e: unknown) => e)) as PaymentProviderError;
    expect(authError).toBeInstanceOf(PaymentProviderError);
    expect(authError.status).toBe(401);
    expect(authError.userMessage).toMatch(/not set up correctly/);
    expect(authError.userMessage).not.toContain('sk_test');
  });

  it('retries a 503 with the same idempotency key', async () => {
    const { gateway, stub } = await gatewayOn({ failNext: 1 }, { maxNetworkRetries: 1 });
    await gateway.createCustomer({ userId: USER, email: 'a@example.com' });
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0]!.headers['idempotency-key']).toBe(
      stub.requests[1]!.headers['idempotency-key'],
    );
  });

  it("opens the portal's confirmation of a plan switch, else the portal's home", async () => {
    const { gateway, stub } = await gatewayOn(
      { portalPrices: ['price_pro'] },
      { catalogue: withPrices },
    );
    const customerId = await gateway.createCustomer({ userId: USER, email: 'a@example.com' });
    const subscription = stripeSubscription({
      customer: customerId,
      priceId: 'price_basic',
      periodEnd: 1_900_000_000,
    });
    stub.addSubscription(subscription);
    const subscriptionId = subscription.id as string;
    const itemId = (subscription.items as { data: { id: string }[] }).data[0]!.id;

    const switchPortal = await gateway.createPortal({
      userId: USER,
      customerId,
      returnUrl: 'https://chorus.test/?checkout=portal',
      switchTo: { subscriptionId, plan: 'pro' },
    });
    expect(switchPortal.url).toMatch(/^https:\/\/billing\.stripe\.com\/p\/session\//);
    expect(stub.requests[1]!.method).toBe('GET');
    expect(stub.requests[1]!.path).toBe(`/v1/subscriptions/${subscriptionId}`);
    expect(stub.requests[2]!.form).toEqual({
      customer: customerId,
      return_url: 'https://chorus.test/?checkout=portal',
      flow_data: {
        type: 'subscription_update_confirm',
        subscription_update_confirm: {
          subscription: subscriptionId,
          items: [{ id: itemId, price: 'price_pro', quantity: '1' }],
        },
        after_completion: {
          type: 'redirect',
          redirect: { return_url: 'https://chorus.test/?checkout=portal' },
        },
      },
    });

    // Advanced is not offered by this portal's configuration: its home page opens instead.
    const fallback = await gateway.createPortal({
      userId: USER,
      customerId,
      returnUrl: 'https://chorus.test/?checkout=portal',
      switchTo: { subscriptionId, plan: 'advanced' },
    });
    expect(fallback.url).toMatch(/^https:\/\/billing\.stripe\.com/);
    const last = stub.requests.at(-1)!;
    expect(last.form).toEqual({
      customer: customerId,
      return_url: 'https://chorus.test/?checkout=portal',
    });
  });
});

describe('StripePaymentGateway webhooks', () => {
  const now = new Date('2026-12-01T12:00:00Z');
  const nowSeconds = Math.floor(now.getTime() / 1000);

  async function paidPacksEvent(quantityChosen: number) {
    const { gateway, stub } = await gatewayOn();
    const { session, customerId } = await checkoutOf(gateway, { kind: 'packs', packs: 1 });
    stub.setQuantity(session.id, quantityChosen);
    const event = stripeEvent(
      'checkout.session.completed',
      {
        id: session.id,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        customer: customerId,
        client_reference_id: USER,
        metadata: { purchase: 'credit_packs', user_id: USER, credits_per_pack: '100' },
        amount_total: 900 * quantityChosen,
        payment_intent: `pi_for_${session.id}`,
      },
      nowSeconds - 5,
    );
    return { gateway, stub, event, session, customerId };
  }

  it('verifies a signed delivery and reads the quantity the buyer chose from the line items', async () => {
    const { gateway, stub, event, session, customerId } = await paidPacksEvent(4);
    const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds - 2 });
    const parsed = await gateway.parseWebhook(Buffer.from(payload), signature, now);
    expect(parsed).toEqual({
      type: 'credits_paid',
      eventId: event.id,
      providerType: 'checkout.session.completed',
      occurredAt: new Date((nowSeconds - 5) * 1000),
      checkoutId: session.id,
      userId: USER,
      customerId,
      packs: 4,
      creditsPerPack: 100,
      paymentIntentId: `pi_for_${session.id}`,
    });
    const lineItemsCall = stub.requests.at(-1)!;
    expect(lineItemsCall.method).toBe('GET');
    expect(lineItemsCall.path).toBe(`/v1/checkout/sessions/${session.id}/line_items`);
    expect(lineItemsCall.query.get('limit')).toBe('10');
  });

  it('refuses a wrong, missing, tampered or too old signature', async () => {
    const { gateway, event } = await paidPacksEvent(1);
    const good = signedDelivery(event, { timestamp: nowSeconds });
    const wrongSecret = signedDelivery(event, { secret: 'whsec_other', timestamp: nowSeconds });
    const old = signedDelivery(event, { timestamp: nowSeconds - 301 });
    const attempts: [string, Buffer, string | undefined][] = [
      ['wrong secret', Buffer.from(wrongSecret.payload), wrongSecret.signature],
      ['no header', Buffer.from(good.payload), undefined],
      ['garbage header', Buffer.from(good.payload), 'not-a-signature'],
      ['tampered body', Buffer.from(good.payload.replace('"paid"', '"PAID"')), good.signature],
      ['too old', Buffer.from(old.payload), old.signature],
    ];
    for (const [label, body, header] of attempts) {
      const error = await gateway.parseWebhook(body, header, now).catch((e: unknown) => e);
      expect(error, label).toBeInstanceOf(WebhookSignatureError);
    }
    // The same delivery again (Stripe retries) verifies again: repeats are fulfilment's concern.
    const first = await gateway.parseWebhook(Buffer.from(good.payload), good.signature, now);
    const again = await gateway.parseWebhook(Buffer.from(good.payload), good.signature, now);
    expect(again).toEqual(first);
  });

  it('waits for an async payment to settle and ignores what it does not use', async () => {
    const { gateway } = await gatewayOn();
    const parse = (event: unknown) => {
      const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
      return gateway.parseWebhook(Buffer.from(payload), signature, now);
    };
    const unpaid = await parse(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_unpaid',
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'unpaid',
        metadata: { purchase: 'credit_packs', user_id: USER },
      }),
    );
    expect(unpaid).toMatchObject({ type: 'ignored', reason: expect.stringMatching(/unpaid/) });
    const subscriptionCheckout = await parse(
      stripeEvent('checkout.session.completed', {
        id: 'cs_test_sub',
        object: 'checkout.session',
        mode: 'subscription',
        payment_status: 'paid',
        metadata: { purchase: 'plan', user_id: USER, plan: 'pro' },
      }),
    );
    expect(subscriptionCheckout.type).toBe('ignored');
    const other = await parse(stripeEvent('charge.succeeded', { id: 'ch_1', object: 'charge' }));
    expect(other).toMatchObject({ type: 'ignored', providerType: 'charge.succeeded' });
  });

  it('reads paid plan invoices: the plan from the configured price, the user from the metadata', async () => {
    const { gateway } = await gatewayOn({}, { catalogue: withPrices });
    const invoice = (reason: string, line: Record<string, unknown>) =>
      stripeEvent('invoice.paid', {
        id: `in_${reason}`,
        object: 'invoice',
        billing_reason: reason,
        customer: 'cus_1',
        status: 'paid',
        amount_paid: 7900,
        parent: {
          type: 'subscription_details',
          quote_details: null,
          subscription_details: {
            subscription: 'sub_1',
            metadata: { user_id: USER, plan: 'basic' },
          },
        },
        lines: { object: 'list', data: [line], has_more: false },
      });
    const parse = (event: unknown) => {
      const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
      return gateway.parseWebhook(Buffer.from(payload), signature, now);
    };
    const cycle = await parse(
      invoice('subscription_cycle', {
        id: 'il_1',
        object: 'line_item',
        pricing: { type: 'price_details', price_details: { price: 'price_pro', product: 'prod' } },
      }),
    );
    // The price says Pro (the plan was switched after the subscription's metadata was written).
    expect(cycle).toMatchObject({
      type: 'plan_invoice_paid',
      invoiceId: 'in_subscription_cycle',
      reason: 'subscription_cycle',
      userId: USER,
      customerId: 'cus_1',
      subscriptionId: 'sub_1',
      plan: 'pro',
    });
    // An inline price: the subscription's metadata names the plan.
    const inline = await parse(
      invoice('subscription_create', {
        id: 'il_2',
        object: 'line_item',
        pricing: { type: 'price_details', price_details: { price: 'price_x', product: 'prod' } },
      }),
    );
    expect(inline).toMatchObject({ reason: 'subscription_create', plan: 'basic' });
    const proration = await parse(invoice('subscription_update', { id: 'il_3' }));
    expect(proration).toMatchObject({ type: 'ignored' });
  });

  it('reads charge.refunded: cumulative amounts, the PaymentIntent, and the invoice it paid', async () => {
    const { gateway, stub } = await gatewayOn();
    const parse = (event: unknown) => {
      const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
      return gateway.parseWebhook(Buffer.from(payload), signature, now);
    };
    // A credit pack's charge: Stripe has no invoice for its PaymentIntent.
    const packCharge = stripeCharge({
      id: 'ch_pack',
      amount: 2700,
      amountRefunded: 900,
      paymentIntent: 'pi_pack',
      customer: 'cus_1',
    });
    const event = stripeEvent('charge.refunded', packCharge, nowSeconds - 3);
    expect(await parse(event)).toEqual({
      type: 'payment_refunded',
      eventId: event.id,
      providerType: 'charge.refunded',
      occurredAt: new Date((nowSeconds - 3) * 1000),
      chargeId: 'ch_pack',
      payment: {
        chargeId: 'ch_pack',
        paymentIntentId: 'pi_pack',
        checkoutId: null,
        invoiceId: null,
      },
      amount: 2700,
      amountRefunded: 900,
      currency: 'usd',
    });
    const lookup = stub.requests.at(-1)!;
    expect(lookup.method).toBe('GET');
    expect(lookup.path).toBe('/v1/invoice_payments');
    expect(lookup.query.get('payment[type]')).toBe('payment_intent');
    expect(lookup.query.get('payment[payment_intent]')).toBe('pi_pack');

    // A plan invoice's charge: the invoice is found through Stripe's invoice payments.
    stub.addInvoicePayment('in_plan', 'pi_plan', 7900);
    const planCharge = stripeCharge({
      amount: 7900,
      amountRefunded: 7900,
      paymentIntent: 'pi_plan',
    });
    expect(await parse(stripeEvent('charge.refunded', planCharge))).toMatchObject({
      type: 'payment_refunded',
      payment: { paymentIntentId: 'pi_plan', invoiceId: 'in_plan' },
      amount: 7900,
      amountRefunded: 7900,
    });

    // Older API versions name the invoice on the charge: no lookup.
    const before = stub.requests.length;
    const legacy = {
      ...stripeCharge({ amount: 900, amountRefunded: 450, paymentIntent: 'pi_old' }),
      invoice: 'in_old',
    };
    expect(await parse(stripeEvent('charge.refunded', legacy))).toMatchObject({
      payment: { paymentIntentId: 'pi_old', invoiceId: 'in_old' },
    });
    expect(stub.requests.length).toBe(before);

    // Stripe unreachable: a provider error, so the webhook answers 5xx and Stripe retries.
    stub.failNext(1);
    const failed = await parse(stripeEvent('charge.refunded', planCharge)).catch((e: unknown) => e);
    expect(failed).toBeInstanceOf(PaymentProviderError);
  });

  it('reads disputes: opened and lost withdraw, won reinstates, inquiries and other closings are ignored', async () => {
    const { gateway, stub } = await gatewayOn();
    stub.addInvoicePayment('in_disputed', 'pi_disputed', 7900);
    const parse = (event: unknown) => {
      const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
      return gateway.parseWebhook(Buffer.from(payload), signature, now);
    };
    const dispute = (status: string) =>
      stripeDispute({
        id: 'dp_1',
        charge: 'ch_disputed',
        paymentIntent: 'pi_disputed',
        amount: 7900,
        status,
      });
    const created = stripeEvent('charge.dispute.created', dispute('needs_response'));
    expect(await parse(created)).toEqual({
      type: 'payment_disputed',
      eventId: created.id,
      providerType: 'charge.dispute.created',
      occurredAt: new Date(created.created * 1000),
      disputeId: 'dp_1',
      payment: {
        chargeId: 'ch_disputed',
        paymentIntentId: 'pi_disputed',
        checkoutId: null,
        invoiceId: 'in_disputed',
      },
      funds: 'withdrawn',
      status: 'needs_response',
    });
    const cases: [string, string, Record<string, unknown>][] = [
      ['charge.dispute.funds_withdrawn', 'under_review', { funds: 'withdrawn' }],
      ['charge.dispute.closed', 'won', { funds: 'reinstated', status: 'won' }],
      ['charge.dispute.closed', 'lost', { funds: 'withdrawn', status: 'lost' }],
      ['charge.dispute.funds_reinstated', 'won', { funds: 'reinstated' }],
      ['charge.dispute.created', 'warning_needs_response', { type: 'ignored' }],
      ['charge.dispute.closed', 'warning_closed', { type: 'ignored' }],
      ['charge.dispute.closed', 'prevented', { type: 'ignored' }],
      ['charge.dispute.updated', 'under_review', { type: 'ignored' }],
    ];
    for (const [type, status, expected] of cases) {
      expect(await parse(stripeEvent(type, dispute(status))), `${type} ${status}`).toMatchObject(
        expected,
      );
    }
  });

  it('reads the payment of a paid invoice in the shape of older API versions', async () => {
    const { gateway } = await gatewayOn();
    const event = stripeEvent('invoice.paid', {
      id: 'in_legacy',
      object: 'invoice',
      billing_reason: 'subscription_cycle',
      customer: 'cus_1',
      status: 'paid',
      subscription: 'sub_1',
      subscription_details: { metadata: { user_id: USER, plan: 'pro' } },
      payment_intent: 'pi_legacy',
      charge: 'ch_legacy',
      lines: { object: 'list', data: [], has_more: false },
    });
    const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
    expect(await gateway.parseWebhook(Buffer.from(payload), signature, now)).toMatchObject({
      type: 'plan_invoice_paid',
      invoiceId: 'in_legacy',
      plan: 'pro',
      paymentIntentId: 'pi_legacy',
      chargeId: 'ch_legacy',
    });
  });

  it('reads subscription states, also in the shape of older API versions', async () => {
    const { gateway } = await gatewayOn({}, { catalogue: withPrices });
    const parse = (event: unknown) => {
      const { payload, signature } = signedDelivery(event, { timestamp: nowSeconds });
      return gateway.parseWebhook(Buffer.from(payload), signature, now);
    };
    const current = stripeSubscription({
      id: 'sub_9',
      customer: 'cus_9',
      priceId: 'price_adv',
      periodEnd: 1_900_000_000,
      metadata: { user_id: USER, plan: 'basic' },
      cancelAtPeriodEnd: true,
    });
    expect(await parse(stripeEvent('customer.subscription.updated', current))).toMatchObject({
      type: 'subscription_changed',
      subscriptionId: 'sub_9',
      userId: USER,
      customerId: 'cus_9',
      plan: 'advanced',
      status: 'active',
      currentPeriodEnd: new Date(1_900_000_000 * 1000),
      cancelAtPeriodEnd: true,
    });
    expect(await parse(stripeEvent('customer.subscription.deleted', current))).toMatchObject({
      status: 'canceled',
      cancelAtPeriodEnd: false,
    });
    const legacy = {
      id: 'sub_old',
      object: 'subscription',
      customer: 'cus_9',
      status: 'unpaid',
      current_period_end: 1_800_000_000,
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { user_id: USER, plan: 'pro' },
      items: {
        object: 'list',
        data: [{ id: 'si_old', object: 'subscription_item', price: 'price_unknown' }],
      },
    };
    expect(await parse(stripeEvent('customer.subscription.created', legacy))).toMatchObject({
      plan: 'pro',
      status: 'past_due',
      currentPeriodEnd: new Date(1_800_000_000 * 1000),
    });
  });
});

describe('decodeStripeForm', () => {
  it('nests bracketed keys and makes arrays of indexed ones', () => {
    expect(decodeStripeForm('a=1&b[c]=2&d[0][e]=3&d[1][e]=4&f[0]=x')).toEqual({
      a: '1',
      b: { c: '2' },
      d: [{ e: '3' }, { e: '4' }],
      f: ['x'],
    });
  });
});
