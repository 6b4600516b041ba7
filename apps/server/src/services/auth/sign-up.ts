import type { Credentials, TokenReply } from '@app/contracts';
import { ConflictError } from '../../errors';
import type { Repositories } from '../../repositories';
import type { AuthDeps } from './auth-deps';
import { createSession } from './create-session';

export const EMAIL_TAKEN_MESSAGE = 'An account with this e-mail already exists. Sign in instead.';

/**
 * Creates the account, grants the sign-up credits through the ledger and opens a session, all in
 * one transaction (an account never exists without its grant).
 */
export async function signUp(
  deps: Pick<AuthDeps, 'transaction' | 'hasher' | 'clock' | 'authConfig'>,
  input: Credentials,
): Promise<TokenReply> {
  const passwordHash = await deps.hasher.hash(input.password);
  const token = await deps.transaction(async (repos) => {
    const user = await repos.users.create({ email: input.email, passwordHash });
    if (!user) throw new ConflictError(EMAIL_TAKEN_MESSAGE, 'email_taken');
    await grantSignupCredits(repos, deps.authConfig, user.id);
    return createSession({ ...deps, sessions: repos.sessions }, user.id);
  });
  return { token };
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
