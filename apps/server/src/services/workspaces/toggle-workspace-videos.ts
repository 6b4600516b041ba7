import { BadRequestError, ConflictError, NotFoundError } from '../../errors';
import { requireWorkspace, WORKSPACE_NOT_FOUND, type WorkspaceDeps } from './workspace-deps';

/**
 * Adds catalogue videos to the workspace (or removes them with `isAdded: false`; they stay in the
 * catalogue). Every id must be in the catalogue, else nothing changes and the 400 names the ids.
 * Answers the YouTube ids of every added video afterwards. Repeating a call changes nothing.
 */
export async function toggleWorkspaceVideos(
  deps: Pick<WorkspaceDeps, 'repos' | 'transaction' | 'clock'>,
  input: { userId: string; workspaceId: number; videoIds: string[]; isAdded: boolean },
): Promise<{ added: string[] }> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  if (workspace.youtubeChannelId === null) {
    throw new ConflictError(
      'Link a YouTube channel to this workspace first, then add videos from it.',
      'channel_not_linked',
    );
  }
  const videoIds = [...new Set(input.videoIds)];
  const at = deps.clock.now();
  const added = await deps.transaction(async (repos) => {
    // The lock keeps a concurrent sync from dropping a video between the check and the update.
    const current = await repos.workspaces.lockForUser(input.userId, input.workspaceId);
    if (!current) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
    const missing = await repos.workspaceVideos.findMissing(current.id, videoIds);
    if (missing.length > 0) {
      const which = missing.length === 1 ? 'This video is' : 'These videos are';
      throw new BadRequestError(
        `${which} not in this workspace's channel videos: ${missing.join(', ')}. Sync the workspace to refresh its videos, then choose again.`,
        missing.map((id) => ({ path: 'video_ids', message: `${id} is not in this workspace.` })),
        'videos_not_in_workspace',
      );
    }
    await repos.workspaceVideos.setAdded(current.id, videoIds, input.isAdded, at);
    return repos.workspaceVideos.listAdded(current.id);
  });
  return { added: added.map((v) => v.youtubeVideoId) };
}
