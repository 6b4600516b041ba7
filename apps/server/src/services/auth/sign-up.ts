import type { Credentials, TokenReply } from '@app/contracts';
import { ConflictError } from '../../errors';
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
    if (deps.authConfig.signupCredits > 0) {
      await repos.ledger.append({
        userId: user.id,
        delta: deps.authConfig.signupCredits,
        kind: 'signup_grant',
        idempotencyKey: `signup:${user.id}`,
        note: 'Free credits for a new account',
      });
    }
    return createSession({ ...deps, sessions: repos.sessions }, user.id);
  });
  return { token };
}
