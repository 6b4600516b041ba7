import type { Workspace } from '@app/contracts';
import { NotFoundError } from '../../errors';
import type {
  InstagramConnection,
  InstagramMedia,
} from '../../providers/instagram/instagram-graph.port';
import type { InstagramPostEntry } from '../../repositories/instagram-post.repository';
import {
  requireWorkspace,
  toWorkspaceReply,
  WORKSPACE_NOT_FOUND,
} from '../workspaces/workspace-deps';
import {
  askInstagram,
  FACEBOOK_NOT_CONFIGURED,
  INSTAGRAM_NOT_CONFIGURED,
  INSTAGRAM_POSTS_LIMIT,
  requireInstagram,
  type InstagramDeps,
  type InstagramLink,
} from './instagram-deps';

/**
 * Instagram Login's return (GET /workspaces/{id}/instagram/oauth/callback?code=): exchanges the
 * code for a long-lived token, stores it encrypted with the account on the workspace and reads the
 * account's posts. 404 for another account's workspace, then 503 when Instagram Login is not
 * configured, 502 when Instagram refuses.
 */
export async function linkInstagramWithCode(
  deps: InstagramDeps,
  input: { userId: string; workspaceId: number; code: string; redirectUri: string },
): Promise<{ workspace: Workspace; posts: number }> {
  // ownership first: another account's workspace is a 404 whatever this server's settings
  await requireWorkspace(deps, input.userId, input.workspaceId);
  const link = requireInstagram(deps, INSTAGRAM_NOT_CONFIGURED, (g) => g.canExchangeCode);
  const connection = await askInstagram(() =>
    link.graph.exchangeCode(input.code, input.redirectUri),
  );
  return store(deps, link, input, connection);
}

/**
 * The Facebook route (POST /workspaces/{id}/instagram/connect): the first of the person's Pages
 * with an Instagram business account is linked with the Page's token. 503 without a Facebook app,
 * 422 when no Page has an Instagram business account.
 */
export async function connectInstagramWithFacebook(
  deps: InstagramDeps,
  input: { userId: string; workspaceId: number; userAccessToken: string },
): Promise<{ workspace: Workspace; posts: number }> {
  await requireWorkspace(deps, input.userId, input.workspaceId);
  const link = requireInstagram(deps, FACEBOOK_NOT_CONFIGURED, (g) => g.canConnectFacebook);
  const connection = await askInstagram(() =>
    link.graph.connectWithFacebook(input.userAccessToken),
  );
  return store(deps, link, input, connection);
}

/**
 * Forgets the workspace's Instagram account, token and posts. Analyses already made stay in the
 * history and the Analyzed tab. Unlinking a workspace without Instagram changes nothing.
 */
export async function unlinkInstagram(
  deps: Pick<InstagramDeps, 'transaction'>,
  input: { userId: string; workspaceId: number },
): Promise<Workspace> {
  const row = await deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    await repos.instagramPosts.deleteAll(current.id);
    return repos.workspaces.clearInstagram(current.id);
  });
  return toWorkspaceReply(row);
}

async function store(
  deps: InstagramDeps,
  link: InstagramLink,
  input: { userId: string; workspaceId: number },
  connection: InstagramConnection,
): Promise<{ workspace: Workspace; posts: number }> {
  // The link is kept even if the posts cannot be read now: a sync reads them later (the
  // authorisation code is single-use, so failing here would make the person start over).
  let media: InstagramMedia[] | null = null;
  try {
    media = await link.graph.listMedia(connection, { limit: INSTAGRAM_POSTS_LIMIT });
  } catch {
    media = null;
  }
  const at = deps.clock.now();
  return deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    if (current.instagramBusinessId !== connection.businessId)
      await repos.instagramPosts.deleteAll(current.id);
    const row = await repos.workspaces.setInstagram(current.id, {
      businessId: connection.businessId,
      username: connection.account.username,
      profilePictureUrl: connection.account.profilePictureUrl,
      tokenCiphertext: link.cipher.encrypt(connection.accessToken),
      tokenExpiresAt: connection.expiresAt,
      tokenSource: connection.source,
      at,
    });
    let posts = 0;
    if (media !== null) {
      posts = await repos.instagramPosts.replaceAll(current.id, toEntries(media));
      await repos.workspaces.markInstagramSynced(current.id, at);
    }
    return { workspace: toWorkspaceReply(row), posts };
  });
}

/** Posts as stored (each media once). */
export function toEntries(media: InstagramMedia[]): InstagramPostEntry[] {
  const seen = new Set<string>();
  return media
    .filter((m) => /^\d{9,30}$/.test(m.id) && !seen.has(m.id) && seen.add(m.id))
    .map((m) => ({
      mediaId: m.id,
      mediaType: m.mediaType,
      mediaUrl: m.mediaUrl,
      thumbnailUrl: m.thumbnailUrl,
      caption: m.caption,
      timestamp: m.timestamp,
      permalink: m.permalink,
      commentsCount: m.commentsCount,
    }));
}
