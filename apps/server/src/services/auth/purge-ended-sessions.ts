import type { AuthDeps } from './auth-deps';

const DAY_MS = 86_400_000;

/**
 * How long an ended session's row is kept: for a day its token still answers "Your session has
 * expired" or "You have signed out" rather than "Please sign in to continue".
 */
export const ENDED_SESSION_GRACE_DAYS = 1;

/**
 * Retention of sessions (the privacy policy: session data expires after 30 days, the session
 * lifetime): rows of sessions that expired or were revoked more than ENDED_SESSION_GRACE_DAYS ago
 * are deleted. They hold only a token's hash, the account and times, but nothing needs them. Run
 * with the worker's hourly chores; safe from several workers at once.
 */
export async function purgeEndedSessions(
  deps: Pick<AuthDeps, 'repos' | 'clock'>,
): Promise<{ sessions: number }> {
  const cutoff = new Date(deps.clock.now().getTime() - ENDED_SESSION_GRACE_DAYS * DAY_MS);
  return { sessions: await deps.repos.sessions.deleteEndedBefore(cutoff) };
}
