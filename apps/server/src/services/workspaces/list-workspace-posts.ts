import type { Post } from '@app/contracts';
import { toInstagramPostReply } from '../instagram/instagram-deps';
import { requireWorkspace, thumbnailFor, type WorkspaceDeps } from './workspace-deps';

/**
 * The workspace's posts for the detail screen: its added YouTube videos, newest first, with the
 * YouTube video id as the post id; then its Instagram posts, newest first by timestamp, with the
 * media id as the post id.
 */
export async function listWorkspacePosts(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<Post[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const added = await deps.repos.workspaceVideos.listAdded(workspace.id);
  const instagram = await deps.repos.instagramPosts.list(workspace.id);
  const youtube: Post[] = added.map((v) => ({
    kind: 'youtube' as const,
    id: v.youtubeVideoId,
    video_id: v.youtubeVideoId,
    title: v.title,
    thumbnail_url: thumbnailFor(v.youtubeVideoId, v.thumbnailUrl),
  }));
  return [...youtube, ...instagram.map(toInstagramPostReply)];
}
