import { AppError, NotFoundError } from '../../errors';
import {
  ChannelDirectoryError,
  type ChannelSummary,
} from '../../providers/comment-sources/channel-directory.port';
import {
  askDirectory,
  fetchCatalogue,
  requireWorkspace,
  WORKSPACE_NOT_FOUND,
  type WorkspaceDeps,
} from './workspace-deps';
import { syncInstagramPosts } from '../instagram/sync-instagram-posts';

export interface SyncResult {
  youtubeVideos: number;
  instagramPosts: number;
}

export const CHANNEL_GONE_MESSAGE =
  "This workspace's YouTube channel is no longer available on YouTube (deleted or hidden). Its videos stay in the workspace; unlink it to link another channel.";

/**
 * Refreshes the workspace's YouTube catalogue and its Instagram posts. Both are tried; when one
 * fails the other is still refreshed and the first failure is answered.
 */
export async function syncWorkspace(
  deps: WorkspaceDeps,
  input: { userId: string; workspaceId: number },
): Promise<SyncResult> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  let failure: Error | null = null;
  let youtubeVideos = 0;
  let instagramPosts = 0;
  try {
    youtubeVideos = await syncYouTube(deps, input, workspace.youtubeChannelId);
  } catch (error) {
    failure = asError(error);
  }
  try {
    instagramPosts = await syncInstagramPosts(
      { ...deps, instagram: deps.instagram ?? null },
      { userId: input.userId, workspace },
    );
  } catch (error) {
    failure ??= asError(error);
  }
  if (failure !== null) throw failure;
  return { youtubeVideos, instagramPosts };
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/**
 * Refreshes the workspace's catalogue from its channel: new uploads appear, titles and thumbnails
 * are updated, videos that left the channel's newest uploads leave the catalogue unless they were
 * added; the channel's title and avatar are refreshed. Idempotent. A workspace without a channel
 * has nothing to sync (zero counts). A channel that no longer exists answers 410 and changes
 * nothing, so the creator's added videos and analyses are kept.
 */
async function syncYouTube(
  deps: WorkspaceDeps,
  input: { userId: string; workspaceId: number },
  channelId: string | null,
): Promise<number> {
  if (channelId === null) return 0;

  const channel = await askDirectory(async (): Promise<ChannelSummary | null> => {
    try {
      return await deps.channelDirectory.getChannel(channelId);
    } catch (error) {
      if (error instanceof ChannelDirectoryError && error.reason === 'channel_not_found')
        return null;
      throw error;
    }
  });
  if (!channel) throw new AppError(410, 'channel_gone', CHANNEL_GONE_MESSAGE);
  const entries = await fetchCatalogue(deps, channelId);
  const at = deps.clock.now();

  const youtubeVideos = await deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    // Unlinked or linked to another channel while YouTube was asked: that answer is stale.
    if (current.youtubeChannelId === channelId) {
      // No source knew the uploads this time: keep the catalogue rather than empty it.
      if (entries !== null) await repos.workspaceVideos.mergeCatalogue(current.id, entries);
      await repos.workspaces.markYouTubeSynced(current.id, {
        title: channel.title,
        avatarUrl: channel.thumbnailUrl,
        at,
      });
    }
    return repos.workspaceVideos.count(current.id);
  });
  return youtubeVideos;
}
