import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it, vi } from 'vitest';
import {
  INVALID_CREDENTIALS_MESSAGE,
  PASSWORD_RESET_SENT_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
} from '@app/contracts';
import { FakeGoogleIdTokenVerifier } from '../../../providers/google/fake-google-id-token-verifier';
import { FakeMailer } from '../../../providers/mail/fake-mailer';
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
import { bearer, buildTestApp, logInTestUser, signUpTestUser } from '../../../test/test-app';

const NEW_PASSWORD = 'a brand new passphrase';
/** A fresh client address per test, so the per-address limit of one test never reaches another. */
const freshIp = addressSequence(20);
const safeJson = jsonText;

describeEachDatabase('password reset by e-mail', (t) => {
  let app: FastifyInstance;
  // Sign-up sends a confirmation e-mail too; these tests count reset e-mails only.
  const mailer = new FakeMailer({ subject: RESET_EMAIL_SUBJECT });

  const test = useEmailLinkTestApp(
    t,
    mailer,
    {
      PASSWORD_RESET_MAX_PER_EMAIL: '3',
      PASSWORD_RESET_MAX_PER_ADDRESS: '6',
      PASSWORD_RESET_WINDOW_MINUTES: '60',
    },
    (built) => ({ app } = built),
  );

  const askReset = (email: unknown, ip = freshIp(), host = 'chorus.test') =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      payload: { email } as object,
      headers: { host },
      remoteAddress: ip,
    });
  const confirm = (payload: unknown) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      payload: payload as object,
    });
  const login = (email: string, password: string) => logInTestUser(app, email, password, freshIp());
  const me = (token: string) =>
    app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) });

  /** Asks for a reset for `email` and returns the token from the e-mail that arrives. */
  async function resetToken(email: string, ip = freshIp()): Promise<string> {
    const before = mailer.sent.length;
    const res = await askReset(email, ip);
    expect(res.statusCode, res.body).toBe(202);
    const mail = (await mailer.waitForCount(before + 1))[before]!;
    return tokenFrom(mail.text);
  }
  const tokenFrom = (text: string) => linkToken(text, 'reset-password');

  it('answers the same 202 for an unknown address and e-mails a link only to a real account', async () => {
    const { email } = await signUpTestUser(app, { email: `Reset.Me+${Date.now()}@Example.com` });
    const stored = email.toLowerCase();
    const sentBefore = mailer.sent.length;

    const unknown = await askReset(`nobody-${Date.now()}@example.com`);
    // Typed with other capitals and spaces: the e-mail still goes to the address on the account.
    const known = await askReset(`  ${email.toUpperCase()}  `);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
    expect(unknown.body).toBe(known.body);
    expect(unknown.headers['content-type']).toBe(known.headers['content-type']);

    const sent = (await mailer.waitForCount(sentBefore + 1)).slice(sentBefore);
    await new Promise((r) => setTimeout(r, 50));
    expect(mailer.sent.length).toBe(sentBefore + 1); // nothing for the unknown address
    const mail = sent[0]!;
    expect(mail.to).toBe(stored);
    expect(mail.subject).toBe('Choose a new Chorus password');
    const token = tokenFrom(mail.text);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail.text).toContain(`http://chorus.test/reset-password?token=${token}`);
    expect(mail.html).toContain(`href="http://chorus.test/reset-password?token=${token}"`);

    // Only the token's SHA-256 is stored.
    const rows = await t.db
      .selectFrom('passwordResetTokens')
      .selectAll()
      .where('userId', '=', await userIdByEmail(t.db, stored))
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(3_600_000);
  });

  it('builds the link from PUBLIC_URL when it is set, whatever the Host header says', async () => {
    const other = await buildTestApp({
      database: t.database,
      env: { PUBLIC_URL: 'https://chorus.example.com/' },
      overrides: { mailer },
    });
    try {
      const { email } = await signUpTestUser(other.app);
      const before = mailer.sent.length;
      const res = await other.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email },
        headers: { host: 'evil.example.net' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(202);
      const mail = (await mailer.waitForCount(before + 1))[before]!;
      expect(mail.text).toMatch(
        /https:\/\/chorus\.example\.com\/reset-password\?token=[\w-]{43}\n/,
      );
      expect(mail.text).not.toContain('evil.example.net');
    } finally {
      await other.app.close();
    }
  });

  it('sets the new password, revokes every session, signs the person in, and the link works once', async () => {
    const { email, password, token: sessionA } = await signUpTestUser(app);
    const sessionB = (await login(email, password)).json<{ token: string }>().token;
    expect((await me(sessionB)).statusCode).toBe(200);

    const token = await resetToken(email);
    const ok = await confirm({ token, password: NEW_PASSWORD });
    expect(ok.statusCode, ok.body).toBe(200);
    const fresh = ok.json<{ token: string }>().token;
    expect(fresh).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect((await me(fresh)).json()).toMatchObject({ email, has_password: true });

    // Every session opened before the reset is over.
    for (const old of [sessionA, sessionB]) {
      const res = await me(old);
      expect(res.statusCode).toBe(401);
    }
    // The old password no longer works; the new one does.
    const oldLogin = await login(email, password);
    expect(oldLogin.statusCode).toBe(401);
    expect(oldLogin.json()).toMatchObject({ message: INVALID_CREDENTIALS_MESSAGE });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);

    // Single use.
    const again = await confirm({ token, password: 'yet another password' });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toEqual({
      message: RESET_LINK_INVALID_MESSAGE,
      code: 'reset_link_invalid',
    });
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
    expect((await me(fresh)).statusCode).toBe(200);
  });

  it('asking again voids the older link; using one voids the others', async () => {
    const { email } = await signUpTestUser(app);
    const first = await resetToken(email);
    const second = await resetToken(email);
    expect(second).not.toBe(first);
    expect((await confirm({ token: first, password: NEW_PASSWORD })).json()).toMatchObject({
      code: 'reset_link_invalid',
    });
    expect((await confirm({ token: second, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('a link expires an hour after it was asked for (the injected clock)', async () => {
    const { email, password } = await signUpTestUser(app);
    const early = await resetToken(email);
    test.clock.advance({ minutes: 59 });
    // still valid at 59 minutes: a wrong password (too short) is refused without using the link
    const short = await confirm({ token: early, password: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json()).toMatchObject({ message: 'Passwords are at least 8 characters long.' });
    test.clock.advance({ minutes: 1, seconds: 1 });
    const late = await confirm({ token: early, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toEqual({
      message: RESET_LINK_INVALID_MESSAGE,
      code: 'reset_link_invalid',
    });
    expect((await login(email, password)).statusCode).toBe(200);

    const fresh = await resetToken(email);
    test.clock.advance({ minutes: 59 });
    expect((await confirm({ token: fresh, password: NEW_PASSWORD })).statusCode).toBe(200);
  });

  it('of two confirmations with the same link at once, exactly one succeeds', async () => {
    const { email } = await signUpTestUser(app);
    const token = await resetToken(email);
    const results = await Promise.all([
      confirm({ token, password: 'first racer password' }),
      confirm({ token, password: 'second racer password' }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const winner = results[0].statusCode === 200 ? 'first racer password' : 'second racer password';
    expect((await login(email, winner)).statusCode).toBe(200);
  });

  it('hashes one password per link however many confirmations arrive with it at once', async () => {
    const { email } = await signUpTestUser(app);
    const token = await resetToken(email);
    const hash = vi.spyOn(test.container.hasher, 'hash');
    try {
      const results = await Promise.all(
        Array.from({ length: 20 }, () => confirm({ token, password: NEW_PASSWORD })),
      );
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      expect(results.filter((r) => r.statusCode === 400)).toHaveLength(19);
      expect(hash).toHaveBeenCalledTimes(1);
    } finally {
      hash.mockRestore();
    }
  });

  it('of two requests at once for one account, only the later link stays valid', async () => {
    const { email } = await signUpTestUser(app);
    const before = mailer.sent.length;
    await Promise.all([
      app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } }),
      app.inject({ method: 'POST', url: '/api/v1/auth/password-reset', payload: { email } }),
    ]);
    const mails = (await mailer.waitForCount(before + 2)).slice(before);
    const tokens = mails.map((m) => /token=([A-Za-z0-9_-]+)/.exec(m.text)![1]!);
    const results = await Promise.all(
      tokens.map((token) => confirm({ token, password: NEW_PASSWORD })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('limits requests per e-mail and per address with a readable 429, the same for unknown e-mails', async () => {
    const { email } = await signUpTestUser(app);
    const unknown = `ghost-${Date.now()}@example.com`;
    for (const address of [email, unknown]) {
      for (let i = 0; i < 3; i++) expect((await askReset(address)).statusCode).toBe(202);
      const limited = await askReset(address);
      expectLimitedForAnHour(
        limited,
        'Too many password reset requests for this address. Please wait 60 minutes and try again.',
        'too_many_password_resets',
      );
    }

    // one network address, many e-mails
    const ip = freshIp();
    for (let i = 0; i < 6; i++) {
      expect((await askReset(`spray-${i}-${Date.now()}@example.com`, ip)).statusCode).toBe(202);
    }
    const sprayed = await askReset(`spray-last-${Date.now()}@example.com`, ip);
    expect(sprayed.statusCode).toBe(429);
    expect(sprayed.json().message).toBe(
      'Too many password reset requests from this network. Please wait 60 minutes and try again.',
    );

    test.clock.advance({ minutes: 61 });
    expect((await askReset(email)).statusCode).toBe(202);
    expect((await askReset(`spray-after-${Date.now()}@example.com`, ip)).statusCode).toBe(202);
  });

  it('answers 400 with {message, code} for malformed requests, never 500', async () => {
    const missing = await askReset(undefined);
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'invalid_request',
      message: 'Enter your e-mail address.',
    });
    const malformed = await askReset('not-an-email');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toBe('Enter a valid e-mail address, like name@example.com.');
    const notJson = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/password-reset',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toHaveProperty('message');

    const noToken = await confirm({ password: NEW_PASSWORD });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json()).toMatchObject({ message: RESET_LINK_INVALID_MESSAGE });
    const unknownToken = await confirm({ token: 'A'.repeat(43), password: NEW_PASSWORD });
    expect(unknownToken.statusCode).toBe(400);
    expect(unknownToken.json()).toEqual({
      message: RESET_LINK_INVALID_MESSAGE,
      code: 'reset_link_invalid',
    });
    const hugeToken = await confirm({ token: 'A'.repeat(5000), password: NEW_PASSWORD });
    expect(hugeToken.statusCode).toBe(400);
    const numberToken = await confirm({ token: 42, password: NEW_PASSWORD });
    expect(numberToken.statusCode).toBe(400);
    const noPassword = await confirm({ token: 'A'.repeat(43) });
    expect(noPassword.statusCode).toBe(400);
    expect(noPassword.json().message).toBe('Enter your password.');
    const long = await confirm({ token: 'A'.repeat(43), password: 'x'.repeat(257) });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('Passwords are at most 256 characters long.');
  });

  it('lets an account that signs in only with Google set a password through the link', async () => {
    const email = `google-only-${Date.now()}@example.com`;
    const google = await app.inject({
      method: 'POST',
      url: '/api/v1/auth/google',
      payload: { id_token: FakeGoogleIdTokenVerifier.token({ sub: `g-${Date.now()}`, email }) },
    });
    expect(google.statusCode, google.body).toBe(200);
    const googleSession = google.json<{ token: string }>().token;
    expect((await me(googleSession)).json()).toMatchObject({ has_password: false });

    const token = await resetToken(email);
    const ok = await confirm({ token, password: NEW_PASSWORD });
    expect(ok.statusCode).toBe(200);
    expect((await me(ok.json<{ token: string }>().token)).json()).toMatchObject({
      has_password: true,
      providers: ['google'],
    });
    expect((await me(googleSession)).statusCode).toBe(401);
    expect((await login(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it('still answers 202 when the e-mail cannot be sent, and logs the failure without the link', async () => {
    const { email } = await signUpTestUser(app);
    // (Fastify's own request lines carry circular objects; they are redacted by the serialisers.)
    const logged = await logsWhileMailFails(
      test.container.logger,
      mailer,
      'password reset e-mail could not be sent',
      async () => {
        const res = await askReset(email);
        expect(res.statusCode).toBe(202);
        expect(res.json()).toEqual({ message: PASSWORD_RESET_SENT_MESSAGE });
      },
    );
    expect(logged).toContain('SMTP 550');
    expect(logged).not.toContain('token=');
    expect(logged).not.toContain('reset-password');
  });

  it('serves the reset page with no Referer and no caching, so the token in its address goes nowhere', async () => {
    await expectTokenPageHeaders(app, '/reset-password?token=abc', ['/', '/reset-passwordless']);
  });

  it('without SMTP_URL writes the e-mail to DATA_DIR/outbox and logs only the file path', async () => {
    const fs = await import('node:fs');
    const os = await import('node:os');
    const path = await import('node:path');
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-outbox-route-'));
    const demo = await buildTestApp({ database: t.database, env: { DATA_DIR: dataDir } });
    const info = vi.spyOn(demo.container.logger, 'info');
    try {
      const { email } = await signUpTestUser(demo.app);
      const res = await demo.app.inject({
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        payload: { email },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode).toBe(202);
      const outbox = path.join(dataDir, 'outbox');
      // (sign-up wrote its confirmation e-mail there too)
      const resetFiles = () =>
        fs
          .readdirSync(outbox)
          .map((name) => path.join(outbox, name))
          .filter((f) =>
            fs.readFileSync(f, 'utf8').includes('Subject: Choose a new Chorus password'),
          );
      await vi.waitFor(() => expect(resetFiles()).toHaveLength(1), { timeout: 5000 });
      const file = resetFiles()[0]!;
      const raw = fs.readFileSync(file, 'utf8');
      expect(raw).toContain(`To: ${email}`);
      const token = tokenFrom(raw);
      // the file is written before its log line
      await vi.waitFor(() => {
        const line = info.mock.calls.find(
          (call) =>
            String(call[1]).includes('outbox') && (call[0] as { file?: string }).file === file,
        );
        expect(line?.[0]).toEqual({ file, subject: 'Choose a new Chorus password' });
      });
      const logged = info.mock.calls
        .map((call) => call.map((v) => (typeof v === 'string' ? v : safeJson(v))).join(' '))
        .join('\n');
      expect(logged).not.toContain(token);
      expect(logged).not.toContain('reset-password?');
    } finally {
      info.mockRestore();
      await demo.app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('deleting the account removes its reset links and requests', async () => {
    const { email, password, token: session } = await signUpTestUser(app);
    const userId = await userIdByEmail(t.db, email);
    const token = await resetToken(email);
    const links = () =>
      t.db.selectFrom('passwordResetTokens').select('id').where('userId', '=', userId).execute();
    const requests = () =>
      t.db.selectFrom('rateLimitEvents').select('id').where('key', '=', `email:${email}`).execute();
    expect(await links()).toHaveLength(1);
    expect(await requests()).toHaveLength(1);

    await deleteTestAccount(app, session, password);
    expect(await links()).toHaveLength(0);
    expect(await requests()).toHaveLength(0);
    const late = await confirm({ token, password: NEW_PASSWORD });
    expect(late.statusCode).toBe(400);
    expect(late.json()).toMatchObject({ code: 'reset_link_invalid' });
  });
});
