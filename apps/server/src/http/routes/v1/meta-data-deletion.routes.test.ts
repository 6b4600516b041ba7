import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeFacebookTokenVerifier } from '../../../providers/facebook/fake-facebook-token-verifier';
import { signRequest } from '../../../providers/facebook/signed-request.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';
import {
  FACEBOOK_NOT_CONFIGURED,
  SIGNED_REQUEST_REJECTED,
} from '../../../services/auth/meta-data-deletion';

const SECRET = 'meta-app-secret-for-tests';

describeEachDatabase('Meta data deletion callback', (t) => {
  let app: FastifyInstance;

  beforeAll(async () => {
    ({ app } = await buildTestApp({
      database: t.database,
      env: {
        FACEBOOK_APP_ID: '123456',
        FACEBOOK_APP_SECRET: SECRET,
        PUBLIC_URL: 'https://chorus.example',
      },
      overrides: { facebookVerifier: new FakeFacebookTokenVerifier() },
    }));
  });
  afterAll(async () => {
    await app?.close();
  });

  const facebookSignIn = async (id: string, email?: string) => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/facebook',
      payload: {
        access_token: FakeFacebookTokenVerifier.token({ id, ...(email ? { email } : {}) }),
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<{ token: string }>().token;
  };
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });
  /** As Meta sends it: a form post. */
  const callback = (signedRequest: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/meta/data-deletion',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ signed_request: signedRequest }).toString(),
    });
  const signed = (userId: string, secret = SECRET) =>
    signRequest({ algorithm: 'HMAC-SHA256', issued_at: 1_764_300_000, user_id: userId }, secret);
  const status = (code: string) =>
    app.inject({ method: 'GET', url: `/api/v1/meta/data-deletion/${encodeURIComponent(code)}` });

  it('deletes the account that Facebook user signs in to and answers with a status link and code', async () => {
    const token = await facebookSignIn('1001', 'fb-delete@example.com');
    expect((await me(token)).statusCode).toBe(200);
    const other = await signUpTestUser(app, { email: 'fb-keep@example.com' });

    const res = await callback(signed('1001'));
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<{ url: string; confirmation_code: string }>();
    expect(reply.confirmation_code).toMatch(/^DEL-[A-Z2-9]{12}$/);
    expect(reply.url).toBe(
      `https://chorus.example/instagram-data-deletion?code=${reply.confirmation_code}`,
    );

    // the account and its sessions are gone; another person's is not
    expect((await me(token)).statusCode).toBe(401);
    expect(
      await t.db
        .selectFrom('users')
        .where('email', '=', 'fb-delete@example.com')
        .selectAll()
        .execute(),
    ).toEqual([]);
    expect(
      await t.db.selectFrom('userIdentities').where('subject', '=', '1001').selectAll().execute(),
    ).toEqual([]);
    expect((await me(other.token)).statusCode).toBe(200);

    const st = await status(reply.confirmation_code.toLowerCase());
    expect(st.statusCode, st.body).toBe(200);
    expect(st.json()).toMatchObject({
      confirmation_code: reply.confirmation_code,
      status: 'completed',
      outcome: 'account_deleted',
    });
    // the stored request says nothing about who asked
    const row = await t.db
      .selectFrom('dataDeletionRequests')
      .selectAll()
      .where('code', '=', reply.confirmation_code)
      .executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual([
      'code',
      'completedAt',
      'outcome',
      'requestedAt',
      'source',
    ]);
  });

  it('records a request for a Facebook user with no account as nothing to delete, and takes JSON too', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/meta/data-deletion',
      payload: { signed_request: signed('999999') },
    });
    expect(res.statusCode, res.body).toBe(200);
    const code = res.json<{ confirmation_code: string }>().confirmation_code;
    expect((await status(code)).json()).toMatchObject({ outcome: 'no_account' });
    // a second request for a deleted person is the same: there is nothing left
    await facebookSignIn('1002');
    expect((await callback(signed('1002'))).json()).toHaveProperty('confirmation_code');
    const again = await callback(signed('1002'));
    expect(
      (await status(again.json<{ confirmation_code: string }>().confirmation_code)).json(),
    ).toMatchObject({
      outcome: 'no_account',
    });
  });

  it('refuses a request it cannot verify, and deletes nothing', async () => {
    const token = await facebookSignIn('1003', 'fb-forged@example.com');
    for (const bad of [signed('1003', 'not-our-secret'), 'garbage', '']) {
      const res = await callback(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json<{ message: string }>().message).toBe(
        bad === '' ? 'signed_request is required.' : SIGNED_REQUEST_REJECTED,
      );
    }
    const none = await app.inject({ method: 'POST', url: '/api/v1/meta/data-deletion' });
    expect(none.statusCode).toBe(400);
    expect((await me(token)).statusCode).toBe(200);
  });

  it('answers 404 for an unknown or malformed code', async () => {
    for (const code of ['DEL-AAAAAAAAAAAA', 'nope', "DEL-' or 1=1"]) {
      const res = await status(code);
      expect(res.statusCode, code).toBe(404);
      expect(res.json<{ message: string }>().message).toMatch(
        /No deletion request has that confirmation code/,
      );
    }
  });
});

describeEachDatabase('Meta data deletion callback without Facebook', (t) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    ({ app } = await buildTestApp({ database: t.database }));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('answers 503 with what is missing', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/v1/meta/data-deletion',
      payload: { signed_request: signRequest({ algorithm: 'HMAC-SHA256', user_id: '1' }, 'x') },
    });
    expect(res.statusCode).toBe(503);
    expect(res.json<{ message: string }>().message).toBe(FACEBOOK_NOT_CONFIGURED);
  });
});
