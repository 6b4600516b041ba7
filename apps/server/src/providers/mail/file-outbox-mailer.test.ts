import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import { FileOutboxMailer } from './file-outbox-mailer';

const LINK = 'http://127.0.0.1:3000/reset-password?token=' + 'Zz9_-'.repeat(8) + 'abc';

describe('FileOutboxMailer', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
  });
  const tempDir = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chorus-outbox-test-'));
    dirs.push(dir);
    return path.join(dir, 'outbox');
  };

  it('writes each message as a private .eml file a mail program reads, and reports only its path', async () => {
    const dir = tempDir();
    const told: { file: string; subject: string }[] = [];
    const mailer = new FileOutboxMailer({
      dir,
      from: 'Chorus <no-reply@chorus.invalid>',
      now: () => new Date('2026-11-28T10:00:00.123Z'),
      onWritten: (file, { subject }) => told.push({ file, subject }),
    });
    await mailer.send({
      to: 'person@example.com',
      subject: 'Choose a new Chorus password — now',
      text: `Hello,\n\nOpen this link:\n${LINK}\n`,
      html: `<p><a href="${LINK}">Choose a new password</a></p>`,
    });
    await mailer.send({ to: 'other@example.com', subject: 'Second', text: 'plain only' });

    const files = fs.readdirSync(dir).sort();
    expect(files).toHaveLength(2);
    expect(files.every((f) => /^20261128T100000Z-[0-9a-f]{8}\.eml$/.test(f))).toBe(true);
    expect(told.map((t) => path.dirname(t.file))).toEqual([dir, dir]);
    expect(told.map((t) => t.subject)).toEqual(['Choose a new Chorus password — now', 'Second']);
    // what the log line is given holds no link
    expect(JSON.stringify(told)).not.toContain('token=');
    expect(fs.statSync(dir).mode & 0o777).toBe(0o700);

    const first = told[0]!.file;
    expect(fs.statSync(first).mode & 0o777).toBe(0o600);
    const raw = fs.readFileSync(first, 'utf8');
    // the link is on one line, so opening the file in a text editor shows it whole
    expect(raw.split('\r\n')).toContain(LINK);
    const mail = await simpleParser(raw);
    expect(mail.subject).toBe('Choose a new Chorus password — now');
    expect(mail.from?.value).toEqual([{ name: 'Chorus', address: 'no-reply@chorus.invalid' }]);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe('person@example.com');
    expect(mail.date?.toISOString()).toBe('2026-11-28T10:00:00.000Z');
    expect(mail.text).toContain(LINK);
    expect(mail.html).toContain(`href="${LINK}"`);

    const second = await simpleParser(fs.readFileSync(told[1]!.file, 'utf8'));
    expect(second.text?.trim()).toBe('plain only');
    expect(second.html).toBe(false);
  });

  it('keeps header injection out: a newline in the subject does not start a new header', async () => {
    const dir = tempDir();
    let file = '';
    const mailer = new FileOutboxMailer({
      dir,
      from: 'no-reply@chorus.invalid',
      onWritten: (f) => (file = f),
    });
    await mailer.send({ to: 'a@example.com', subject: 'Hi\r\nBcc: evil@example.com', text: 'x' });
    const mail = await simpleParser(fs.readFileSync(file, 'utf8'));
    expect(mail.bcc).toBeUndefined();
    expect(mail.subject).toBe('Hi Bcc: evil@example.com');
  });
});
