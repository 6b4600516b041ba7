import type { Logger } from '../../logger';
import type { MailMessage, Mailer } from '../../providers/mail/mailer.port';
import type { Repositories } from '../../repositories';
import type { OneTimeLinkTable } from '../../repositories/one-time-link.repository';
import type { AuthDeps } from './auth-deps';
import { safeMailError } from './mail-text';
import { hashSessionToken, newSessionToken } from './session-token';

/** Expired links are kept a day (a late click still reads "expired"), then deleted. */
const KEEP_EXPIRED_MS = 24 * 60 * 60_000;

/**
 * Makes an e-mailed one-time link of `kind` for the account: a token of 32 random bytes
 * (base64url), of which only the SHA-256 is stored, valid `ttlMs`, usable once. Its older links of
 * that kind are voided in the same transaction, under the account's lock, so two requests at once
 * leave one valid link. Returns the token, for the link.
 */
export async function issueOneTimeLink(
  deps: Pick<AuthDeps, 'repos' | 'transaction' | 'clock'>,
  input: { kind: OneTimeLinkTable; userId: string; ttlMs: number; token?: string },
): Promise<string> {
  const now = deps.clock.now();
  const token = input.token ?? newSessionToken();
  await deps.repos[input.kind].deleteExpiredBefore(new Date(now.getTime() - KEEP_EXPIRED_MS));
  await deps.transaction(async (trx: Repositories) => {
    await trx.users.lockForSignIn(input.userId);
    await trx[input.kind].voidOpenForUser(input.userId, now);
    await trx[input.kind].create({
      userId: input.userId,
      tokenHash: hashSessionToken(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + input.ttlMs),
    });
  });
  return token;
}

/**
 * Sends the e-mail in the background (after the reply: an SMTP server's timing then tells nothing)
 * and never rejects: the outcome is logged as `what`, a failure by its code and message only,
 * never the link.
 */
export function deliverInBackground(
  deps: { mailer: Mailer; logger: Pick<Logger, 'info' | 'warn'> },
  message: MailMessage,
  input: { userId: string; what: string },
): Promise<void> {
  return deps.mailer.send(message).then(
    () => deps.logger.info({ userId: input.userId }, `${input.what} sent`),
    (error: unknown) =>
      deps.logger.warn(
        { userId: input.userId, err: safeMailError(error) },
        `${input.what} could not be sent`,
      ),
  );
}
