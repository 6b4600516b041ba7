import type { BillingReply, MeReply, RedirectUrlReply } from '@app/contracts';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/config';
import { createContainer } from '../../../container';
import { createLogger } from '../../../logger';
import {
  STUB_SECRET_KEY,
  STUB_WEBHOOK_SECRET,
  signedDelivery,
  startStripeStub,
  stripeCharge,
  stripeDispute,
  stripeEvent,
  stripeSubscription,
} from '../../../providers/stripe/stripe-stub.test-support';
import { describeEachDatabase } from '../../../test/databases';
import {
  bearer,
  buildTestApp,
  fastTestHasher,
  signUpTestUser,
  type TestApp,
} from '../../../test/test-app';
import { buildServer } from '../../build-server';

/** The path and query of an absolute Location header (inject() speaks to localhost:80). */
function pathOf(location: string | string[] | number | undefined): string {
  const url = new URL(String(location), 'http://localhost');
  return `${url.pathname}${url.search}`;
}

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** POST /stripe/checkout-session as the session's account (a checkout or the billing portal). */
function startCheckout(
  app: TestApp['app'],
  token: string,
  payload: object,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/v1/stripe/checkout-session',
    headers: { ...bearer(token), ...headers },
    payload,
  });
}

/**
 * Makes `app.inject` keep the demo pages' cookie like the browser that opened the checkout: the
 * newest one a reply set is sent with every later request to the demo pages.
 */
function withCheckoutCookie(app: TestApp['app']): void {
  let cookie: string | null = null;
  const inject = app.inject.bind(app) as (opts: InjectOptions) => Promise<LightMyRequestResponse>;
  const wrapped = async (opts: InjectOptions) => {
    const url = typeof opts.url === 'string' ? opts.url : '';
    const send =
      cookie && url.includes('/stripe/demo/') && !(opts.headers && 'cookie' in opts.headers)
        ? { ...opts, headers: { ...opts.headers, cookie } }
        : opts;
    const res = await inject(send);
    const set = res.headers['set-cookie'];
    for (const c of set === undefined ? [] : Array.isArray(set) ? set : [set]) {
      if (c.startsWith('chorus_checkout=')) cookie = c.split(';')[0]!;
    }
    return res;
  };
  (app as unknown as { inject: typeof wrapped }).inject = wrapped;
}

describeEachDatabase('buying with the demo checkout (the default without a Stripe key)', (t) => {
  let test: TestApp;
  beforeAll(async () => {
    test = await buildTestApp({ database: t.database });
    withCheckoutCookie(test.app);
  });
  afterAll(async () => {
    await test?.app.close();
  });

  const me = async (token: string) =>
    (await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json<MeReply>();
  /** Submits a demo page's form (POST of `fields` as application/x-www-form-urlencoded). */
  const submit = (url: string, fields: Record<string, string> = {}) =>
    test.app.inject({ method: 'POST', url, ...form(fields) });
  const billingOf = async (token: string) =>
    (
      await test.app.inject({ url: '/api/v1/stripe/subscription', headers: bearer(token) })
    ).json<BillingReply>();

  it('a missing, unknown or expired token gives a page asking to sign in again, not JSON', async () => {
    for (const url of [
      '/api/v1/stripe/checkout',
      '/api/v1/stripe/checkout?token=not-a-token-we-issued&packs=2',
    ]) {
      const res = await test.app.inject({ url });
      expect(res.statusCode).toBe(401);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Please sign in again');
      expect(res.body).toContain('href="/"');
    }
    const { token } = await signUpTestUser(test.app);
    test.clock.advance({ days: 31 });
    try {
      const expired = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}` });
      expect(expired.statusCode).toBe(401);
      expect(expired.body).toContain('Please sign in again');
    } finally {
      test.clock.advance({ days: -31 });
    }
  });

  it('a bad pack count or plan is a readable 400 page', async () => {
    const { token } = await signUpTestUser(test.app);
    for (const [query, text] of [
      ['packs=0', 'Buy at least one credit pack.'],
      ['packs=1000', 'Buy at most 100 credit packs at once.'],
      ['packs=two', 'packs is the number of credit packs to buy.'],
      ['plan=gold', 'plan is one of basic, pro or advanced.'],
      ['plan=pro&packs=2', 'Choose either credit packs or a plan, not both.'],
    ] as const) {
      const res = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}&${query}` });
      expect(res.statusCode, query).toBe(400);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain(text);
    }
  });

  it('Buy Credits: the demo checkout page, then Pay grants the packs once and returns to the app', async () => {
    const { token } = await signUpTestUser(test.app);
    const start = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}&packs=2` });
    expect(start.statusCode).toBe(303);
    const checkoutPath = pathOf(start.headers.location);
    expect(checkoutPath).toMatch(/^\/api\/v1\/stripe\/demo\/checkout\/cs_demo_[\w-]+\.[\w-]+$/);

    const pageRes = await test.app.inject({ url: checkoutPath });
    expect(pageRes.statusCode).toBe(200);
    expect(pageRes.headers['content-type']).toMatch(/^text\/html/);
    expect(pageRes.headers['content-security-policy']).toContain("script-src 'self'");
    expect(pageRes.body).toContain('Demo checkout: no card is charged');
    expect(pageRes.body).toContain('$18.00');
    expect(pageRes.body).not.toMatch(/<script/i);
    // The buyer changes the quantity (Update total is a GET of the same page).
    const updated = await test.app.inject({ url: `${checkoutPath}?packs=5` });
    expect(updated.body).toContain('$45.00');
    expect(updated.body).toContain('value="5"');
    // a quantity that cannot be sold keeps the page (and the session's own quantity) and says why
    const zero = await test.app.inject({ url: `${checkoutPath}?packs=0` });
    expect(zero.statusCode).toBe(200);
    expect(zero.body).toContain('<p class="error" role="alert">Buy at least one credit pack.</p>');
    expect(zero.body).toContain('$18.00');
    expect(zero.body).toContain('Pay $18.00');

    // Pay after typing another quantity without updating: the new total is shown first.
    const unquoted = await submit(checkoutPath, { packs: '4', quoted: '5' });
    expect(unquoted.statusCode).toBe(303);
    expect(pathOf(unquoted.headers.location)).toBe(`${checkoutPath}?packs=4&changed=1`);
    expect((await me(token)).credits_balance).toBe(3);
    const requoted = await test.app.inject({ url: `${checkoutPath}?packs=4&changed=1` });
    expect(requoted.body).toContain('You changed the number of packs');
    expect(requoted.body).toContain('Pay $36.00');

    const pay = await submit(checkoutPath, { packs: '4', quoted: '4' });
    expect(pay.statusCode).toBe(303);
    expect(pathOf(pay.headers.location)).toBe('/?checkout=success');
    expect((await me(token)).credits_balance).toBe(3 + 400);

    // Pressing Pay again (or the back button) changes nothing: the session is single-use.
    const again = await submit(checkoutPath, { packs: '4' });
    expect(again.statusCode).toBe(303);
    expect((await me(token)).credits_balance).toBe(403);
    const done = await test.app.inject({ url: checkoutPath });
    expect(done.body).toContain('This checkout has been paid');
  });

  it('a demo link opened with a forged Host header sends nobody to that host (no open redirect)', async () => {
    // Someone opens a checkout with Host: evil.example (PUBLIC_URL unset) and passes this app's
    // address of that page on to someone else.
    const { token } = await signUpTestUser(test.app);
    const start = await startCheckout(test.app, token, { packs: 1 }, { host: 'evil.example' });
    expect(start.statusCode, start.body).toBe(200);
    const { url } = start.json<RedirectUrlReply>();
    expect(url).toMatch(/^http:\/\/evil\.example\//);
    const checkoutPath = pathOf(url);

    const page = await test.app.inject({ url: checkoutPath });
    expect(page.statusCode).toBe(200);
    expect(page.body).not.toContain('evil.example');
    expect(page.body).toContain('href="http://localhost/?checkout=cancel"');
    const pay = await submit(checkoutPath);
    expect(pay.statusCode).toBe(303);
    expect(String(pay.headers.location)).toBe('http://localhost/?checkout=success');

    // The app's own sessions keep their addresses.
    const own = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}` });
    const ownPay = await submit(pathOf(own.headers.location));
    expect(String(ownPay.headers.location)).toBe('http://localhost:80/?checkout=success');
  });

  it('a forged or expired demo link is a readable 404 or 410 page', async () => {
    const { token } = await signUpTestUser(test.app);
    const start = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}` });
    const checkoutPath = pathOf(start.headers.location);
    const [prefix, signature] = checkoutPath.split('.');
    const forged = `${prefix!.slice(0, -3)}AAA.${signature}`;
    for (const url of [forged, '/api/v1/stripe/demo/checkout/cs_demo_nothing.here']) {
      const res = await test.app.inject({ url });
      expect(res.statusCode).toBe(404);
      expect(res.body).toContain('That checkout link is not valid.');
      const post = await submit(url);
      expect(post.statusCode).toBe(404);
    }
    test.clock.advance({ hours: 2 });
    try {
      const expired = await submit(checkoutPath);
      expect(expired.statusCode).toBe(410);
      expect(expired.body).toContain('That checkout link has expired.');
    } finally {
      test.clock.advance({ hours: -2 });
    }
    expect((await me(token)).credits_balance).toBe(3);
  });

  it('choosing Pro subscribes (1,500 credits); switching to Advanced keeps one subscription; cancel and resume', async () => {
    const { token } = await signUpTestUser(test.app);
    const started = await startCheckout(test.app, token, { plan: 'pro' });
    expect(started.statusCode).toBe(200);
    const checkout = started.json<RedirectUrlReply>();
    expect(checkout.kind).toBe('checkout');
    const page = await test.app.inject({ url: pathOf(checkout.url) });
    expect(page.body).toContain('Subscribe to Pro');
    expect(page.body).toContain('$79.00');
    const pay = await submit(pathOf(checkout.url));
    expect(pathOf(pay.headers.location)).toBe('/?checkout=success');
    expect(await me(token)).toMatchObject({ subscription_plan: 'pro', credits_balance: 1503 });

    const billing = await billingOf(token);
    expect(billing).toMatchObject({
      payments: 'demo',
      plan: 'pro',
      subscription: {
        plan: 'pro',
        status: 'active',
        cancel_at_period_end: false,
        manageable: true,
      },
    });
    const periodEnd = billing.subscription!.current_period_end;

    // Advanced for a subscriber: the portal, not a second checkout.
    const change = (
      await startCheckout(test.app, token, { plan: 'advanced' })
    ).json<RedirectUrlReply>();
    expect(change.kind).toBe('portal');
    const portalPath = pathOf(change.url);
    expect(portalPath).toMatch(/^\/api\/v1\/stripe\/demo\/portal\/bps_demo_/);
    const portal = await test.app.inject({ url: portalPath });
    expect(portal.body).toContain('Demo billing portal: no card is charged');
    expect(portal.body).toContain('Confirm switch to Advanced');
    const switched = await submit(portalPath, { action: 'switch' });
    expect(switched.statusCode).toBe(303);
    expect(pathOf(switched.headers.location)).toBe(`${portalPath}?done=switch`);
    expect(await me(token)).toMatchObject({ subscription_plan: 'advanced', credits_balance: 1503 });
    const after = await billingOf(token);
    expect(after.subscription).toMatchObject({ plan: 'advanced', current_period_end: periodEnd });

    // The old checkout link cannot start a second subscription either.
    const replay = await submit(pathOf(checkout.url));
    expect(replay.statusCode).toBe(303);
    expect((await me(token)).subscription_plan).toBe('advanced');

    await submit(portalPath, { action: 'cancel' });
    const cancelled = await test.app.inject({ url: `${portalPath}?done=cancel` });
    expect(cancelled.body).toContain('Cancelled: you keep Advanced until');
    expect((await me(token)).subscription_plan).toBe('advanced');
    await submit(portalPath, { action: 'resume' });
    const resumed = await billingOf(token);
    expect(resumed.subscription?.cancel_at_period_end).toBe(false);

    const manage = await test.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/portal-session',
      headers: bearer(token),
    });
    expect(manage.json<RedirectUrlReply>().kind).toBe('portal');
    const bad = await submit(portalPath, { action: 'delete' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose what to do with the plan.');

    // Someone else sees only their own billing.
    const other = await signUpTestUser(test.app);
    const theirs = await billingOf(other.token);
    expect(theirs).toMatchObject({ plan: 'basic', subscription: null });
    const noPortal = await test.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/portal-session',
      headers: bearer(other.token),
    });
    expect(noPortal.statusCode).toBe(409);
    expect(noPortal.json()).toMatchObject({ code: 'no_subscription' });
  });

  it('the JSON routes answer 401 and 400 as JSON; webhooks are off in demo mode', async () => {
    const unauth = await test.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/checkout-session',
      payload: { plan: 'pro' },
    });
    expect(unauth.statusCode).toBe(401);
    expect(unauth.json()).toMatchObject({ code: 'unauthorized' });
    expect((await test.app.inject({ url: '/api/v1/stripe/subscription' })).statusCode).toBe(401);

    const { token } = await signUpTestUser(test.app);
    for (const [payload, message] of [
      [{ plan: 'pro', packs: 2 }, 'Choose either credit packs or a plan.'],
      [{}, 'Choose either credit packs or a plan.'],
      [{ plan: 'gold' }, 'plan is one of basic, pro or advanced.'],
      [{ packs: 0 }, 'Buy at least one credit pack.'],
    ] as const) {
      const res = await startCheckout(test.app, token, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toMatchObject({ message });
    }

    const hook = await test.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: '{}',
    });
    expect(hook.statusCode).toBe(404);
    expect(hook.json()).toMatchObject({ code: 'webhooks_disabled' });
  });
});

describeEachDatabase('payments turned off', (t) => {
  it('Buy Credits answers a readable 403 page and the JSON route a 403 message', async () => {
    const test = await buildTestApp({ database: t.database, env: { PAYMENTS_PROVIDER: 'off' } });
    try {
      const { token } = await signUpTestUser(test.app);
      const res = await test.app.inject({ url: `/api/v1/stripe/checkout?token=${token}` });
      expect(res.statusCode).toBe(403);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('Purchases are turned off on this Chorus server');
      const json = await startCheckout(test.app, token, { packs: 1 });
      expect(json.statusCode).toBe(403);
      expect(json.json()).toMatchObject({ code: 'payments_disabled' });
      const demoPage = await test.app.inject({ url: '/api/v1/stripe/demo/checkout/cs_demo_x.y' });
      expect(demoPage.statusCode).toBe(404);
    } finally {
      await test.app.close();
    }
  });
});

describeEachDatabase('Stripe webhooks', (t) => {
  let stub: Awaited<ReturnType<typeof startStripeStub>>;
  let test: TestApp;

  beforeAll(async () => {
    stub = await startStripeStub();
    test = await buildTestApp({
      database: t.database,
      env: {
        STRIPE_SECRET_KEY: STUB_SECRET_KEY,
        STRIPE_WEBHOOK_SECRET: STUB_WEBHOOK_SECRET,
        STRIPE_API_URL: stub.url,
      },
    });
  });
  afterAll(async () => {
    await test?.app.close();
    await stub?.close();
  });

  const meOf = async (token: string) =>
    (await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).json<MeReply>();
  const balance = async (token: string) => (await meOf(token)).credits_balance;
  /** The Stripe customer and subscription metadata of the last plan checkout sent to Stripe. */
  const lastPlanCheckout = () => {
    const created = stub.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )!;
    return {
      customer: created.form.customer as string,
      metadata: (created.form.subscription_data as { metadata: Record<string, string> }).metadata,
    };
  };

  /** Buys `packs` through the real checkout route and returns the paid-session event. */
  async function paidCheckout(token: string, packs: number) {
    const start = await test.app.inject({
      url: `/api/v1/stripe/checkout?token=${token}&packs=${packs}`,
    });
    expect(start.statusCode).toBe(303);
    expect(String(start.headers.location)).toMatch(
      /^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/,
    );
    const sessionId = String(start.headers.location).split('/').at(-1)!;
    const created = stub.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )!;
    return stripeEvent('checkout.session.completed', {
      id: sessionId,
      object: 'checkout.session',
      mode: 'payment',
      payment_status: 'paid',
      status: 'complete',
      customer: created.form.customer,
      client_reference_id: created.form.client_reference_id,
      metadata: created.form.metadata,
      payment_intent: `pi_${sessionId}`,
    });
  }

  const deliver = (
    payload: string,
    signature: string | undefined,
    contentType = 'application/json; charset=utf-8',
  ) =>
    test.app.inject({
      method: 'POST',
      url: '/api/v1/stripe/webhook',
      headers: {
        'content-type': contentType,
        ...(signature ? { 'stripe-signature': signature } : {}),
      },
      payload,
    });

  it('a verified checkout.session.completed grants the packs; a replay grants nothing more', async () => {
    const { token } = await signUpTestUser(test.app);
    const event = await paidCheckout(token, 2);
    const { payload, signature } = signedDelivery(event);
    const res = await deliver(payload, signature);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ received: true });
    expect(await balance(token)).toBe(3 + 200);
    const replay = await deliver(payload, signature);
    expect(replay.statusCode).toBe(200);
    expect(await balance(token)).toBe(203);
  });

  it('refuses a bad, missing or too old signature with 400 and grants nothing', async () => {
    const { token } = await signUpTestUser(test.app);
    const event = await paidCheckout(token, 1);
    const wrong = signedDelivery(event, { secret: 'whsec_attacker' });
    const old = signedDelivery(event, {
      timestamp: Math.floor(test.clock.now().getTime() / 1000) - 600,
    });
    for (const [payload, signature] of [
      [wrong.payload, wrong.signature],
      [wrong.payload, undefined],
      [old.payload, old.signature],
    ] as const) {
      const res = await deliver(payload, signature);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({
        code: 'invalid_signature',
        message: expect.stringMatching(/^The webhook signature could not be verified/) as string,
      });
    }
    expect(await balance(token)).toBe(3);
  });

  it('a plan bought on Stripe: Pro with 1,500 credits, a renewal adds 1,500, a switch changes the plan, deletion ends it', async () => {
    const { token } = await signUpTestUser(test.app);
    const started = await startCheckout(test.app, token, { plan: 'pro' });
    expect(started.json<RedirectUrlReply>().kind).toBe('checkout');
    const { customer, metadata } = lastPlanCheckout();
    const now = Math.floor(test.clock.now().getTime() / 1000);
    const subscription = (plan: string, over: Record<string, unknown> = {}) => ({
      id: `sub_${customer}`,
      object: 'subscription',
      customer,
      status: 'active',
      cancel_at_period_end: false,
      cancel_at: null,
      metadata: { ...metadata, plan },
      items: {
        object: 'list',
        data: [
          {
            id: `si_${customer}`,
            object: 'subscription_item',
            current_period_end: now + 30 * 86_400,
            price: { id: `price_inline_${plan}`, object: 'price', metadata: {} },
          },
        ],
      },
      ...over,
    });
    const invoice = (id: string, reason: string) => ({
      id,
      object: 'invoice',
      billing_reason: reason,
      customer,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: `sub_${customer}`, metadata },
      },
      lines: { object: 'list', data: [], has_more: false },
    });
    const send = async (type: string, object: Record<string, unknown>, created = now) => {
      const { payload, signature } = signedDelivery(stripeEvent(type, object, created));
      const res = await deliver(payload, signature);
      expect(res.statusCode, res.body).toBe(200);
    };

    // Stripe does not promise an order: the invoice may come before the subscription.
    await send('invoice.paid', invoice(`in_first_${customer}`, 'subscription_create'));
    await send('customer.subscription.created', subscription('pro'));
    expect(await meOf(token)).toMatchObject({ subscription_plan: 'pro', credits_balance: 1503 });
    await send('invoice.paid', invoice(`in_second_${customer}`, 'subscription_cycle'), now + 1);
    expect((await meOf(token)).credits_balance).toBe(3003);

    // Switched to Advanced in the billing portal: the same subscription, no credits until renewal.
    await send('customer.subscription.updated', subscription('advanced'), now + 2);
    expect((await meOf(token)).subscription_plan).toBe('advanced');
    await send(
      'customer.subscription.deleted',
      subscription('advanced', { status: 'canceled' }),
      now + 3,
    );
    expect(await meOf(token)).toMatchObject({ subscription_plan: 'basic', credits_balance: 3003 });
  });

  it('refunds and disputes take back what the payment bought; a dispute won gives it back', async () => {
    const { token } = await signUpTestUser(test.app);
    const event = await paidCheckout(token, 2);
    const paymentIntent = (event.data.object as { payment_intent: string }).payment_intent;
    const paid = signedDelivery(event);
    expect((await deliver(paid.payload, paid.signature)).statusCode).toBe(200);
    expect(await balance(token)).toBe(203);

    const send = async (type: string, object: Record<string, unknown>) => {
      const { payload, signature } = signedDelivery(stripeEvent(type, object));
      const res = await deliver(payload, signature);
      expect(res.statusCode, res.body).toBe(200);
      return { payload, signature };
    };
    const charge = (amountRefunded: number) =>
      stripeCharge({
        id: `ch_${paymentIntent}`,
        amount: 1800,
        amountRefunded,
        paymentIntent,
      });

    // Half refunded, then (a replay of that delivery) nothing more, then the rest.
    const half = await send('charge.refunded', charge(900));
    expect(await balance(token)).toBe(103);
    expect((await deliver(half.payload, half.signature)).statusCode).toBe(200);
    expect(await balance(token)).toBe(103);
    await send('charge.refunded', charge(1800));
    expect(await balance(token)).toBe(3);

    // Another purchase, disputed: taken back; the dispute is won: given back.
    const second = await paidCheckout(token, 1);
    const secondIntent = (second.data.object as { payment_intent: string }).payment_intent;
    const delivered = signedDelivery(second);
    await deliver(delivered.payload, delivered.signature);
    expect(await balance(token)).toBe(103);
    const dispute = (status: string) =>
      stripeDispute({
        id: `dp_${secondIntent}`,
        charge: `ch_${secondIntent}`,
        paymentIntent: secondIntent,
        amount: 900,
        status,
      });
    await send('charge.dispute.created', dispute('needs_response'));
    expect(await balance(token)).toBe(3);
    await send('charge.dispute.closed', dispute('won'));
    expect(await balance(token)).toBe(103);

    // A refund of a charge Stripe made for something else: recorded, 200, nothing taken.
    const stranger = stripeEvent(
      'charge.refunded',
      stripeCharge({ amount: 500, amountRefunded: 500, paymentIntent: 'pi_not_ours' }),
    );
    const other = signedDelivery(stranger);
    expect((await deliver(other.payload, other.signature)).statusCode).toBe(200);
    expect(await test.container.repos.paymentEvents.find(stranger.id)).toMatchObject({
      outcome: expect.stringMatching(/^ignored: unknown payment/) as string,
    });
    expect(await balance(token)).toBe(103);
  });

  it('a refunded plan invoice takes back its credits; the plan stays until Stripe ends it', async () => {
    const { token } = await signUpTestUser(test.app);
    await startCheckout(test.app, token, { plan: 'basic' });
    const { customer, metadata } = lastPlanCheckout();
    const send = async (type: string, object: Record<string, unknown>) => {
      const { payload, signature } = signedDelivery(stripeEvent(type, object));
      const res = await deliver(payload, signature);
      expect(res.statusCode, res.body).toBe(200);
    };
    const subscriptionId = `sub_${customer}`;
    await send(
      'customer.subscription.created',
      stripeSubscription({ id: subscriptionId, customer, periodEnd: 1_900_000_000, metadata }),
    );
    const invoiceId = `in_${customer}`;
    await send('invoice.paid', {
      id: invoiceId,
      object: 'invoice',
      billing_reason: 'subscription_create',
      customer,
      status: 'paid',
      parent: {
        type: 'subscription_details',
        quote_details: null,
        subscription_details: { subscription: subscriptionId, metadata },
      },
      lines: { object: 'list', data: [], has_more: false },
    });
    expect(await meOf(token)).toMatchObject({ subscription_plan: 'basic', credits_balance: 503 });

    // Stripe's current API names neither side on the other: the invoice payment links them.
    stub.addInvoicePayment(invoiceId, `pi_${invoiceId}`, 2900);
    await send(
      'charge.refunded',
      stripeCharge({ amount: 2900, amountRefunded: 2900, paymentIntent: `pi_${invoiceId}` }),
    );
    expect(await meOf(token)).toMatchObject({ subscription_plan: 'basic', credits_balance: 3 });
  });

  it('two concurrent deliveries of one event grant once; unknown events answer 200', async () => {
    const { token } = await signUpTestUser(test.app);
    const event = await paidCheckout(token, 3);
    const { payload, signature } = signedDelivery(event);
    const results = await Promise.all([deliver(payload, signature), deliver(payload, signature)]);
    expect(results.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await balance(token)).toBe(303);

    const other = signedDelivery(
      stripeEvent('customer.created', { id: 'cus_x', object: 'customer' }),
    );
    const ignored = await deliver(other.payload, other.signature, 'application/json');
    expect(ignored.statusCode).toBe(200);
    // The raw-body parser is the webhook's alone: JSON bodies elsewhere are still parsed.
    const login = await test.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'nobody@example.com', password: 'whatever-it-is' },
    });
    expect(login.statusCode).toBe(401);
  });
  it('deleting an account cancels the plan Stripe bills it for; when Stripe is down nothing is deleted', async () => {
    const { token, password } = await signUpTestUser(test.app);
    // A checkout creates the account's Stripe customer; the paid plan is a live subscription of it.
    await startCheckout(test.app, token, { plan: 'basic' });
    const customer = stub.requests.findLast(
      (r) => r.method === 'POST' && r.path === '/v1/checkout/sessions',
    )!.form.customer as string;
    const subscriptionId = `sub_del_${customer}`;
    stub.addSubscription({
      id: subscriptionId,
      object: 'subscription',
      customer,
      status: 'active',
      items: { object: 'list', data: [] },
      metadata: {},
    });
    const remove = () =>
      test.app.inject({
        method: 'DELETE',
        url: '/api/v1/auth/account',
        headers: bearer(token),
        payload: { password },
      });

    stub.failNext(4); // more than the SDK's retries
    const refused = await remove();
    expect(refused.statusCode, refused.body).toBe(502);
    expect(refused.json<{ code: string }>().code).toBe('payment_provider_error');
    expect(
      (await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(200);

    const deleted = await remove();
    expect(deleted.statusCode, deleted.body).toBe(200);
    const cancel = stub.requests.filter(
      (r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`,
    );
    expect(cancel.length).toBeGreaterThan(0);
    expect(
      (await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) })).statusCode,
    ).toBe(401);
  });

  it('deleting an account expires its checkouts still open at Stripe, so a tab left open cannot take a payment for it', async () => {
    const { token, password } = await signUpTestUser(test.app);
    const packs = await test.app.inject({
      url: `/api/v1/stripe/checkout?token=${token}&packs=3`,
    });
    expect(packs.statusCode).toBe(303);
    const packsSession = String(packs.headers.location).split('/').at(-1)!;
    const plan = await startCheckout(test.app, token, { plan: 'pro' });
    expect(plan.statusCode, plan.body).toBe(200);
    const planSession = plan.json<{ url: string }>().url.split('/').at(-1)!;
    const paid = await test.app.inject({
      url: `/api/v1/stripe/checkout?token=${token}&packs=1`,
    });
    const paidSession = String(paid.headers.location).split('/').at(-1)!;
    stub.complete(paidSession);
    expect(stub.session(packsSession)?.status).toBe('open');
    expect(stub.session(planSession)?.status).toBe('open');

    const deleted = await test.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: bearer(token),
      payload: { password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(stub.session(packsSession)?.status).toBe('expired');
    expect(stub.session(planSession)?.status).toBe('expired');
    // a session paid before the deletion is left as it is
    expect(stub.session(paidSession)?.status).toBe('complete');
  });
});

describe('request logs', () => {
  it('blank the token of the checkout link', async () => {
    const { createTestDatabase } = await import('../../../test/databases');
    const database = await createTestDatabase('pglite');
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => lines.push(line) });
    const container = createContainer({
      config: loadConfig({}),
      database,
      logger,
      overrides: { hasher: fastTestHasher },
    });
    const app = await buildServer(container);
    try {
      await app.inject({ url: '/api/v1/stripe/checkout?token=s3cr3t-session-token-value&packs=2' });
      const out = lines.join('');
      expect(out).toContain('/api/v1/stripe/checkout?token=[redacted]&packs=2');
      expect(out).not.toContain('s3cr3t-session-token-value');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
