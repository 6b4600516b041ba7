import { requireWorkspace, type WorkspaceDeps } from './workspace-deps';

/** The YouTube ids of the workspace's added videos, newest first (`?added_only=true`). */
export async function listAddedVideoIds(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<string[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rows = await deps.repos.workspaceVideos.listAdded(workspace.id);
  return rows.map((v) => v.youtubeVideoId);
}
