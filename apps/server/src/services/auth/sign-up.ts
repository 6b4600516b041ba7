import type { Credentials, TokenReply } from '@app/contracts';
import { ConflictError } from '../../errors';
import type { Repositories } from '../../repositories';
import { rateKeys, reserveOrRefuse } from '../rate-limit';
import type { AuthDeps } from './auth-deps';
import { createSession } from './create-session';
import { acceptNewPassword } from './password-policy';

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists. Sign in instead.';

/**
 * Creates the account (its address unproven), grants the sign-up credits through the ledger and
 * opens a session, all in one transaction (an account never exists without its grant). The caller
 * then e-mails a confirmation link (`sendVerificationEmail`). One address may make
 * SIGNUP_MAX_PER_ADDRESS accounts per SIGNUP_WINDOW_MINUTES (each gets free credits, and a script
 * can sign up dozens a second); past that the reply is 429 with Retry-After.
 */
export async function signUp(
  deps: Pick<AuthDeps, 'repos' | 'transaction' | 'hasher' | 'clock' | 'authConfig'>,
  input: Credentials & { ip: string },
): Promise<TokenReply & { userId: string }> {
  // A password the rules refuse is a 400 before anything is counted or hashed.
  const password = acceptNewPassword(input.password, input.email);
  const reservation = await reserveSignup(deps, input.ip);
  try {
    // A registered e-mail is refused before the password is hashed: such attempts are not counted
    // against the address (see below), so each one must not cost an argon2id hash (19 MiB and tens
    // of milliseconds of CPU), or a loop of them would hold the server's cores for free. The
    // unique e-mail still decides a race between two sign-ups.
    if (await deps.repos.users.findByEmail(input.email)) {
      throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'email_taken');
    }
    const passwordHash = await deps.hasher.hash(password);
    return await deps.transaction(async (repos) => {
      const user = await repos.users.create({ email: input.email, passwordHash });
      if (!user) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'email_taken');
      await grantSignupCredits(repos, deps.authConfig, user.id);
      const token = await createSession({ ...deps, sessions: repos.sessions }, user.id);
      return { token, userId: user.id };
    });
  } catch (error) {
    // no account was made: the attempt does not count
    if (reservation !== null) await deps.repos.rateLimitEvents.deleteByIds(reservation);
    throw error;
  }
}

/**
 * Counts this sign-up for its address before the account is made (`reserveOrRefuse`: parallel
 * sign-ups cannot all pass). Returns the counted rows' ids (null without a limit); throws 429
 * past the limit.
 */
async function reserveSignup(
  deps: Pick<AuthDeps, 'repos' | 'clock' | 'authConfig'>,
  ip: string,
): Promise<number[] | null> {
  const { repos, authConfig } = deps;
  const max = authConfig.signupMaxPerAddress;
  if (max <= 0) return null;
  const now = deps.clock.now();
  const windowMs = authConfig.signupWindowMinutes * 60_000;
  return reserveOrRefuse(
    repos.rateLimitEvents,
    { scope: 'signup', at: now, windowMs, limits: [{ key: rateKeys.ip(ip), max }] },
    {
      code: 'too_many_signups',
      message: (_key, wait) =>
        `Too many accounts were made from this network recently. Please wait ${wait} and try again, or sign in to the account you have.`,
    },
  );
}

/**
 * The free credits of a new account (SIGNUP_CREDITS, 3 by default), once per account: the ledger
 * key is `signup:<userId>` whichever way the account was made (e-mail or a sign-in provider).
 */
export async function grantSignupCredits(
  repos: Pick<Repositories, 'ledger'>,
  authConfig: AuthDeps['authConfig'],
  userId: string,
): Promise<void> {
  if (authConfig.signupCredits <= 0) return;
  await repos.ledger.append({
    userId,
    delta: authConfig.signupCredits,
    kind: 'signup_grant',
    idempotencyKey: `signup:${userId}`,
    note: 'Free credits for a new account',
  });
}
