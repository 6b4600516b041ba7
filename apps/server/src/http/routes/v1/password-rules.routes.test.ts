import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Container } from '../../../container';
import { FakeMailer } from '../../../providers/mail/fake-mailer';
import { RESET_EMAIL_SUBJECT } from '../../../services/auth/password-reset';
import { describeEachDatabase } from '../../../test/databases';
import { buildTestApp } from '../../../test/test-app';

describeEachDatabase('rules for a new password (sign-up and reset)', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const mailer = new FakeMailer({ subject: RESET_EMAIL_SUBJECT });

  beforeAll(async () => {
    ({ app, container } = await buildTestApp({ database: t.database, overrides: { mailer } }));
  });
  afterAll(async () => {
    await app?.close();
  });

  let n = 0;
  const ip = () => `2001:db8:1::${(n++).toString(16)}`;
  const post = (url: string, payload: object) =>
    app.inject({ method: 'POST', url, payload, remoteAddress: ip() });
  const signUp = (email: string, password: string) =>
    post('/api/v1/auth/signup', { email, password });
  const login = (email: string, password: string) =>
    post('/api/v1/auth/login', { email, password });

  const refusals = (email: string): Array<[string, string, RegExp]> => [
    ['short', 'password_too_short', /at least 8 characters/],
    ['ｓｈｏｒｔ', 'password_too_short', /at least 8 characters/], // full-width: 5 once normalised
    ['12345678', 'password_too_common', /most commonly used/],
    ['password', 'password_too_common', /most commonly used/],
    ['PassWord1', 'password_too_common', /most commonly used/],
    ['qwertyuiop', 'password_too_common', /most commonly used/],
    [' '.repeat(8), 'password_too_simple', /one character repeated/],
    ['zzzzzzzzzzzz', 'password_too_simple', /one character repeated/],
    ['lmnopqrstu', 'password_too_simple', /plain sequence/],
    ['\u0000'.repeat(8), 'password_control_characters', /control characters/],
    ['tulip\tharbour', 'password_control_characters', /control characters/],
    ['tulip harbour\n', 'password_control_characters', /control characters/],
    [email, 'password_like_email', /e-mail address/],
    [email.toUpperCase(), 'password_like_email', /e-mail address/],
    [email.split('@')[0]!, 'password_like_email', /e-mail address/],
    [`${email.split('@')[0]!}1`, 'password_like_email', /e-mail address/],
    [email.replace('.', ''), 'password_like_email', /e-mail address/],
    [email.replace('.com', '.org'), 'password_like_email', /e-mail address/],
    [`${email.split('@')[0]!.replace('.', '')}2024!`, 'password_like_email', /e-mail address/],
  ];

  it('refuses weak new passwords at sign-up, each with its own code and a reason', async () => {
    const email = `maria.lopez${n}@example.com`;
    for (const [password, code, message] of refusals(email)) {
      const res = await signUp(email, password);
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      const body = res.json<{ message: string; code: string; issues: { path: string }[] }>();
      expect(body.code, JSON.stringify(password)).toBe(code);
      expect(body.message).toMatch(message);
      expect(body.issues).toEqual([{ path: 'password', message: body.message }]);
    }
    // nothing was made
    expect(await container.repos.users.findByEmail(email)).toBeNull();
    // a password of its own is fine, and so is one that merely mentions a word of the address
    expect((await signUp(email, 'tulip harbour at dawn')).statusCode).toBe(201);
    expect(
      (await signUp(`sam-${randomUUID()}@example.com`, 'sam plays the cello')).statusCode,
    ).toBe(201);
  });

  it('counts and stores a password in its normal form, so either way of typing it signs in', async () => {
    const email = `wide-${randomUUID()}@example.com`;
    expect((await signUp(email, 'ｔｕｌｉｐ ｈａｒｂｏｕｒ 42')).statusCode).toBe(201);
    expect((await login(email, 'tulip harbour 42')).statusCode).toBe(200);
    expect((await login(email, 'ｔｕｌｉｐ ｈａｒｂｏｕｒ 42')).statusCode).toBe(200);
  });

  it('keeps existing accounts with passwords the rules now refuse working: sign-in applies no rule', async () => {
    const email = `old-${randomUUID()}@example.com`;
    // an account from before the rules, its password stored as it was typed
    const user = await container.repos.users.create({
      email,
      passwordHash: await container.hasher.hash('password'),
    });
    expect(user).not.toBeNull();
    expect((await login(email, 'password')).statusCode).toBe(200);
    const typedAsIs = `old2-${randomUUID()}@example.com`;
    await container.repos.users.create({
      email: typedAsIs,
      passwordHash: await container.hasher.hash('ｔｕｌｉｐｓ'),
    });
    expect((await login(typedAsIs, 'ｔｕｌｉｐｓ')).statusCode).toBe(200);
  });

  it('applies the same rules at a password reset, and a refused password leaves the link working', async () => {
    const email = `reset.rules.${n}@example.com`;
    expect((await signUp(email, 'tulip harbour at dawn')).statusCode).toBe(201);
    const before = mailer.sent.length;
    expect((await post('/api/v1/auth/password-reset', { email })).statusCode).toBe(202);
    const mail = (await mailer.waitForCount(before + 1))[before]!;
    const token = /\/reset-password\?token=([\w-]+)/.exec(mail.text)![1]!;
    for (const [password, code, message] of refusals(email)) {
      const res = await post('/api/v1/auth/password-reset/confirm', { token, password });
      expect(res.statusCode, JSON.stringify(password)).toBe(400);
      expect(res.json<{ code: string }>().code, JSON.stringify(password)).toBe(code);
      expect(res.json<{ message: string }>().message).toMatch(message);
    }
    const ok = await post('/api/v1/auth/password-reset/confirm', {
      token,
      password: 'a brand new passphrase',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect((await login(email, 'a brand new passphrase')).statusCode).toBe(200);
  });
});
