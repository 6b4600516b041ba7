import nodemailer from 'nodemailer';
import type { Transporter } from 'nodemailer';
import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.port';

export interface SmtpMailerOptions {
  /**
   * smtp://user:pass@host:587 (STARTTLS required, except on this machine or with
   * ?requireTLS=false) or smtps://user:pass@host:465 (TLS from the first byte).
   */
  url: string;
  /** The From header: `Chorus <no-reply@example.com>` or a bare address. */
  from: string;
  /** Milliseconds for connecting, the greeting and each socket read (default 15 s). */
  timeoutMs?: number;
}

/** What a nodemailer error carries besides its message. */
interface SmtpFailure {
  code?: string;
  responseCode?: number;
  command?: string;
}

/**
 * Sends through an SMTP server with nodemailer, configured by SMTP_URL. nodemailer's own logging is
 * off, and a failure becomes a MailDeliveryError that says what went wrong (refused sign-in,
 * refused recipient or message, no connection) with the server's reply code, never the message
 * text (it holds the reset link) nor the URL's password.
 */
export class SmtpMailer implements Mailer {
  private readonly transporter: Transporter;
  private readonly host: string;

  constructor(private readonly options: SmtpMailerOptions) {
    const timeout = options.timeoutMs ?? 15_000;
    const parsed = new URL(options.url);
    this.host = parsed.host;
    this.transporter = nodemailer.createTransport({
      url: options.url,
      // smtp:// must upgrade with STARTTLS before it signs in or sends: taking it only "when
      // offered" let anyone on the path strip the offer and read the password and the reset links.
      // A relay on the same machine needs no TLS; elsewhere the URL may opt out with
      // ?requireTLS=false (its query overrides these options).
      requireTLS: requiresStartTls(parsed),
      connectionTimeout: timeout,
      greetingTimeout: timeout,
      socketTimeout: timeout,
      logger: false,
      debug: false,
    });
  }

  async send(message: MailMessage): Promise<void> {
    try {
      await this.transporter.sendMail({
        from: this.options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
      });
    } catch (error) {
      throw this.describe(error as SmtpFailure);
    }
  }

  /** Closes pooled connections (none unless the URL asks for pool=true). */
  close(): void {
    this.transporter.close();
  }

  private describe(failure: SmtpFailure): MailDeliveryError {
    const { code, responseCode } = failure;
    const reply = responseCode ? ` (SMTP ${responseCode})` : '';
    const what =
      code === 'EAUTH'
        ? 'refused the user name or password of SMTP_URL'
        : code === 'EENVELOPE'
          ? 'refused the sender or the recipient'
          : code === 'EMESSAGE'
            ? 'refused the message'
            : code === 'ECONNECTION' || code === 'ETIMEDOUT' || code === 'ESOCKET'
              ? 'could not be reached or dropped the connection'
              : code === 'ETLS'
                ? 'did not complete STARTTLS, which smtp:// requires (use smtps://, or add ?requireTLS=false to SMTP_URL for a trusted relay)'
                : 'failed';
    return new MailDeliveryError(
      `The SMTP server at ${this.host} ${what}${reply}.`,
      code,
      responseCode,
    );
  }
}

/**
 * Whether an SMTP_URL must upgrade with STARTTLS: smtp:// to another machine. smtps:// is TLS from
 * the first byte; localhost, 127.0.0.0/8 and ::1 never leave this machine.
 */
export function requiresStartTls(url: URL): boolean {
  if (url.protocol !== 'smtp:') return false;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return !(host === 'localhost' || host === '::1' || /^127\.\d+\.\d+\.\d+$/.test(host));
}
