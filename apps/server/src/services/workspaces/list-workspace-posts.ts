import type { Post } from '@app/contracts';
import { requireWorkspace, thumbnailFor, type WorkspaceDeps } from './workspace-deps';

/**
 * The workspace's posts for the detail screen: its added YouTube videos, newest first, with the
 * YouTube video id as the post id. (Instagram posts join here when Instagram linking exists.)
 */
export async function listWorkspacePosts(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<Post[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const added = await deps.repos.workspaceVideos.listAdded(workspace.id);
  return added.map((v) => ({
    kind: 'youtube' as const,
    id: v.youtubeVideoId,
    video_id: v.youtubeVideoId,
    title: v.title,
    thumbnail_url: thumbnailFor(v.youtubeVideoId, v.thumbnailUrl),
  }));
}
