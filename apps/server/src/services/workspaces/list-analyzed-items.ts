import { instagramMediaIdOf, type AnalyzedItem } from '@app/contracts';
import { toInstagramPostReply } from '../instagram/instagram-deps';
import { requireWorkspace, thumbnailFor, type WorkspaceDeps } from './workspace-deps';

/**
 * The workspace's analysed videos (the Analyzed tab): each video this user analysed from the
 * workspace or that is in its catalogue, once, with its latest analysis (status, when, and the key
 * GET /report takes), newest analysis first. Clicking one loads the report of `report_video_id`.
 * Instagram posts (report key ig_<media id>) come with the post as stored, or, once the post left
 * the workspace (unlinked, deleted on Instagram), with the title and thumbnail the analysis kept.
 */
export async function listAnalyzedItems(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<AnalyzedItem[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rows = await deps.repos.workspaceVideos.listAnalysed(input.userId, workspace.id);
  const posts = new Map(
    (await deps.repos.instagramPosts.list(workspace.id)).map((p) => [p.mediaId, p]),
  );
  return rows.map((r): AnalyzedItem => {
    const analysed = {
      report_video_id: r.videoId,
      job_id: r.jobId,
      status: r.status,
      analysed_at: r.createdAt.toISOString(),
    };
    const mediaId = instagramMediaIdOf(r.videoId);
    if (mediaId === null) {
      return {
        kind: 'youtube',
        id: r.videoId,
        video_id: r.videoId,
        title: r.title,
        thumbnail_url: thumbnailFor(r.videoId, r.thumbnailUrl),
        ...analysed,
      };
    }
    const post = posts.get(mediaId);
    if (post) return { ...toInstagramPostReply(post), ...analysed };
    return {
      kind: 'instagram',
      id: mediaId,
      media_id: mediaId,
      media_type: 'IMAGE',
      media_url: r.thumbnailUrl,
      thumbnail_url: r.thumbnailUrl,
      caption: r.title,
      permalink: null,
      timestamp: null,
      comments_count: null,
      ...analysed,
    };
  });
}
