import type { MeReply, RedirectUrlReply } from '@app/contracts';
import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { isLocalServer, loadConfig, PAYMENTS_OFF_NOTICE } from '../../../config/config';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';

const form = (fields: Record<string, string>) => ({
  payload: new URLSearchParams(fields).toString(),
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
});

/** The demo pages' cookie a reply set, as `name=value`. */
function checkoutCookie(res: LightMyRequestResponse): string {
  const set = res.headers['set-cookie'];
  const found = (set === undefined ? [] : Array.isArray(set) ? set : [set]).find((c) =>
    c.startsWith('chorus_checkout='),
  );
  expect(found, 'a chorus_checkout cookie').toBeDefined();
  return found!.split(';')[0]!;
}

it('chooses the demo checkout by default only on a server that is clearly local', () => {
  for (const local of [
    undefined,
    'http://localhost:3000',
    'http://127.0.0.1:8080',
    'http://[::1]:3000',
    'http://chorus.localhost',
  ]) {
    expect(isLocalServer(local), String(local)).toBe(true);
    const config = loadConfig(local ? { PUBLIC_URL: local } : {});
    expect(config.payments).toMatchObject({ provider: 'demo', offByDefault: false });
  }
  for (const site of [
    'https://chorus.example.com',
    'http://203.0.113.5',
    'http://localhost.example',
  ]) {
    expect(isLocalServer(site), site).toBe(false);
    expect(loadConfig({ PUBLIC_URL: site }).payments).toMatchObject({
      provider: 'off',
      offByDefault: true,
    });
  }
  // chosen explicitly, it is what the operator asked for, also on a public server
  const chosen = loadConfig({
    PUBLIC_URL: 'https://chorus.example.com',
    PAYMENTS_PROVIDER: 'demo',
  });
  expect(chosen.payments).toMatchObject({ provider: 'demo', offByDefault: false });
  const stripe = loadConfig({
    PUBLIC_URL: 'https://chorus.example.com',
    STRIPE_SECRET_KEY: 'sk_test_x',
    STRIPE_WEBHOOK_SECRET: 'whsec_x',
  });
  expect(stripe.payments).toMatchObject({ provider: 'stripe', offByDefault: false });
  // the start-up line says how to turn buying on
  expect(PAYMENTS_OFF_NOTICE).toMatch(/STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/);
  expect(PAYMENTS_OFF_NOTICE).toMatch(/PAYMENTS_PROVIDER=demo/);
});

describeEachDatabase('the demo checkout on a public server and its binding to a session', (t) => {
  it('a public server without a payment setting sells nothing: no free credits', async () => {
    const test = await buildTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://chorus.example.com' },
    });
    try {
      const { token } = await signUpTestUser(test.app);
      const config = await test.app.inject({ url: '/api/v1/config' });
      expect(config.json()).toMatchObject({ payments: 'off' });
      const res = await test.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/checkout-session',
        headers: bearer(token),
        payload: { packs: 100 },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ code: 'payments_disabled' });
      const page = await test.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/demo/checkout/cs_demo_x.y',
        ...form({}),
      });
      expect(page.statusCode).toBe(404);
      const me = await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
      expect(me.json<MeReply>().credits_balance).toBe(3);
    } finally {
      await test.app.close();
    }
  });

  async function withDemo(run: (test: TestApp) => Promise<void>): Promise<void> {
    const test = await buildTestApp({ database: t.database, env: { PAYMENTS_PROVIDER: 'demo' } });
    try {
      await run(test);
    } finally {
      await test.app.close();
    }
  }

  it('only the sign-in session that opened a checkout can see and pay it', async () => {
    await withDemo(async (test) => {
      const owner = await signUpTestUser(test.app);
      const start = await test.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/checkout-session',
        headers: bearer(owner.token),
        payload: { packs: 100 },
      });
      expect(start.statusCode, start.body).toBe(200);
      const own = checkoutCookie(start);
      expect(String(start.headers['set-cookie'])).toMatch(
        /Path=\/api\/v1\/stripe\/demo; Max-Age=3600; HttpOnly; SameSite=Lax/,
      );
      const path = new URL(start.json<RedirectUrlReply>().url).pathname;
      const balance = async () =>
        (
          await test.app.inject({ url: '/api/v1/auth/me', headers: bearer(owner.token) })
        ).json<MeReply>().credits_balance;

      // the same account signed in elsewhere (another session)
      const login = await test.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password: owner.password },
      });
      const otherSession = await test.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/checkout-session',
        headers: bearer(login.json<{ token: string }>().token),
        payload: { packs: 1 },
      });
      // someone else's account
      const stranger = await signUpTestUser(test.app);
      const strangerStart = await test.app.inject({
        method: 'POST',
        url: '/api/v1/stripe/checkout-session',
        headers: bearer(stranger.token),
        payload: { packs: 1 },
      });
      const [name, value] = own.split('=') as [string, string];
      const [id] = value.split('.');
      const refused: Array<[string, Record<string, string>]> = [
        ['no session', {}],
        ['another session of the account', { cookie: checkoutCookie(otherSession) }],
        ["another account's session", { cookie: checkoutCookie(strangerStart) }],
        ['a forged cookie', { cookie: `${name}=${id}.${'A'.repeat(43)}` }],
        ['a malformed cookie', { cookie: `${name}=whatever` }],
      ];
      for (const [who, headers] of refused) {
        const json = await test.app.inject({
          method: 'POST',
          url: path,
          payload: new URLSearchParams({ packs: '100' }).toString(),
          headers: {
            ...headers,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
        });
        expect(json.statusCode, who).toBe(403);
        expect(json.json(), who).toEqual({
          message: expect.stringMatching(/belongs to another sign-in/) as unknown,
          code: 'checkout_not_yours',
        });
        // a browser gets the same as a readable page, and the page is not shown either
        const page = await test.app.inject({ url: path, headers });
        expect(page.statusCode, who).toBe(403);
        expect(page.headers['content-type']).toMatch(/^text\/html/);
        expect(page.body).not.toContain(owner.email);
      }
      expect(await balance()).toBe(3);

      // the session that opened it pays
      expect((await test.app.inject({ url: path, headers: { cookie: own } })).statusCode).toBe(200);
      const pay = await test.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams({ packs: '2' }).toString(),
        headers: { cookie: own, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pay.statusCode).toBe(303);
      expect(await balance()).toBe(203);
    });
  });

  it('a checkout opened in a session that has since signed out can no longer be paid', async () => {
    await withDemo(async (test) => {
      const owner = await signUpTestUser(test.app);
      const start = await test.app.inject({
        url: `/api/v1/stripe/checkout?token=${owner.token}&packs=5`,
      });
      expect(start.statusCode).toBe(303);
      const cookie = checkoutCookie(start);
      const path = new URL(String(start.headers.location)).pathname;
      const out = await test.app.inject({
        method: 'POST',
        url: '/api/v1/auth/logout',
        headers: bearer(owner.token),
      });
      expect(out.statusCode).toBeLessThan(300);
      const pay = await test.app.inject({
        method: 'POST',
        url: path,
        payload: '',
        headers: { cookie, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(pay.statusCode).toBe(403);
      const login = await test.app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: owner.email, password: owner.password },
      });
      const me = await test.app.inject({
        url: '/api/v1/auth/me',
        headers: bearer(login.json<{ token: string }>().token),
      });
      expect(me.json<MeReply>().credits_balance).toBe(3);
    });
  });

  it('the demo billing portal, too, serves only the session that opened it', async () => {
    await withDemo(async (test) => {
      const owner = await signUpTestUser(test.app);
      const post = (url: string, payload: object) =>
        test.app.inject({ method: 'POST', url, headers: bearer(owner.token), payload });
      const buy = await post('/api/v1/stripe/checkout-session', { plan: 'pro' });
      const paid = await test.app.inject({
        method: 'POST',
        url: new URL(buy.json<RedirectUrlReply>().url).pathname,
        payload: '',
        headers: {
          cookie: checkoutCookie(buy),
          'content-type': 'application/x-www-form-urlencoded',
        },
      });
      expect(paid.statusCode).toBe(303);
      const portal = await post('/api/v1/stripe/portal-session', {});
      expect(portal.statusCode, portal.body).toBe(200);
      const own = checkoutCookie(portal);
      const path = new URL(portal.json<RedirectUrlReply>().url).pathname;
      const other = await signUpTestUser(test.app);
      const strangerCookie = checkoutCookie(
        await test.app.inject({
          method: 'POST',
          url: '/api/v1/stripe/checkout-session',
          headers: bearer(other.token),
          payload: { packs: 1 },
        }),
      );
      for (const headers of [{}, { cookie: strangerCookie }]) {
        expect((await test.app.inject({ url: path, headers })).statusCode).toBe(403);
        const cancel = await test.app.inject({
          method: 'POST',
          url: path,
          payload: 'action=cancel',
          headers: { ...headers, 'content-type': 'application/x-www-form-urlencoded' },
        });
        expect(cancel.statusCode).toBe(403);
      }
      const billing = async () =>
        (
          await test.app.inject({
            url: '/api/v1/stripe/subscription',
            headers: bearer(owner.token),
          })
        ).json<{ subscription: { cancel_at_period_end: boolean } | null }>().subscription;
      expect(await billing()).toMatchObject({ cancel_at_period_end: false });
      expect((await test.app.inject({ url: path, headers: { cookie: own } })).statusCode).toBe(200);
      const cancel = await test.app.inject({
        method: 'POST',
        url: path,
        payload: 'action=cancel',
        headers: { cookie: own, 'content-type': 'application/x-www-form-urlencoded' },
      });
      expect(cancel.statusCode).toBe(303);
      expect(await billing()).toMatchObject({ cancel_at_period_end: true });
    });
  });
});
