import { UnauthorizedError } from '../../errors';
import type { AuthDeps, AuthUser } from './auth-deps';
import { hashSessionToken } from './session-token';

export const SESSION_EXPIRED_MESSAGE = 'Your session has expired. Please sign in again.';
export const SESSION_REVOKED_MESSAGE = 'You have signed out. Please sign in again.';
export const SIGN_IN_REQUIRED_MESSAGE = 'Please sign in to continue.';

/** Resolves a bearer token to its user, or throws 401 for a missing, unknown, expired or revoked one. */
export async function authenticate(
  deps: Pick<AuthDeps, 'repos' | 'clock'>,
  token: string | undefined,
): Promise<AuthUser> {
  if (!token) throw new UnauthorizedError(SIGN_IN_REQUIRED_MESSAGE, 'unauthorized');
  const session = await deps.repos.sessions.findByTokenHash(hashSessionToken(token));
  if (!session) throw new UnauthorizedError(SIGN_IN_REQUIRED_MESSAGE, 'invalid_token');
  if (session.revokedAt) throw new UnauthorizedError(SESSION_REVOKED_MESSAGE, 'session_revoked');
  if (session.expiresAt.getTime() <= deps.clock.now().getTime()) {
    throw new UnauthorizedError(SESSION_EXPIRED_MESSAGE, 'session_expired');
  }
  return { id: session.userId, email: session.email, sessionId: session.sessionId };
}
