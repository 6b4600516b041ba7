import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import type { MailMessage, Mailer } from './mailer.port';

export interface FileOutboxMailerOptions {
  /** The folder the .eml files go to (DATA_DIR/outbox). */
  dir: string;
  from: string;
  now?: () => Date;
  /** Told the file's path once per message; never the message's content. */
  onWritten?: (file: string, message: Pick<MailMessage, 'subject'>) => void;
}

/**
 * The mailer without SMTP_URL (the embedded demo): each message becomes an .eml file in DATA_DIR's
 * outbox, as Django's file e-mail backend or letter_opener do, readable with any mail program or a
 * text editor (8-bit text, so a link is never split across lines). Only the file's path is logged,
 * never the message (it holds a reset link). Folder 0700 and files 0600: the links are secrets.
 */
export class FileOutboxMailer implements Mailer {
  constructor(private readonly options: FileOutboxMailerOptions) {}

  async send(message: MailMessage): Promise<void> {
    const at = (this.options.now ?? (() => new Date()))();
    await fs.mkdir(this.options.dir, { recursive: true, mode: 0o700 });
    const stamp = at
      .toISOString()
      .replace(/[-:]/g, '')
      .replace(/\.\d+Z$/, 'Z');
    const file = path.join(this.options.dir, `${stamp}-${randomBytes(4).toString('hex')}.eml`);
    await fs.writeFile(file, composeEml(message, this.options.from, at), {
      mode: 0o600,
      flag: 'wx',
    });
    this.options.onWritten?.(file, { subject: message.subject });
  }
}

/** RFC 2047 encoded-word for a header with non-ASCII text; ASCII stays as it is. */
function headerText(value: string): string {
  const clean = value.replace(/[\r\n]+/g, ' ');

  if (/^[\x20-\x7e]*$/.test(clean)) return clean;
  return `=?UTF-8?B?${Buffer.from(clean, 'utf8').toString('base64')}?=`;
}

/** A body part: 8bit when every line fits SMTP's 998 octets, else base64 in 76-character lines. */
function part(contentType: string, body: string): string {
  const crlf = body.replace(/\r?\n/g, '\r\n');
  const fits = crlf.split('\r\n').every((line) => Buffer.byteLength(line, 'utf8') <= 998);
  const encoded = fits
    ? crlf
    : (
        Buffer.from(body, 'utf8')
          .toString('base64')
          .match(/.{1,76}/g) ?? []
      ).join('\r\n');
  return [
    `Content-Type: ${contentType}; charset=utf-8`,
    `Content-Transfer-Encoding: ${fits ? '8bit' : 'base64'}`,
    '',
    encoded,
  ].join('\r\n');
}

/** The message as an RFC 5322 / MIME document (multipart/alternative when it has HTML). */
export function composeEml(message: MailMessage, from: string, at: Date): string {
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'localhost';
  const headers = [
    `From: ${headerText(from)}`,
    `To: ${headerText(message.to)}`,
    `Subject: ${headerText(message.subject)}`,
    `Date: ${at.toUTCString().replace('GMT', '+0000')}`,
    `Message-ID: <${randomBytes(12).toString('hex')}@${domain}>`,
    'MIME-Version: 1.0',
  ];
  if (message.html === undefined) {
    return `${headers.join('\r\n')}\r\n${part('text/plain', message.text)}\r\n`;
  }
  const boundary = `chorus-${randomBytes(12).toString('hex')}`;
  return [
    ...headers,
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    `--${boundary}`,
    part('text/plain', message.text),
    `--${boundary}`,
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
