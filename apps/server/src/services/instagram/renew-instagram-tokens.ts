import type { Logger } from '../../logger';
import { InstagramGraphError } from '../../providers/instagram/instagram-graph.port';
import type { Workspace } from '../../repositories/workspace.repository';
import { credentialsOf, type InstagramDeps } from './instagram-deps';

/** An Instagram Login token (60 days) is extended in its last this-many days. */
export const TOKEN_REFRESH_WINDOW_MS = 20 * 86_400_000;

/** Tokens one sweep extends at most (the rest wait for the next sweep, an hour later). */
export const TOKENS_PER_SWEEP = 200;

/** True when the workspace's Instagram Login token is still valid and in its renewal window. */
export function tokenRenewalDue(w: Pick<Workspace, 'instagramTokenExpiresAt'>, now: Date): boolean {
  const expires = w.instagramTokenExpiresAt?.getTime();
  return (
    expires !== undefined &&
    expires > now.getTime() &&
    expires - now.getTime() < TOKEN_REFRESH_WINDOW_MS
  );
}

export interface RenewalSweep {
  renewed: number;
  /** Instagram refused the token (revoked, password changed): marked expired, the owner reconnects. */
  revoked: number;
  /** Instagram could not be reached or answered an error: tried again at the next sweep. */
  failed: number;
}

/**
 * Extends every Instagram Login token in its last TOKEN_REFRESH_WINDOW_MS (the worker runs it
 * hourly with the retention purge), so a workspace keeps its Instagram link although its owner
 * does not sync it for the token's 60 days; a sync also extends a token that is due. A token
 * Instagram refuses (code 190: revoked, the password changed) is marked expired at once, so the
 * sweep stops asking and the next sync answers "reconnect Instagram"; any other failure is
 * retried at the next sweep while the old token still works. A workspace relinked or synced
 * while Instagram was asked keeps its newer token. Tokens and their errors' texts are never
 * logged, only workspace ids and counts.
 */
export async function renewInstagramTokens(
  deps: InstagramDeps & { logger: Pick<Logger, 'warn'> },
): Promise<RenewalSweep> {
  const sweep: RenewalSweep = { renewed: 0, revoked: 0, failed: 0 };
  const link = deps.instagram;
  if (!link || !link.graph.canExchangeCode) return sweep;
  const now = deps.clock.now();
  const due = await deps.repos.workspaces.listInstagramTokensExpiring(
    now,
    new Date(now.getTime() + TOKEN_REFRESH_WINDOW_MS),
    TOKENS_PER_SWEEP,
  );
  for (const w of due) {
    const credentials = credentialsOf(link, w);
    if (!credentials) continue; // unreadable with this key: only a reconnect helps
    let outcome: { accessToken: string; expiresAt: Date | null } | 'revoked' | null;
    try {
      outcome = await link.graph.refreshToken(credentials);
    } catch (error) {
      if (!(error instanceof InstagramGraphError)) throw error;
      if (error.reason !== 'reconnect') {
        sweep.failed++;
        deps.logger.warn(
          { workspaceId: w.id, reason: error.reason },
          'Instagram token renewal failed; retried at the next sweep',
        );
        continue;
      }
      outcome = 'revoked';
    }
    if (outcome === null) continue;
    const stored = await deps.transaction(async (repos) => {
      const current = await repos.workspaces.lockForUser(w.userId, w.id);
      // Relinked, unlinked or renewed by a sync meanwhile: that token is newer than this answer.
      if (current?.instagramTokenCiphertext !== w.instagramTokenCiphertext) return false;
      await repos.workspaces.setInstagramToken(
        w.id,
        outcome === 'revoked'
          ? { tokenCiphertext: w.instagramTokenCiphertext!, tokenExpiresAt: deps.clock.now() }
          : {
              tokenCiphertext: link.cipher.encrypt(outcome.accessToken),
              tokenExpiresAt: outcome.expiresAt,
            },
      );
      return true;
    });
    if (!stored) continue;
    if (outcome === 'revoked') {
      sweep.revoked++;
      deps.logger.warn(
        { workspaceId: w.id },
        'Instagram refused the token; the workspace must reconnect Instagram',
      );
    } else sweep.renewed++;
  }
  return sweep;
}
