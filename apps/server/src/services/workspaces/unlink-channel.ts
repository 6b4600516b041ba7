import type { Workspace } from '@app/contracts';
import { NotFoundError } from '../../errors';
import { toWorkspaceReply, WORKSPACE_NOT_FOUND, type WorkspaceDeps } from './workspace-deps';

/**
 * Unlinks the workspace's YouTube channel: the channel and its video list (added videos included)
 * leave the workspace; analyses already made stay in history and in the Analyzed tab. Unlinking a
 * workspace without a channel changes nothing.
 */
export async function unlinkChannel(
  deps: Pick<WorkspaceDeps, 'transaction'>,
  input: { userId: string; workspaceId: number },
): Promise<Workspace> {
  const row = await deps.transaction(async (repos) => {
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    if (current.youtubeChannelId === null) return current;
    await repos.workspaceVideos.deleteAll(current.id);
    return repos.workspaces.clearYouTubeChannel(current.id);
  });
  return toWorkspaceReply(row);
}
