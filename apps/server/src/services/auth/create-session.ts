import type { Repositories } from '../../repositories';
import type { AuthDeps } from './auth-deps';
import { hashSessionToken, newSessionToken } from './session-token';

const DAY_MS = 86_400_000;

/**
 * Open sessions one account keeps. A new sign-in past it ends the account's oldest open session, so
 * scripted sign-ins cannot grow the table without bound, while a person's phones, laptops and
 * browsers (a handful) never meet it.
 */
export const MAX_OPEN_SESSIONS_PER_USER = 50;

/** Opens a session for the user and returns its bearer token (shown once, stored hashed). */
export async function createSession(
  deps: Pick<AuthDeps, 'clock' | 'authConfig'> & { sessions: Repositories['sessions'] },
  userId: string,
): Promise<string> {
  const token = newSessionToken();
  const createdAt = deps.clock.now();
  const expiresAt = new Date(createdAt.getTime() + deps.authConfig.sessionTtlDays * DAY_MS);
  await deps.sessions.create({ userId, tokenHash: hashSessionToken(token), createdAt, expiresAt });
  await deps.sessions.revokeOpenBeyondNewest({
    userId,
    keep: MAX_OPEN_SESSIONS_PER_USER,
    at: createdAt,
  });
  return token;
}
