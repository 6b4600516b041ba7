import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FACEBOOK_SIGN_IN_FAILED_MESSAGE,
  GOOGLE_SIGN_IN_FAILED_MESSAGE,
  ProviderSignInReplySchema,
} from '@app/contracts';
import type { Database } from '../../../db/database';
import { FakeGoogleIdTokenVerifier } from '../../../providers/google/fake-google-id-token-verifier';
import {
  createGoogleTestKey,
  signGoogleIdToken,
  startGoogleCertsServer,
  type GoogleCertsServer,
} from '../../../providers/google/google-certs.test-support';
import {
  startGraphApiStub,
  type GraphApiStub,
} from '../../../providers/facebook/graph-api-stub.test-support';
import { createTestDatabase, describeEachDatabase } from '../../../test/databases';
import { gate } from '../../../services/analysis/analysis.test-support';
import {
  bearer,
  buildTestApp,
  fastTestHasher,
  logInTestUser,
  signUpTestUser,
} from '../../../test/test-app';

const CLIENT_ID = '424242424242-chorus.apps.googleusercontent.com';

describeEachDatabase('Google and Facebook sign-in', (t) => {
  const key = createGoogleTestKey();
  let certs: GoogleCertsServer;
  let graph: GraphApiStub;
  let app: FastifyInstance;

  beforeAll(async () => {
    certs = await startGoogleCertsServer([key]);
    graph = await startGraphApiStub();
    ({ app } = await buildTestApp({
      database: t.database,
      env: {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CERTS_URL: certs.url,
        FACEBOOK_APP_ID: graph.appId,
        FACEBOOK_APP_SECRET: graph.appSecret,
        FACEBOOK_GRAPH_URL: graph.url,
        LOGIN_MAX_FAILURES: '3',
      },
    }));
  });
  afterAll(async () => {
    await app?.close();
    await certs?.close();
    await graph?.close();
  });

  const googleToken = (sub: string, email: string, over: Record<string, unknown> = {}) =>
    signGoogleIdToken(key, { aud: CLIENT_ID, sub, email, ...over });
  const signIn = (provider: 'google' | 'facebook', payload: object, ip: string) =>
    app.inject({ method: 'POST', url: `/api/v1/auth/${provider}`, payload, remoteAddress: ip });
  const google = (idToken: unknown, ip = '10.0.0.1') => signIn('google', { id_token: idToken }, ip);
  const facebook = (accessToken: unknown, ip = '10.0.0.2') =>
    signIn('facebook', { access_token: accessToken }, ip);
  /** A Facebook person the Graph API stub knows; returns their access token. */
  const facebookUser = (person: { id: string; email?: string; name?: string; appId?: string }) => {
    const token = `EAAG${randomUUID()}`;
    graph.users.set(token, { token, ...person });
    return token;
  };
  /** The status of GET /auth/me with a session: 200 while it is valid, 401 once revoked. */
  const sessionStatus = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) }))
      .statusCode;
  const me = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json<{
      email: string | null;
      credits_balance: number;
      has_password: boolean;
      providers: string[];
      email_verified: boolean;
    }>();
  const userIdOf = async (token: string) => {
    const { createHash } = await import('node:crypto');
    const row = await t.db
      .selectFrom('sessions')
      .select('userId')
      .where('tokenHash', '=', createHash('sha256').update(token).digest('hex'))
      .executeTakeFirstOrThrow();
    return row.userId;
  };

  it('creates a Google account with 3 credits and the reply the contract describes', async () => {
    const email = `g-${randomUUID()}@gmail.com`;
    const res = await google(googleToken(`sub-${randomUUID()}`, email.toUpperCase()));
    expect(res.statusCode, res.body).toBe(200);
    const body = ProviderSignInReplySchema.parse(res.json());
    expect(body.user).toEqual({ credits_balance: 3, subscription_plan: 'basic' });
    expect(await me(body.token)).toEqual({
      email,
      credits_balance: 3,
      subscription_plan: 'basic',
      has_password: false,
      providers: ['google'],
      // Google vouched for the address (email_verified)
      email_verified: true,
    });
  });

  it('signs the same Google person in to the same account, granting credits once', async () => {
    const sub = `sub-${randomUUID()}`;
    const email = `again-${randomUUID()}@gmail.com`;
    const first = (await google(googleToken(sub, email))).json<{ token: string }>().token;
    const second = await google(googleToken(sub, email));
    expect(second.statusCode).toBe(200);
    const token = second.json<{ token: string }>().token;
    expect(token).not.toBe(first);
    const userId = await userIdOf(first);
    expect(await userIdOf(token)).toBe(userId);
    expect(second.json()).toMatchObject({ user: { credits_balance: 3 } });
    const grants = await t.db
      .selectFrom('creditLedger')
      .select('idempotencyKey')
      .where('userId', '=', userId)
      .execute();
    expect(grants).toEqual([{ idempotencyKey: `signup:${userId}` }]);
  });

  it('links Google to the existing e-mail account instead of making a second one', async () => {
    const { token: passwordToken, email } = await signUpTestUser(app);
    const res = await google(googleToken(`sub-${randomUUID()}`, email.toUpperCase()));
    expect(res.statusCode).toBe(200);
    const token = res.json<{ token: string }>().token;
    expect(await userIdOf(token)).toBe(await userIdOf(passwordToken));
    expect(await me(token)).toMatchObject({
      email,
      credits_balance: 3,
      // the unconfirmed password is removed (see the pre-hijacking test below)
      has_password: false,
      providers: ['google'],
      email_verified: true,
    });
  });

  it('shuts out whoever registered an unconfirmed e-mail first with a password when its owner arrives through Google or Facebook (pre-hijacking)', async () => {
    // The attacker signs up with the victim's address (sign-up proves nothing about it) and stays
    // signed in, waiting for the victim to use "Continue with Google".
    const attacker = await signUpTestUser(app, { password: 'attacker knows this one' });
    const { email } = attacker;
    const res = await google(googleToken(`sub-${randomUUID()}`, email));
    expect(res.statusCode, res.body).toBe(200);
    const victim = res.json<{ token: string }>().token;
    expect(await userIdOf(victim)).toBe(await userIdOf(attacker.token));

    // The attacker's session and password no longer open the account; the victim's session works.
    expect(await sessionStatus(attacker.token)).toBe(401);
    const login = await logInTestUser(app, email, 'attacker knows this one', '10.9.9.9');
    expect(login.statusCode).toBe(401);
    expect(await me(victim)).toMatchObject({
      email,
      has_password: false,
      providers: ['google'],
      email_verified: true,
    });

    // Facebook vouching for the address does the same.
    const other = await signUpTestUser(app, { password: 'attacker knows this too' });
    const viaFacebook = await facebook(
      facebookUser({ id: `1019${Date.now()}`, email: other.email }),
    );
    expect(viaFacebook.statusCode, viaFacebook.body).toBe(200);
    expect(await sessionStatus(other.token)).toBe(401);
    const fbLogin = await logInTestUser(app, other.email, 'attacker knows this too', '10.9.9.8');
    expect(fbLogin.statusCode).toBe(401);

    // A later Google sign-in of the linked identity changes nothing more.
    const again = await google(googleToken(`sub-${randomUUID()}`, email));
    expect(again.statusCode).toBe(200);
    expect((await me(victim)).email).toBe(email);
  });

  it('keeps the password and sessions of an account whose e-mail was confirmed when Google or Facebook links to it', async () => {
    for (const via of ['google', 'facebook'] as const) {
      const owner = await signUpTestUser(app, { password: 'the owner chose this' });
      const { email } = owner;
      const userId = await userIdOf(owner.token);
      // Confirmed (the e-mail verification tests confirm through the link itself).
      await t.db
        .updateTable('users')
        .set({ emailVerifiedAt: new Date('2026-11-01T00:00:00Z') })
        .where('id', '=', userId)
        .execute();

      const res =
        via === 'google'
          ? await google(googleToken(`sub-${randomUUID()}`, email))
          : await facebook(facebookUser({ id: `1021${Date.now()}`, email }));
      expect(res.statusCode, res.body).toBe(200);
      const linked = res.json<{ token: string }>().token;
      expect(await userIdOf(linked)).toBe(userId);
      expect(await me(linked)).toMatchObject({
        email,
        has_password: true,
        providers: [via],
        email_verified: true,
      });
      // The session opened with the password still works, and so does the password.
      expect(await sessionStatus(owner.token)).toBe(200);
      const login = await logInTestUser(app, email, 'the owner chose this', '10.9.9.7');
      expect(login.statusCode, login.body).toBe(200);
      // The first confirmation time is kept.
      const row = await t.db
        .selectFrom('users')
        .select('emailVerifiedAt')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      expect(row.emailVerifiedAt?.toISOString()).toBe('2026-11-01T00:00:00.000Z');
    }
  });

  it('answers 401 with a readable message for a bad, forged or foreign Google token', async () => {
    const forged = signGoogleIdToken(createGoogleTestKey(key.kid), {
      aud: CLIENT_ID,
      sub: 'x',
      email: 'x@gmail.com',
    });
    const foreign = signGoogleIdToken(key, { aud: 'other-client', sub: 'y', email: 'y@gmail.com' });
    const unverified = googleToken('z', 'z@gmail.com', { email_verified: false });
    for (const [i, token] of ['garbage', forged, foreign, unverified].entries()) {
      const res = await google(token, `10.1.0.${i}`);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: GOOGLE_SIGN_IN_FAILED_MESSAGE,
        code: 'google_token_invalid',
      });
    }
    // No account was made for any of them.
    const made = await t.db
      .selectFrom('users')
      .select('id')
      .where('email', 'in', ['x@gmail.com', 'y@gmail.com', 'z@gmail.com'])
      .execute();
    expect(made).toEqual([]);
  });

  it('rate-limits rejected tokens per address like failed logins, with Retry-After', async () => {
    const ip = '10.9.9.9';
    for (let i = 0; i < 3; i++) expect((await google('bad-token', ip)).statusCode).toBe(401);
    const blocked = await google(
      googleToken(`sub-${randomUUID()}`, `rl-${randomUUID()}@gmail.com`),
      ip,
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'too_many_login_attempts' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another address is not affected.
    const other = await google(
      googleToken(`sub-${randomUUID()}`, `ok-${randomUUID()}@gmail.com`),
      '10.9.9.10',
    );
    expect(other.statusCode).toBe(200);
  });

  it('answers 400 when the token is missing', async () => {
    const res = await google(undefined);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      code: 'invalid_request',
      message: 'Google did not send a sign-in token. Please try again.',
    });
    expect((await facebook('')).statusCode).toBe(400);
  });

  it('creates a Facebook account with 3 credits, and the same account the second time', async () => {
    const email = `fb-${randomUUID()}@example.com`;
    const token = facebookUser({ id: `1016${Date.now()}1`, name: 'Fran', email });
    const first = await facebook(token);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      user: { credits_balance: 3, subscription_plan: 'basic' },
    });
    const firstToken = first.json<{ token: string }>().token;
    expect(await me(firstToken)).toMatchObject({
      email,
      providers: ['facebook'],
      has_password: false,
    });
    const second = await facebook(token);
    expect(await userIdOf(second.json<{ token: string }>().token)).toBe(await userIdOf(firstToken));
  });

  it('signs in a Facebook person who shares no e-mail (identity only)', async () => {
    const id = `1017${Date.now()}`;
    const token = facebookUser({ id, name: 'No Mail' });
    const res = await facebook(token);
    expect(res.statusCode, res.body).toBe(200);
    const session = res.json<{ token: string }>().token;
    expect(await me(session)).toEqual({
      email: null,
      credits_balance: 3,
      subscription_plan: 'basic',
      has_password: false,
      providers: ['facebook'],
      email_verified: false,
    });
    // Two people without e-mail are two accounts.
    const other = (await facebook(facebookUser({ id: `${id}2` }))).json<{ token: string }>().token;
    expect(await userIdOf(other)).not.toBe(await userIdOf(session));
  });

  it('links Facebook and Google to one account through the shared e-mail', async () => {
    const email = `both-${randomUUID()}@example.com`;
    const fbToken = facebookUser({ id: `1018${Date.now()}`, email });
    const viaFacebook = (await facebook(fbToken)).json<{ token: string }>().token;
    const viaGoogle = (await google(googleToken(`sub-${randomUUID()}`, email))).json<{
      token: string;
    }>().token;
    expect(await userIdOf(viaGoogle)).toBe(await userIdOf(viaFacebook));
    expect((await me(viaGoogle)).providers).toEqual(['facebook', 'google']);
  });

  it("answers 401 for an invalid or another app's Facebook token", async () => {
    const foreign = facebookUser({ id: '77', appId: '999' });
    for (const token of ['EAAG-unknown', foreign]) {
      const res = await facebook(token, '10.2.0.1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        message: FACEBOOK_SIGN_IN_FAILED_MESSAGE,
        code: 'facebook_token_invalid',
      });
    }
  });

  it('answers 503 with a readable message when the Graph API is down, without counting a failure', async () => {
    const token = facebookUser({ id: '88', email: `down-${randomUUID()}@example.com` });
    graph.failWith({ status: 500, code: 2, message: 'Service temporarily unavailable' });
    try {
      for (let i = 0; i < 4; i++) {
        const res = await facebook(token, '10.3.0.1');
        expect(res.statusCode).toBe(503);
        expect(res.json()).toEqual({
          message:
            'Facebook sign-in is not responding right now. Please try again in a few minutes, or sign in with your e-mail and password.',
          code: 'facebook_unavailable',
        });
      }
    } finally {
      graph.failWith(null);
    }
    expect((await facebook(token, '10.3.0.1')).statusCode).toBe(200);
  });

  it('makes one account when the same new person signs in many times at once', async () => {
    const sub = `race-${randomUUID()}`;
    const email = `race-${randomUUID()}@gmail.com`;
    const replies = await Promise.all(
      Array.from({ length: 6 }, (_, i) => google(googleToken(sub, email), `10.4.0.${i}`)),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array(6).fill(200));
    const users = await t.db.selectFrom('users').select('id').where('email', '=', email).execute();
    expect(users).toHaveLength(1);
    const identities = await t.db
      .selectFrom('userIdentities')
      .select('userId')
      .where('subject', '=', sub)
      .execute();
    expect(identities).toEqual([{ userId: users[0]!.id }]);
    const ledger = await t.db
      .selectFrom('creditLedger')
      .select('delta')
      .where('userId', '=', users[0]!.id)
      .execute();
    expect(ledger).toEqual([{ delta: 3 }]);
  });

  it('lets the CSP allow exactly the SDK origins of the configured providers', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(page.headers['content-security-policy']);
    const directive = (name: string) =>
      csp
        .split('; ')
        .find((d) => d.startsWith(`${name} `))!
        .split(' ')
        .slice(1);
    expect(directive('script-src')).toEqual([
      "'self'",
      'https://accounts.google.com/gsi/client',
      'https://connect.facebook.net',
    ]);
    expect(directive('frame-src')).toEqual([
      'https://accounts.google.com/gsi/',
      'https://www.facebook.com',
      'https://web.facebook.com',
      'https://staticxx.facebook.com',
    ]);
    expect(directive('connect-src')).toContain('https://accounts.google.com/gsi/');
    expect(directive('connect-src')).toContain('https://graph.facebook.com');
    expect(directive('style-src')).toEqual([
      "'self'",
      "'unsafe-inline'",
      'https://accounts.google.com/gsi/style',
    ]);
    expect(directive('default-src')).toEqual(["'self'"]);
  });
});

describe('sign-in providers that are not configured', () => {
  let database: Database;
  let app: FastifyInstance;

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    ({ app } = await buildTestApp({ database }));
  });
  afterAll(async () => {
    await app?.close();
    await database?.close();
  });

  it('answer 503 with a message that names the way that works', async () => {
    const g = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { id_token: FakeGoogleIdTokenVerifier.token({ sub: '1', email: 'a@b.co' }) },
    });
    expect(g.statusCode).toBe(503);
    expect(g.json()).toEqual({
      message:
        'Google sign-in is not available on this server. Sign in with your e-mail and password instead.',
      code: 'google_not_configured',
    });
    const f = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/facebook',
      payload: { access_token: 'EAAG' },
    });
    expect(f.statusCode).toBe(503);
    expect(f.json()).toMatchObject({ code: 'facebook_not_configured' });
  });

  it('keeps the CSP strict: no Google or Facebook origin anywhere', async () => {
    const page = await app.inject({ method: 'GET', url: '/api/v1/health' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).not.toMatch(/google\.com|facebook|fbcdn/);
    expect(csp).toContain("frame-src 'none'");
    expect(csp).toContain("script-src 'self';");
  });
});

describeEachDatabase('a password sign-in racing the Google link that removes the password', (t) => {
  it('opens no session that outlives the link', async () => {
    // The hasher holds the attacker's sign-in right after the password was verified (as a slow
    // argon2 would), while the owner of the address signs in with Google.
    const verified = gate();
    const release = gate();
    const hasher = {
      hash: (password: string) => fastTestHasher.hash(password),
      verify: async (hash: string, password: string) => {
        const ok = await fastTestHasher.verify(hash, password);
        if (password === 'attacker waits here') {
          verified.open();
          await release.wait;
        }
        return ok;
      },
    };
    const { app } = await buildTestApp({
      database: t.database,
      overrides: { hasher, googleVerifier: new FakeGoogleIdTokenVerifier() },
    });
    try {
      const { email } = await signUpTestUser(app, { password: 'attacker waits here' });
      const login = app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password: 'attacker waits here' },
      });
      await verified.wait;
      const linked = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/google',
        payload: { id_token: FakeGoogleIdTokenVerifier.token({ sub: `g-${randomUUID()}`, email }) },
      });
      expect(linked.statusCode, linked.body).toBe(200);
      release.open();
      const res = await login;
      // Either the sign-in is refused, or its session is revoked: never a working session.
      if (res.statusCode === 200) {
        const me = await app.inject({
          method: 'GET',
          url: '/api/v1/auth/me',
          headers: bearer(res.json<{ token: string }>().token),
        });
        expect(me.statusCode).toBe(401);
      } else {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: 'invalid_credentials' });
      }
    } finally {
      await app.close();
    }
  });
});
