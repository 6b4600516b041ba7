import { AppError, NotFoundError } from '../../errors';
import { INSTAGRAM_MESSAGES } from '../../providers/instagram/instagram-graph.port';
import type { Workspace } from '../../repositories/workspace.repository';
import { WORKSPACE_NOT_FOUND } from '../workspaces/workspace-deps';
import {
  askInstagram,
  credentialsOf,
  INSTAGRAM_POSTS_LIMIT,
  type InstagramDeps,
} from './instagram-deps';
import { toEntries } from './link-instagram';
import { tokenRenewalDue } from './renew-instagram-tokens';

/**
 * Refreshes the workspace's Instagram posts from its account (part of POST /workspaces/{id}/sync),
 * and extends an Instagram Login token in its renewal window, as the worker's hourly sweep does
 * (renew-instagram-tokens.ts; a failed extension is not an error: the old token still works). A
 * workspace without Instagram, or a server without Instagram configured, has 0 posts to sync and
 * keeps what it has. An expired token answers 409 "reconnect Instagram".
 */
export async function syncInstagramPosts(
  deps: InstagramDeps,
  input: { userId: string; workspace: Workspace },
): Promise<number> {
  const w = input.workspace;
  if (!w.instagramBusinessId) return 0;
  if (!deps.instagram) return 0;
  const credentials = credentialsOf(deps.instagram, w);
  if (!credentials) throw new AppError(409, 'instagram_reconnect', INSTAGRAM_MESSAGES.reconnect);
  const link = deps.instagram;
  const now = deps.clock.now();
  let refreshed: { accessToken: string; expiresAt: Date | null } | null = null;
  if (tokenRenewalDue(w, now)) {
    refreshed = await link.graph.refreshToken(credentials).catch(() => null);
    if (refreshed) credentials.accessToken = refreshed.accessToken;
  }
  const media = await askInstagram(() =>
    link.graph.listMedia(credentials, { limit: INSTAGRAM_POSTS_LIMIT }),
  );
  const at = deps.clock.now();
  return deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, w.id);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    // Unlinked or linked to another account while Instagram was asked: that answer is stale.
    if (current.instagramBusinessId !== w.instagramBusinessId) return 0;
    if (refreshed) {
      await repos.workspaces.setInstagramToken(current.id, {
        tokenCiphertext: link.cipher.encrypt(refreshed.accessToken),
        tokenExpiresAt: refreshed.expiresAt,
      });
    }
    const n = await repos.instagramPosts.replaceAll(current.id, toEntries(media));
    await repos.workspaces.markInstagramSynced(current.id, at);
    return n;
  });
}
