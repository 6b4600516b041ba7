import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { MailDeliveryError } from './mailer.port';
import { SmtpMailer, requiresStartTls } from './smtp-mailer';

const USER = 'chorus';
const PASSWORD = 'p@ss:w/rd with spaces';
const LINK = 'http://127.0.0.1:3000/reset-password?token=' + 'A'.repeat(43);

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  mail: ParsedMail;
  raw: string;
}

/** A real SMTP server (smtp-server) on 127.0.0.1 that keeps what arrives. */
/** What sending a reset e-mail through `mailer` fails with; the mailer is closed afterwards. */
async function deliveryError(mailer: SmtpMailer, text = LINK): Promise<MailDeliveryError> {
  const error = await mailer.send({ to: 'person@example.com', subject: 'Reset', text }).then(
    () => null,
    (e: unknown) => e,
  );
  mailer.close();
  expect(error).toBeInstanceOf(MailDeliveryError);
  return error as MailDeliveryError;
}

async function startSmtp(options: Partial<SMTPServerOptions> & { rejectData?: boolean } = {}) {
  const received: Received[] = [];
  const { rejectData, ...rest } = options;
  const server = new SMTPServer({
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === USER && auth.password === PASSWORD) {
        callback(null, { user: auth.username });
      } else {
        callback(new Error('Invalid username or password'));
      }
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (rejectData) {
          const err = new Error('Message rejected as spam') as Error & { responseCode: number };
          err.responseCode = 550;
          callback(err);
          return;
        }
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((mail) => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
            to: session.envelope.rcptTo.map((r) => r.address),
            user: session.user as string | undefined,
            mail,
            raw,
          });
          callback();
        }, callback);
      });
    },
    ...rest,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const url = (port: number, user = USER, password = PASSWORD) =>
  `smtp://${encodeURIComponent(user)}:${encodeURIComponent(password)}@127.0.0.1:${port}`;

describe('SmtpMailer against a local SMTP server', () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const close of closers.splice(0)) await close();
  });

  it('signs in with the URL’s user and password and delivers text and HTML intact', async () => {
    const smtp = await startSmtp({ authOptional: false });
    closers.push(smtp.close);
    const mailer = new SmtpMailer({ url: url(smtp.port), from: 'Chorus <no-reply@chorus.test>' });
    await mailer.send({
      to: 'person@example.com',
      subject: 'Choose a new Chorus password',
      text: `Open this link:\n${LINK}\n`,
      html: `<p><a href="${LINK}">Choose a new password</a></p>`,
    });
    mailer.close();

    expect(smtp.received).toHaveLength(1);
    const [got] = smtp.received;
    expect(got!.user).toBe(USER);
    expect(got!.from).toBe('no-reply@chorus.test');
    expect(got!.to).toEqual(['person@example.com']);
    expect(got!.mail.subject).toBe('Choose a new Chorus password');
    expect(got!.mail.from?.value).toEqual([{ name: 'Chorus', address: 'no-reply@chorus.test' }]);
    expect(got!.mail.text).toContain(LINK);
    expect(got!.mail.html).toContain(`href="${LINK}"`);
  });

  it('a wrong password is a MailDeliveryError naming the refused sign-in, without the password or the message', async () => {
    const smtp = await startSmtp({ authOptional: false });
    closers.push(smtp.close);
    const wrong = 'not-the-password-42';
    const mailer = new SmtpMailer({
      url: url(smtp.port, USER, wrong),
      from: 'no-reply@chorus.test',
    });
    const e = await deliveryError(mailer);
    expect(e.code).toBe('EAUTH');
    expect(e.message).toMatch(
      /^The SMTP server at 127\.0\.0\.1:\d+ refused the user name or password of SMTP_URL \(SMTP 535\)\.$/,
    );
    const everything = `${e.message} ${e.stack ?? ''} ${JSON.stringify(e)}`;
    expect(everything).not.toContain(wrong);
    expect(everything).not.toContain('token=');
    expect(smtp.received).toHaveLength(0);
  });

  it('a server that rejects the message is a clear error that holds neither the link nor the password', async () => {
    const smtp = await startSmtp({ authOptional: false, rejectData: true });
    closers.push(smtp.close);
    const mailer = new SmtpMailer({ url: url(smtp.port), from: 'no-reply@chorus.test' });
    const e = await deliveryError(mailer, `Open ${LINK}`);
    expect(e.responseCode).toBe(550);
    expect(e.message).toMatch(/refused the message \(SMTP 550\)\.$/);
    const everything = `${e.message} ${e.stack ?? ''} ${JSON.stringify(e)}`;
    expect(everything).not.toContain(PASSWORD);
    expect(everything).not.toContain(encodeURIComponent(PASSWORD));
    expect(everything).not.toContain('token=');
  });

  it('a server that cannot be reached is a connection error, not a hang', async () => {
    const smtp = await startSmtp();
    const port = smtp.port;
    await smtp.close(); // nothing listens there now
    const mailer = new SmtpMailer({
      url: url(port),
      from: 'no-reply@chorus.test',
      timeoutMs: 2000,
    });
    const error = await deliveryError(mailer);
    expect(error.message).toMatch(/could not be reached/);
    expect(error.message).not.toContain(PASSWORD);
  });

  it('smtps:// speaks TLS from the first byte', async () => {
    // smtp-server's built-in self-signed certificate; the URL tells nodemailer to accept it.
    const smtp = await startSmtp({ secure: true, authOptional: false, disabledCommands: [] });
    closers.push(smtp.close);
    const mailer = new SmtpMailer({
      url: `smtps://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:${smtp.port}/?tls.rejectUnauthorized=false`,
      from: 'no-reply@chorus.test',
    });
    await mailer.send({ to: 'tls@example.com', subject: 'Over TLS', text: LINK });
    mailer.close();
    expect(smtp.received.map((r) => r.to)).toEqual([['tls@example.com']]);
    expect(smtp.received[0]!.mail.text).toContain(LINK);
  });

  it('requires STARTTLS: a server that does not take it gets neither the password nor the message', async () => {
    // The server offers no STARTTLS. 127.0.0.1 is exempt by default, so the URL asks for it, as
    // every smtp:// URL to another machine does.
    const auths: string[] = [];
    const watched = await startSmtp({
      authOptional: false,
      onAuth(auth, _session, callback) {
        auths.push(auth.username ?? '');
        callback(null, { user: auth.username });
      },
    });
    closers.push(watched.close);
    const mailer = new SmtpMailer({
      url: `${url(watched.port)}/?requireTLS=true`,
      from: 'no-reply@chorus.test',
      timeoutMs: 2000,
    });
    const error = await deliveryError(mailer);
    expect(error.message).toMatch(
      /did not complete STARTTLS, which smtp:\/\/ requires \(use smtps:\/\/, or add \?requireTLS=false/,
    );
    expect(auths).toEqual([]);
    expect(watched.received).toHaveLength(0);
  });

  it('asks for STARTTLS on smtp:// to another machine only', () => {
    const needs = (u: string) => requiresStartTls(new URL(u));
    expect(needs('smtp://u:p@smtp.example.com:587')).toBe(true);
    expect(needs('smtp://u:p@10.0.0.5:25')).toBe(true);
    expect(needs('smtps://u:p@smtp.example.com:465')).toBe(false);
    expect(needs('smtp://u:p@localhost:25')).toBe(false);
    expect(needs('smtp://u:p@127.0.0.1:2525')).toBe(false);
    expect(needs('smtp://u:p@127.8.9.10:2525')).toBe(false);
    expect(needs('smtp://u:p@[::1]:25')).toBe(false);
  });
});
