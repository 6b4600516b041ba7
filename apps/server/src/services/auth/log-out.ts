import type { AuthDeps, AuthUser } from './auth-deps';

/** Revokes the session the request was made with; its token stops working at once. */
export async function logOut(
  deps: Pick<AuthDeps, 'repos' | 'clock'>,
  user: AuthUser,
): Promise<void> {
  await deps.repos.sessions.revoke(user.sessionId, deps.clock.now());
}
