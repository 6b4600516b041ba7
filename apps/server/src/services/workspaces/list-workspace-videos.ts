import type { WorkspaceVideo } from '@app/contracts';
import { requireWorkspace, thumbnailFor, type WorkspaceDeps } from './workspace-deps';

/** The workspace's channel catalogue, newest first, each with its Added flag. */
export async function listWorkspaceVideos(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<WorkspaceVideo[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rows = await deps.repos.workspaceVideos.listForWorkspace(workspace.id);
  return rows.map((v) => ({
    id: v.id,
    youtube_video_id: v.youtubeVideoId,
    title: v.title,
    thumbnail_url: thumbnailFor(v.youtubeVideoId, v.thumbnailUrl),
    published_at: v.publishedAt?.toISOString() ?? null,
    is_added: v.isAdded,
  }));
}
