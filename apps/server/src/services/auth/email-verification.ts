import {
  EMAIL_ALREADY_VERIFIED_MESSAGE,
  EMAIL_LINK_INVALID_MESSAGE,
  type VerifyEmailReply,
} from '@app/contracts';
import { BadRequestError, ConflictError } from '../../errors';
import type { Logger } from '../../logger';
import type { MailMessage, Mailer } from '../../providers/mail/mailer.port';
import type { Repositories } from '../../repositories';
import { rateKeys, reserveOrRefuse } from '../rate-limit';
import type { AuthDeps, AuthUser } from './auth-deps';
import { escapeHtml, linkEmail } from './mail-text';
import { deliverInBackground, issueOneTimeLink } from './one-time-link';
import { hashSessionToken } from './session-token';

/** A confirmation link works for 24 hours after it was sent. */
export const EMAIL_LINK_TTL_MS = 24 * 60 * 60_000;
/** "Send again": at most this many links per account per window. */
export const EMAIL_RESEND_MAX = 3;
export const EMAIL_RESEND_WINDOW_MS = 60 * 60_000;

export const VERIFY_EMAIL_SUBJECT = 'Confirm your e-mail address for Chorus';

type SendDeps = Pick<AuthDeps, 'repos' | 'transaction' | 'clock'> & {
  mailer: Mailer;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/**
 * Makes a confirmation link for the account's address (32 random bytes, base64url; only the SHA-256
 * is stored, valid 24 hours, once), voiding its older ones, and returns the e-mail's `delivery`,
 * which runs on after the reply. The delivery never rejects: a failure is logged without the link.
 */
export async function sendVerificationEmail(
  deps: SendDeps,
  input: { userId: string; email: string; origin: string },
): Promise<{ delivery: Promise<void> }> {
  const token = await issueOneTimeLink(deps, {
    kind: 'emailVerificationTokens',
    userId: input.userId,
    ttlMs: EMAIL_LINK_TTL_MS,
  });
  const link = `${input.origin}/verify-email?token=${token}`;
  const delivery = deliverInBackground(deps, verificationEmail(input.email, link), {
    userId: input.userId,
    what: 'e-mail confirmation link',
  });
  return { delivery };
}

/**
 * POST /auth/verify-email (signed in). The link must be open (not used, voided or expired) and
 * belong to the signed-in account, else 400. Being signed in is required on purpose: someone who
 * registered another person's address (account pre-hijacking) holds the password but not the
 * mailbox, and the owner holds the mailbox but not the password; only someone with both proves that
 * the password is the address owner's, which is what lets it survive a Google or Facebook link.
 * One statement uses the link, so it works once.
 */
export async function verifyEmail(
  deps: Pick<AuthDeps, 'transaction' | 'clock'> & { logger: Pick<Logger, 'info'> },
  user: AuthUser,
  input: { token: string },
): Promise<VerifyEmailReply> {
  const tokenHash = hashSessionToken(input.token);
  const proven = await deps.transaction(async (repos) => {
    const at = deps.clock.now();
    const link = await repos.emailVerificationTokens.consume(tokenHash, at, { userId: user.id });
    if (!link) return false;
    await repos.users.markEmailVerified(user.id, at);
    await repos.emailVerificationTokens.voidOpenForUser(user.id, at);
    return true;
  });
  if (!proven) {
    throw new BadRequestError(EMAIL_LINK_INVALID_MESSAGE, undefined, 'email_link_invalid');
  }
  deps.logger.info({ userId: user.id }, 'e-mail address confirmed');
  return { email_verified: true };
}

/**
 * POST /auth/verify-email/resend (signed in): 409 when the address is already proven (or the
 * account has none); else counts the request per account (EMAIL_RESEND_MAX per hour, 429 with
 * Retry-After past it) and sends a new link, voiding the older ones.
 */
export async function resendVerificationEmail(
  deps: SendDeps,
  user: AuthUser,
  input: { origin: string },
): Promise<{ delivery: Promise<void> }> {
  const account = await deps.repos.users.findById(user.id);
  if (!account?.email) {
    throw new ConflictError('This account has no e-mail address to confirm.', 'no_email');
  }
  if (account.emailVerifiedAt) {
    throw new ConflictError(EMAIL_ALREADY_VERIFIED_MESSAGE, 'email_already_verified');
  }
  await reserveResend(deps.repos, deps.clock.now(), user.id);
  return sendVerificationEmail(deps, {
    userId: user.id,
    email: account.email,
    origin: input.origin,
  });
}

async function reserveResend(repos: Repositories, now: Date, userId: string): Promise<void> {
  await reserveOrRefuse(
    repos.rateLimitEvents,
    {
      scope: 'email_verification',
      at: now,
      windowMs: EMAIL_RESEND_WINDOW_MS,
      limits: [{ key: rateKeys.user(userId), max: EMAIL_RESEND_MAX }],
    },
    {
      code: 'too_many_email_confirmations',
      message: (_key, wait) =>
        `Too many confirmation e-mails were sent recently. Please wait ${wait} and try again.`,
    },
  );
}

/** The confirmation e-mail: plain text, and the same as simple HTML. */
export function verificationEmail(to: string, link: string): MailMessage {
  return linkEmail({
    to,
    subject: VERIFY_EMAIL_SUBJECT,
    link,
    text: [
      `Someone, hopefully you, made a Chorus account with the address ${to}.`,
      '',
      'Sign in and open this link within 24 hours to confirm that the address is yours (it works once):',
      link,
      '',
      'If you did not make this account, ignore this e-mail and do not open the link.',
    ],
    lead: (href) => [
      `<p>Someone, hopefully you, made a Chorus account with the address ${escapeHtml(to)}.</p>`,
      `<p><a href="${href}">Confirm your e-mail address</a> within 24 hours, signed in to that account (the link works once).</p>`,
    ],
    tail: ['<p>If you did not make this account, ignore this e-mail and do not open the link.</p>'],
  });
}
