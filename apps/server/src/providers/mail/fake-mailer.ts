import { MailDeliveryError, type MailMessage, type Mailer } from './mailer.port';

/**
 * Keeps every message in `sent` for tests to read (only those with `subject`, when given: a test of
 * one kind of e-mail is not disturbed by the others); `failing = true` makes `send` fail as an SMTP
 * server that refused the message would.
 */
export class FakeMailer implements Mailer {
  readonly sent: MailMessage[] = [];
  failing = false;
  private waiters: (() => void)[] = [];

  constructor(private readonly options: { subject?: string } = {}) {}

  send(message: MailMessage): Promise<void> {
    if (this.options.subject !== undefined && message.subject !== this.options.subject) {
      return Promise.resolve();
    }
    if (this.failing) {
      return Promise.reject(
        new MailDeliveryError('The SMTP server at fake refused the message (SMTP 550).'),
      );
    }
    this.sent.push(message);
    for (const wake of this.waiters.splice(0)) wake();
    return Promise.resolve();
  }

  /** Resolves once `count` messages have been sent (at most `timeoutMs`, then rejects). */
  async waitForCount(count: number, timeoutMs = 5000): Promise<MailMessage[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.sent.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`expected ${count} e-mails, ${this.sent.length} were sent`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.sent.slice(0, count);
  }
}
