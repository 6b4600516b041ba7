import {
  PASSWORD_RESET_SENT_MESSAGE,
  RESET_LINK_INVALID_MESSAGE,
  type PasswordResetReply,
  type TokenReply,
} from '@app/contracts';
import { BadRequestError } from '../../errors';
import type { Logger } from '../../logger';
import type { MailMessage, Mailer } from '../../providers/mail/mailer.port';
import type { AuthDeps } from './auth-deps';
import { rateKeys, reserveOrRefuse } from '../rate-limit';
import { createSession } from './create-session';
import { escapeHtml, linkEmail } from './mail-text';
import { acceptNewPassword } from './password-policy';
import { deliverInBackground, issueOneTimeLink } from './one-time-link';
import { hashSessionToken, newSessionToken } from './session-token';

/** A reset link works for an hour after it was asked for. */
export const RESET_LINK_TTL_MS = 60 * 60_000;

export const RESET_EMAIL_SUBJECT = 'Choose a new Chorus password';

type RequestDeps = Pick<AuthDeps, 'repos' | 'transaction' | 'clock' | 'authConfig'> & {
  mailer: Mailer;
  logger: Pick<Logger, 'info' | 'warn'>;
};

/**
 * POST /auth/password-reset. Counts the request (per e-mail and per address; 429 past either
 * limit, the same whether or not an account uses the address), then, when an account does, voids
 * its open links, stores the SHA-256 of a new token (32 random bytes, base64url) valid for an hour
 * and e-mails `{origin}/reset-password?token=...` to the address stored on the account. The reply
 * is the same either way. The e-mail is sent after the reply (`delivery`, which never rejects: a
 * failure is logged without the link), so the time an SMTP server takes cannot tell who has an
 * account either.
 */
export async function requestPasswordReset(
  deps: RequestDeps,
  input: { email: string; ip: string; origin: string },
): Promise<{ reply: PasswordResetReply; delivery: Promise<void> }> {
  const { repos } = deps;
  await reserveResetRequest(deps, input);
  const reply = { message: PASSWORD_RESET_SENT_MESSAGE } as const;

  // Made whether or not it is used, so both paths do the same work up to the database.
  const token = newSessionToken();
  const user = await repos.users.findByEmail(input.email);
  if (!user?.email) return { reply, delivery: Promise.resolve() };
  await issueOneTimeLink(deps, {
    kind: 'passwordResetTokens',
    userId: user.id,
    ttlMs: RESET_LINK_TTL_MS,
    token,
  });
  const link = `${input.origin}/reset-password?token=${token}`;
  // Sent to the address on the account, not the one typed (they match once normalised).
  const delivery = deliverInBackground(deps, resetEmail(user.email, link), {
    userId: user.id,
    what: 'password reset e-mail',
  });
  return { reply, delivery };
}

/**
 * POST /auth/password-reset/confirm. A link that is unknown, used, voided or expired is a 400 (and
 * costs no password hash); so is a new password the rules refuse (acceptNewPassword, with its own
 * code), and the link then still works. Otherwise the link is used (one statement, so two requests with it
 * cannot both pass), the password hashed, and in one transaction the account's password becomes
 * the new one (an account that
 * signed in only through Google or Facebook gets its first: the link proved the address), every
 * other open link is voided, every session of the account is revoked, and a new session is opened
 * for the person who reset it (the reply is login's).
 */
export async function confirmPasswordReset(
  deps: Pick<AuthDeps, 'repos' | 'transaction' | 'hasher' | 'clock' | 'authConfig'> & {
    logger: Pick<Logger, 'info'>;
  },
  input: { token: string; password: string },
): Promise<TokenReply> {
  const tokenHash = hashSessionToken(input.token);
  // The new password is judged before the link is used, so a refused one leaves the link working.
  const open = await deps.repos.passwordResetTokens.findOpen(tokenHash, deps.clock.now());
  if (!open) throw invalidLink();
  const owner = await deps.repos.users.findById(open.userId);
  const password = acceptNewPassword(input.password, owner?.email ?? null);
  // The link is used before the password is hashed: of many requests with one link at once only
  // the one that used it computes a hash (each costs 19 MiB and tens of milliseconds; checking
  // first let 40 parallel confirmations with one link compute 40). Should anything after fail, the
  // link is spent and the person asks for another.
  const link = await deps.repos.passwordResetTokens.consume(tokenHash, deps.clock.now());
  if (!link) throw invalidLink();
  const passwordHash = await deps.hasher.hash(password);
  const result = await deps.transaction(async (repos) => {
    const at = deps.clock.now();
    // The same lock a password sign-in takes before opening its session: a sign-in verified with
    // the old password meanwhile either opens its session before this (revoked below) or finds
    // the password changed (see logIn).
    const user = await repos.users.lockForSignIn(link.userId);
    if (!user) return null;
    await repos.users.setPassword(user.id, passwordHash);
    // The link reached the address on the account: it is proven (and so is this password).
    if (user.email) await repos.users.markEmailVerified(user.id, at, user.email);
    await repos.passwordResetTokens.voidOpenForUser(user.id, at);
    const revoked = await repos.sessions.revokeAllForUser(user.id, at);
    const token = await createSession({ ...deps, sessions: repos.sessions }, user.id);
    return { token, userId: user.id, revoked };
  });
  if (!result) throw invalidLink();
  deps.logger.info(
    { userId: result.userId, revokedSessions: result.revoked },
    'password reset: new password set, every other session revoked',
  );
  return { token: result.token };
}

function invalidLink(): BadRequestError {
  return new BadRequestError(RESET_LINK_INVALID_MESSAGE, undefined, 'reset_link_invalid');
}

/**
 * Counts this request before anything else, then checks both limits with it included (so a burst
 * cannot pass a check made before any of it was counted). A refused request is not kept.
 */
async function reserveResetRequest(
  deps: Pick<AuthDeps, 'repos' | 'clock' | 'authConfig'>,
  input: { email: string; ip: string },
): Promise<void> {
  const { repos, authConfig } = deps;
  const now = deps.clock.now();
  const windowMs = authConfig.passwordResetWindowMinutes * 60_000;
  const emailKey = rateKeys.email(input.email);
  await reserveOrRefuse(
    repos.rateLimitEvents,
    {
      scope: 'password_reset',
      at: now,
      windowMs,
      limits: [
        { key: emailKey, max: authConfig.passwordResetMaxPerEmail },
        { key: rateKeys.ip(input.ip), max: authConfig.passwordResetMaxPerAddress },
      ],
    },
    {
      code: 'too_many_password_resets',
      message: (key, wait) =>
        key === emailKey
          ? `Too many password reset requests for this address. Please wait ${wait} and try again.`
          : `Too many password reset requests from this network. Please wait ${wait} and try again.`,
    },
  );
}

/** The reset e-mail: plain text, and the same as simple HTML. */
export function resetEmail(to: string, link: string): MailMessage {
  return linkEmail({
    to,
    subject: RESET_EMAIL_SUBJECT,
    link,
    text: [
      `Someone, hopefully you, asked to choose a new password for the Chorus account ${to}.`,
      '',
      'Open this link within an hour to choose it (it works once):',
      link,
      '',
      'Choosing a new password signs you out on every other device.',
      'If you did not ask for this, ignore this e-mail: your password stays as it is.',
    ],
    lead: (href) => [
      `<p>Someone, hopefully you, asked to choose a new password for the Chorus account ${escapeHtml(to)}.</p>`,
      `<p><a href="${href}">Choose a new password</a> within an hour (the link works once).</p>`,
    ],
    tail: [
      '<p>Choosing a new password signs you out on every other device. If you did not ask for this, ignore this e-mail: your password stays as it is.</p>',
    ],
  });
}
