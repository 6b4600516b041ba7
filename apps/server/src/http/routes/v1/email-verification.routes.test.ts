import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { EMAIL_ALREADY_VERIFIED_MESSAGE, EMAIL_LINK_INVALID_MESSAGE } from '@app/contracts';
import { FakeGoogleIdTokenVerifier } from '../../../providers/google/fake-google-id-token-verifier';
import { FakeMailer } from '../../../providers/mail/fake-mailer';
import { VERIFY_EMAIL_SUBJECT } from '../../../services/auth/email-verification';
import { RESET_EMAIL_SUBJECT } from '../../../services/auth/password-reset';
import {
  expectLimitedForAnHour,
  expectTokenPageHeaders,
  logsWhileMailFails,
  useEmailLinkTestApp,
} from '../../../test/email-links';
import { describeEachDatabase } from '../../../test/databases';
import { userIdByEmail } from '../../../test/deep-dive-fixtures';
import { addressSequence, deleteTestAccount, jsonText, linkToken } from '../../../test/factories';
import { bearer, logInTestUser, signUpTestUser } from '../../../test/test-app';

const freshIp = addressSequence(30);
const text = jsonText;

describeEachDatabase('e-mail verification', (t) => {
  let app: FastifyInstance;
  const mailer = new FakeMailer({ subject: VERIFY_EMAIL_SUBJECT });
  const resetMailer = new FakeMailer({ subject: RESET_EMAIL_SUBJECT });
  const bothMailers = {
    send: async (m: Parameters<FakeMailer['send']>[0]) => {
      await mailer.send(m);
      await resetMailer.send(m);
    },
  };

  const test = useEmailLinkTestApp(t, bothMailers, {}, (built) => ({ app } = built));

  const verify = (token: string | null, payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email',
      payload: payload as object,
      headers: token ? bearer(token) : {},
    });
  const resend = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/verify-email/resend',
      headers: { ...bearer(token), host: 'chorus.test' },
    });
  const me = async (token: string) =>
    (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })).json<{
      email: string | null;
      has_password: boolean;
      email_verified: boolean;
    }>();
  const tokenFrom = (body: string) => linkToken(body, 'verify-email');
  /** Signs up and returns the session and the token of the confirmation e-mail it got. */
  async function signUpWithLink(input: { password?: string } = {}) {
    const before = mailer.sent.length;
    const user = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/signup',
      payload: {
        email: `Verify.Me+${crypto.randomUUID()}@Example.com`,
        password: input.password ?? 'correct horse battery staple',
      },
      headers: { host: 'chorus.test' },
      remoteAddress: freshIp(),
    });
    expect(user.statusCode, user.body).toBe(201);
    const session = user.json<{ token: string }>().token;
    const mail = (await mailer.waitForCount(before + 1))[before]!;
    return { session, mail, link: tokenFrom(mail.text), email: mail.to };
  }

  it('sign-up e-mails one working link; it confirms the address once', async () => {
    const before = mailer.sent.length;
    const { session, mail, link, email } = await signUpWithLink();
    await new Promise((r) => setTimeout(r, 50));
    expect(mailer.sent.length).toBe(before + 1); // exactly one
    expect(email).toMatch(/^verify\.me\+[\w-]+@example\.com$/); // the stored (normalised) address
    expect(mail.subject).toBe('Confirm your e-mail address for Chorus');
    expect(link).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`http://chorus.test/verify-email?token=${link}`);
    expect(mail.html).toContain(`href="http://chorus.test/verify-email?token=${link}"`);

    // Only the SHA-256, valid 24 hours.
    const userId = await userIdByEmail(t.db, email);
    const rows = await t.db
      .selectFrom('emailVerificationTokens')
      .selectAll()
      .where('userId', '=', userId)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(link).digest('hex'));
    expect(text(rows)).not.toContain(link);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(24 * 3_600_000);

    expect(await me(session)).toMatchObject({ email, email_verified: false });
    const ok = await verify(session, { token: link });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toEqual({ email_verified: true });
    expect(await me(session)).toMatchObject({ email, has_password: true, email_verified: true });

    const again = await verify(session, { token: link });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: EMAIL_LINK_INVALID_MESSAGE,
      code: 'email_link_invalid',
    });
    expect(EMAIL_LINK_INVALID_MESSAGE).toBe(
      'This confirmation link has expired or was already used. Sign in and ask for a new one.',
    );
  });

  it('a link expires 24 hours after it was sent (the injected clock)', async () => {
    const { session, link } = await signUpWithLink();
    test.clock.advance({ hours: 24, seconds: 1 });
    const late = await verify(session, { token: link });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ message: EMAIL_LINK_INVALID_MESSAGE });
    expect(await me(session)).toMatchObject({ email_verified: false });

    const { session: s2, link: l2 } = await signUpWithLink();
    test.clock.advance({ hours: 23, minutes: 59 });
    expect((await verify(s2, { token: l2 })).statusCode).toBe(200);
  });

  it('needs the session of the account the link was sent to (whoever registered an address cannot have its owner confirm it)', async () => {
    const { session, link } = await signUpWithLink();
    const signedOut = await verify(null, { token: link });
    expect(signedOut.statusCode).toBe(401);
    const stranger = await signUpTestUser(app);
    const wrongAccount = await verify(stranger.token, { token: link });
    expect(wrongAccount.statusCode).toBe(400);
    expect(wrongAccount.json()).toMatchObject({ code: 'email_link_invalid' });
    expect(await me(stranger.token)).toMatchObject({ email_verified: false });
    // Neither used the link up.
    expect((await verify(session, { token: link })).statusCode).toBe(200);
  });

  it('answers 400 for malformed or unknown tokens, never 500', async () => {
    const { session } = await signUpWithLink();
    for (const payload of [
      {},
      { token: '' },
      { token: 42 },
      { token: 'A'.repeat(500) },
      { token: 'A'.repeat(43) },
    ]) {
      const res = await verify(session, payload);
      expect(res.statusCode, text(payload)).toBe(400);
      expect(res.json().message).toBe(EMAIL_LINK_INVALID_MESSAGE);
    }
  });

  it('"Send again" voids the older link, is limited per account, and answers 409 once confirmed', async () => {
    const { session, link: first } = await signUpWithLink();
    const links: string[] = [];
    for (let i = 0; i < 3; i++) {
      const before = mailer.sent.length;
      const res = await resend(session);
      expect(res.statusCode, res.body).toBe(202);
      links.push(tokenFrom((await mailer.waitForCount(before + 1))[before]!.text));
    }
    const limited = await resend(session);
    expectLimitedForAnHour(
      limited,
      'Too many confirmation e-mails were sent recently. Please wait 60 minutes and try again.',
      'too_many_email_confirmations',
    );
    // Another account is not limited by this one.
    const other = await signUpWithLink();
    expect((await resend(other.session)).statusCode).toBe(202);

    for (const old of [first, links[0]!, links[1]!]) {
      expect((await verify(session, { token: old })).statusCode).toBe(400);
    }
    expect((await verify(session, { token: links[2]! })).statusCode).toBe(200);

    test.clock.advance({ minutes: 61 });
    const done = await resend(session);
    expect(done.statusCode).toBe(409);
    expect(done.json()).toEqual({
      message: EMAIL_ALREADY_VERIFIED_MESSAGE,
      code: 'email_already_verified',
    });
    const signedOut = await app.inject({ method: 'POST', url: '/api/v1/auth/verify-email/resend' });
    expect(signedOut.statusCode).toBe(401);
  });

  it('a sign-up still succeeds when the e-mail cannot be sent, and the failure is logged without the link', async () => {
    let token = '';
    const logged = await logsWhileMailFails(
      test.container.logger,
      mailer,
      'e-mail confirmation link could not be sent',
      async () => {
        ({ token } = await signUpTestUser(app));
      },
    );
    expect(await me(token)).toMatchObject({ email_verified: false });
    expect(logged).toContain('SMTP 550');
    expect(logged).not.toContain('token=');
    expect(logged).not.toContain('verify-email');
  });

  it('a password reset by link confirms the address', async () => {
    const { email, session } = await signUpWithLink();
    expect(await me(session)).toMatchObject({ email_verified: false });
    const before = resetMailer.sent.length;
    const ask = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email },
      remoteAddress: freshIp(),
    });
    expect(ask.statusCode).toBe(202);
    const mail = (await resetMailer.waitForCount(before + 1))[before]!;
    const token = /reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    const ok = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: { token, password: 'a brand new passphrase' },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(await me(ok.json<{ token: string }>().token)).toMatchObject({
      email,
      has_password: true,
      email_verified: true,
    });
  });

  it('a confirmed account keeps its password and sessions when its owner later uses Google; an unconfirmed one does not', async () => {
    const confirmed = await signUpWithLink({ password: 'owner password here' });
    expect((await verify(confirmed.session, { token: confirmed.link })).statusCode).toBe(200);
    const unconfirmed = await signUpWithLink({ password: 'maybe an impostor' });

    const viaGoogle = (email: string) =>
      app.inject({
        method: 'POST',
        url: '/api/v1/auth/google',
        payload: {
          id_token: FakeGoogleIdTokenVerifier.token({ sub: `g-${crypto.randomUUID()}`, email }),
        },
        remoteAddress: freshIp(),
      });
    const login = (email: string, password: string) =>
      logInTestUser(app, email, password, freshIp());
    const status = async (token: string) =>
      (await app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) }))
        .statusCode;

    expect((await viaGoogle(confirmed.email)).statusCode).toBe(200);
    expect(await status(confirmed.session)).toBe(200);
    expect((await login(confirmed.email, 'owner password here')).statusCode).toBe(200);

    const g = await viaGoogle(unconfirmed.email);
    expect(g.statusCode).toBe(200);
    expect(await status(unconfirmed.session)).toBe(401);
    expect((await login(unconfirmed.email, 'maybe an impostor')).statusCode).toBe(401);
    expect(await me(g.json<{ token: string }>().token)).toMatchObject({
      has_password: false,
      email_verified: true,
    });
  });

  it('deleting the account removes its confirmation links and its resend counts', async () => {
    const { session, link, email } = await signUpWithLink({ password: 'delete me please' });
    const userId = await userIdByEmail(t.db, email);
    expect((await resend(session)).statusCode).toBe(202);
    const links = () =>
      t.db
        .selectFrom('emailVerificationTokens')
        .select('id')
        .where('userId', '=', userId)
        .execute();
    const counts = () =>
      t.db.selectFrom('rateLimitEvents').select('id').where('key', '=', `user:${userId}`).execute();
    expect((await links()).length).toBeGreaterThan(0);
    expect((await counts()).length).toBeGreaterThan(0);
    await deleteTestAccount(app, session, 'delete me please');
    expect(await links()).toHaveLength(0);
    expect(await counts()).toHaveLength(0);
    expect((await verify(session, { token: link })).statusCode).toBe(401);
  });

  it('serves the confirmation page with no Referer and no caching', async () => {
    await expectTokenPageHeaders(app, '/verify-email?token=abc', ['/verify-emails']);
  });
});
