import type { Workspace } from '@app/contracts';
import { NotFoundError } from '../../errors';
import { DIRECTORY_MESSAGES } from '../../providers/comment-sources/channel-directory.port';
import {
  askDirectory,
  fetchCatalogue,
  requireWorkspace,
  toWorkspaceReply,
  WORKSPACE_NOT_FOUND,
  type WorkspaceDeps,
} from './workspace-deps';

/**
 * Links a YouTube channel to the user's workspace: looks the channel up (title and avatar are
 * stored), fills the catalogue with its newest uploads and answers the updated workspace. Linking
 * another channel replaces the catalogue and the added videos; linking the same one again is a
 * sync. YouTube is asked before the database transaction, so no lock waits on the network.
 */
export async function linkChannel(
  deps: WorkspaceDeps,
  input: { userId: string; workspaceId: number; channelId: string },
): Promise<Workspace> {
  await requireWorkspace(deps, input.userId, input.workspaceId);
  const channel = await askDirectory(() => deps.channelDirectory.getChannel(input.channelId));
  if (!channel) throw new NotFoundError(DIRECTORY_MESSAGES.channelNotFound, 'channel_not_found');
  const entries = (await fetchCatalogue(deps, channel.channelId)) ?? [];
  const at = deps.clock.now();

  const row = await deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    const sameChannel = current.youtubeChannelId === channel.channelId;
    if (!sameChannel) await repos.workspaceVideos.deleteAll(current.id);
    await repos.workspaceVideos.mergeCatalogue(current.id, entries);
    const change = { title: channel.title, avatarUrl: channel.thumbnailUrl, at };
    return sameChannel
      ? repos.workspaces.markYouTubeSynced(current.id, change)
      : repos.workspaces.setYouTubeChannel(current.id, { ...change, channelId: channel.channelId });
  });
  return toWorkspaceReply(row);
}
