import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { INVALID_CREDENTIALS_MESSAGE } from '@app/contracts';
import type { ManualClock } from '../../../clock';
import { describeEachDatabase } from '../../../test/databases';
import { MAX_OPEN_SESSIONS_PER_USER } from '../../../services/auth/create-session';
import { bearer, buildTestApp, fastTestHasher, signUpTestUser } from '../../../test/test-app';

const post = (app: FastifyInstance, url: string, payload: unknown, headers = {}) =>
  app.inject({ method: 'POST', url, payload: payload as object, headers });

describeEachDatabase('auth routes', (t) => {
  let app: FastifyInstance;
  let clock: ManualClock;

  beforeAll(async () => {
    ({ app, clock } = await buildTestApp({
      database: t.database,
      env: { LOGIN_MAX_FAILURES: '3', LOGIN_WINDOW_MINUTES: '15' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  it('signs up, shows 3 credits and the basic plan, logs out and back in', async () => {
    const { token, email, password } = await signUpTestUser(app, {
      email: `  New.User+${Date.now()}@Example.COM `,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(email).not.toBe(email.toLowerCase().trim());

    const account = await me(token);
    expect(account.statusCode).toBe(200);
    expect(account.json()).toEqual({
      email: email.trim().toLowerCase(),
      credits_balance: 3,
      subscription_plan: 'basic',
      has_password: true,
      providers: [],
      // sign-up proves nothing about the address; the e-mailed link does
      email_verified: false,
    });

    const out = await post(app, '/api/v1/auth/logout', undefined, bearer(token));
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ success: true });

    const login = await post(app, '/api/v1/auth/login', { email, password });
    expect(login.statusCode).toBe(200);
    const second = login.json<{ token: string }>().token;
    expect(second).not.toBe(token);
    expect((await me(second)).json()).toMatchObject({ credits_balance: 3 });
  });

  it('rejects a malformed e-mail and a short password with 400 and the schema message', async () => {
    const bad = await post(app, '/api/v1/auth/signup', {
      email: 'not-an-email',
      password: 'longenough',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'invalid_request',
      message: 'Enter a valid e-mail address, like name@example.com.',
      issues: [{ path: 'email', message: 'Enter a valid e-mail address, like name@example.com.' }],
    });

    const short = await post(app, '/api/v1/auth/signup', {
      email: 'a@example.com',
      password: 'short',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().message).toBe('Passwords are at least 8 characters long.');

    const missing = await post(app, '/api/v1/auth/login', {});
    expect(missing.statusCode).toBe(400);
    const issues = missing.json<{ issues: { path: string }[] }>().issues;
    expect(issues.map((i) => i.path).sort()).toEqual(['email', 'password']);
  });

  it('gives 409 for an e-mail that is already registered', async () => {
    const { email } = await signUpTestUser(app);
    const again = await post(app, '/api/v1/auth/signup', {
      email: email.toUpperCase(),
      password: 'another password',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'An account with this e-mail already exists. Sign in instead.',
      code: 'email_taken',
    });
  });

  it('gives the same 401 for a wrong password and an unknown e-mail, and changes nothing', async () => {
    const { token, email } = await signUpTestUser(app);
    const wrong = await post(
      app,
      '/api/v1/auth/login',
      { email, password: 'wrong password' },
      {
        'x-forwarded-for': 'ignored',
      },
    );
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      message: INVALID_CREDENTIALS_MESSAGE,
      code: 'invalid_credentials',
    });

    const unknown = await post(app, '/api/v1/auth/login', {
      email: 'nobody-here@example.com',
      password: 'wrong password',
    });
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json()).toEqual(wrong.json());

    // The existing session still works and the balance is untouched.
    expect((await me(token)).json()).toMatchObject({
      credits_balance: 3,
      subscription_plan: 'basic',
    });
  });

  it('answers 401 without a token, with an unknown token and with a malformed header', async () => {
    const none = await app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json()).toMatchObject({ code: 'unauthorized' });
    expect((await me('x'.repeat(43))).statusCode).toBe(401);
    const basic = await app.inject({
      method: 'GET',
      url: '/api/v1/auth/me',
      headers: { authorization: 'Basic Zm9vOmJhcg==' },
    });
    expect(basic.statusCode).toBe(401);
  });

  it('expires a session 30 days after it was created', async () => {
    const { token } = await signUpTestUser(app);
    clock.advance({ days: 29, hours: 23 });
    expect((await me(token)).statusCode).toBe(200);
    clock.advance({ hours: 1 });
    const expired = await me(token);
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({ code: 'session_expired' });
  });

  it('revokes the token on logout', async () => {
    const { token } = await signUpTestUser(app);
    expect((await post(app, '/api/v1/auth/logout', undefined, bearer(token))).statusCode).toBe(200);
    const after = await me(token);
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'session_revoked' });
    expect((await post(app, '/api/v1/auth/logout', undefined, bearer(token))).statusCode).toBe(401);
  });

  it("keeps an account's newest sessions open and ends the oldest past the cap", async () => {
    const { token: first, email, password } = await signUpTestUser(app);
    const tokens = [first];
    for (let i = 1; i < MAX_OPEN_SESSIONS_PER_USER; i++) {
      const res = await post(app, '/api/v1/auth/login', { email, password });
      expect(res.statusCode, res.body).toBe(200);
      tokens.push(res.json<{ token: string }>().token);
    }
    // at the cap every session is open
    expect((await me(first)).statusCode).toBe(200);
    const res = await post(app, '/api/v1/auth/login', { email, password });
    const newest = res.json<{ token: string }>().token;
    expect((await me(newest)).statusCode).toBe(200);
    const oldest = await me(first);
    expect(oldest.statusCode).toBe(401);
    expect(oldest.json()).toMatchObject({ code: 'session_revoked' });
    expect((await me(tokens[1]!)).statusCode).toBe(200);
    // another account's sessions are not touched
    const stranger = await signUpTestUser(app);
    expect((await me(stranger.token)).statusCode).toBe(200);
  });

  it('rate-limits repeated failures with 429 and Retry-After, also for the right password', async () => {
    const { email, password } = await signUpTestUser(app);
    for (let i = 0; i < 3; i++) {
      const res = await post(app, '/api/v1/auth/login', { email, password: `wrong-${i}-password` });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(app, '/api/v1/auth/login', { email, password });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual({
      message: 'Too many failed sign-in attempts. Please wait 15 minutes and try again.',
      code: 'too_many_login_attempts',
    });
    expect(Number(blocked.headers['retry-after'])).toBe(15 * 60);

    clock.advance({ minutes: 15, seconds: 1 });
    const later = await post(app, '/api/v1/auth/login', { email, password });
    expect(later.statusCode).toBe(200);
  });

  it('stores an argon2id hash and only the SHA-256 of the token', async () => {
    const { token, email, password } = await signUpTestUser(app);
    const user = await t.db
      .selectFrom('users')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(user.passwordHash).not.toContain(password);
    const sessions = await t.db
      .selectFrom('sessions')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(sessions[0]!.expiresAt.getTime() - sessions[0]!.createdAt.getTime()).toBe(
      30 * 86_400_000,
    );
  });

  it('creates one account when the same e-mail signs up many times at once', async () => {
    const email = `race-${Date.now()}@example.com`;
    const replies = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(app, '/api/v1/auth/signup', { email, password: 'tulip harbour 42' }),
      ),
    );
    const codes = replies.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    const token = replies.find((r) => r.statusCode === 201)!.json<{ token: string }>().token;
    expect((await me(token)).json()).toMatchObject({ credits_balance: 3 });
  });

  it('checks no more passwords than the limit when the guesses arrive all at once', async () => {
    // LOGIN_MAX_FAILURES=3 here
    const email = `burst-${Date.now()}@example.com`;
    await post(app, '/api/v1/auth/signup', { email, password: 'tulip harbour 42' });
    const guess = (password: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email, password },
        remoteAddress: '198.51.100.9',
      });
    const replies = await Promise.all(Array.from({ length: 20 }, (_, i) => guess(`guess-${i}-x`)));
    const codes = replies.map((r) => r.statusCode);
    // each attempt counts itself before its password is checked, so at most 3 are checked (on
    // PGlite, which runs one query at a time, exactly 3; on a server all 20 may be counted first)
    const checked = codes.filter((c) => c === 401).length;
    expect(checked).toBeLessThanOrEqual(3);
    expect(codes.filter((c) => c === 429)).toHaveLength(20 - checked);
    // one by one after the burst, the window allows exactly the rest of the 3
    let more = 0;
    while (more < 10 && (await guess(`later-${more}-x`)).statusCode === 401) more++;
    expect(checked + more).toBe(3);
    // and then the right password is refused too until the window passes
    expect((await guess('tulip harbour 42')).statusCode).toBe(429);
  });

  it('also limits one address trying many different e-mails', async () => {
    // LOGIN_MAX_FAILURES=3 here, so one address may fail 12 times across e-mails.
    const ip = '198.51.100.7';
    for (let i = 0; i < 12; i++) {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: `spray-${i}@example.com`, password: 'guess-password' },
        remoteAddress: ip,
      });
      expect(res.statusCode).toBe(401);
    }
    const blocked = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'spray-new@example.com', password: 'guess-password' },
      remoteAddress: ip,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
    const elsewhere = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: 'spray-new@example.com', password: 'guess-password' },
      remoteAddress: '198.51.100.8',
    });
    expect(elsewhere.statusCode).toBe(401);
  });
});

describeEachDatabase('sign-up limit per address', (t) => {
  let app: FastifyInstance;
  let clock: ManualClock;
  beforeAll(async () => {
    ({ app, clock } = await buildTestApp({
      database: t.database,
      env: { SIGNUP_MAX_PER_ADDRESS: '3', SIGNUP_WINDOW_MINUTES: '60' },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const signUp = (email: string, remoteAddress: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: { email, password: 'tulip harbour 42' },
      remoteAddress,
    });
  const fresh = () => `farm-${Math.random().toString(36).slice(2)}@example.com`;

  it('makes at most 3 accounts per address in the window, also when asked all at once', async () => {
    const ip = '203.0.113.5';
    const replies = await Promise.all(Array.from({ length: 8 }, () => signUp(fresh(), ip)));
    const made = replies.filter((r) => r.statusCode === 201).length;
    expect(made).toBeLessThanOrEqual(3);
    const refused = replies.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(8 - made);
    expect(refused[0]!.headers['retry-after']).toBeDefined();
    expect(refused[0]!.json<{ message: string }>().message).toMatch(
      /^Too many accounts were made from this network recently\. Please wait \d+ minutes? and try again/,
    );
    let more = 0;
    while (more < 5 && (await signUp(fresh(), ip)).statusCode === 201) more++;
    expect(made + more).toBe(3);
    // another address is not held back, and the window passes
    expect((await signUp(fresh(), '203.0.113.99')).statusCode).toBe(201);
    clock.advance({ minutes: 61 });
    expect((await signUp(fresh(), ip)).statusCode).toBe(201);
  });

  it('counts the address a trusted proxy forwards (TRUST_PROXY), not the proxy', async () => {
    const proxied = await buildTestApp({
      database: t.database,
      env: { SIGNUP_MAX_PER_ADDRESS: '1', TRUST_PROXY: '127.0.0.1' },
    });
    try {
      const viaProxy = (client: string) =>
        proxied.app.inject({
          method: 'POST',
          url: '/api/v1/auth/signup',
          payload: { email: fresh(), password: 'tulip harbour 42' },
          remoteAddress: '127.0.0.1',
          headers: { 'x-forwarded-for': client },
        });
      expect((await viaProxy('198.51.100.21')).statusCode).toBe(201);
      expect((await viaProxy('198.51.100.22')).statusCode).toBe(201);
      expect((await viaProxy('198.51.100.21')).statusCode).toBe(429);
    } finally {
      await proxied.app.close();
    }
  });

  it('refuses a registered e-mail without hashing the password (uncounted attempts must be cheap)', async () => {
    let hashes = 0;
    const counting = await buildTestApp({
      database: t.database,
      overrides: {
        hasher: {
          hash: (password: string) => {
            hashes++;
            return fastTestHasher.hash(password);
          },
          verify: (hash: string, password: string) => fastTestHasher.verify(hash, password),
        },
      },
    });
    try {
      const email = fresh();
      const first = await counting.app.inject({
        method: 'POST',
        url: '/api/v1/auth/signup',
        payload: { email, password: 'tulip harbour 42' },
      });
      expect(first.statusCode).toBe(201);
      const before = hashes;
      const replies = await Promise.all(
        Array.from({ length: 5 }, () =>
          counting.app.inject({
            method: 'POST',
            url: '/api/v1/auth/signup',
            payload: { email: email.toUpperCase(), password: 'another password' },
          }),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual([409, 409, 409, 409, 409]);
      expect(replies[0]!.json()).toMatchObject({ code: 'email_taken' });
      expect(hashes - before).toBe(0);
    } finally {
      await counting.app.close();
    }
  });

  it('does not count a sign-up that made no account (the e-mail was taken)', async () => {
    const ip = '203.0.113.6';
    const email = fresh();
    expect((await signUp(email, ip)).statusCode).toBe(201);
    expect((await signUp(email, ip)).statusCode).toBe(409);
    expect((await signUp(email, ip)).statusCode).toBe(409);
    expect((await signUp(fresh(), ip)).statusCode).toBe(201);
    expect((await signUp(fresh(), ip)).statusCode).toBe(201);
    expect((await signUp(fresh(), ip)).statusCode).toBe(429);
  });
});
