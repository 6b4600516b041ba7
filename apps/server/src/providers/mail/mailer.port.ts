/** One e-mail: plain text always, HTML optionally (sent as multipart/alternative). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

/**
 * Sends e-mail. Adapters: SMTP (SMTP_URL, through nodemailer) and a file outbox that writes each
 * message as an .eml file under DATA_DIR (the default, so the demo works offline). A failure is a
 * MailDeliveryError whose message never holds the message's content or the server's password.
 */
export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

export class MailDeliveryError extends Error {
  constructor(
    message: string,
    /** nodemailer's error code (EAUTH, EENVELOPE, EMESSAGE, ECONNECTION, ...), when there is one. */
    readonly code?: string,
    /** The SMTP server's reply code (535, 550, ...), when it answered. */
    readonly responseCode?: number,
  ) {
    super(message);
    this.name = 'MailDeliveryError';
  }
}

/** Sends nothing (a process given no mailer). */
export const noopMailer: Mailer = { send: () => Promise.resolve() };
