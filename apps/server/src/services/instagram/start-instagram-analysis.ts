import { instagramVideoKey } from '@app/contracts';
import { AppError, NotFoundError } from '../../errors';
import type { AnalysisDeps } from '../analysis/analysis-deps';
import { queueAnalysis, requireOneCredit } from '../analysis/start-analysis';
import type { VideoMetadata } from '../../providers/comment-sources/comment-source.port';
import type { InstagramPost } from '../../repositories/instagram-post.repository';
import type { Workspace } from '../../repositories/workspace.repository';
import { requireWorkspace } from '../workspaces/workspace-deps';
import {
  INSTAGRAM_NOT_LINKED,
  requireInstagram,
  titleFromCaption,
  type InstagramDeps,
} from './instagram-deps';

export const INSTAGRAM_POST_NOT_FOUND =
  "This Instagram post is not in this workspace's posts. Sync the workspace to refresh its posts, then choose again.";

/**
 * POST /instagram/analyze?media_id=&workspace_id=: starts an analysis of one of the workspace's
 * Instagram posts under the report key `ig_<media id>`, with the same credit rules as a YouTube
 * analysis (the post's comment count is the estimate). The report's title and thumbnail come from
 * the post. 404 for another user's workspace or a post not in its posts; 409 without Instagram.
 */
export async function startInstagramAnalysis(
  deps: Pick<AnalysisDeps, 'repos' | 'transaction' | 'clock' | 'jobQueue' | 'analysisConfig'> &
    Pick<InstagramDeps, 'instagram'>,
  input: { userId: string; workspaceId: number; mediaId: string },
): Promise<{ jobId: string }> {
  // ownership first: another account's workspace is a 404 whatever this server's settings
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  requireInstagram(deps);
  if (!workspace.instagramBusinessId)
    throw new AppError(409, 'instagram_not_linked', INSTAGRAM_NOT_LINKED);
  const post = await deps.repos.instagramPosts.find(workspace.id, input.mediaId);
  if (!post) throw new NotFoundError(INSTAGRAM_POST_NOT_FOUND, 'instagram_post_not_found');
  const balance = await requireOneCredit(deps, input.userId);
  return queueAnalysis(deps, {
    userId: input.userId,
    videoId: instagramVideoKey(post.mediaId),
    video: instagramPostMetadata(workspace, post),
    balance,
    workspaceId: workspace.id,
  });
}

/** What an Instagram post's analysis records and prices: the post's caption, image and count. */
export function instagramPostMetadata(workspace: Workspace, post: InstagramPost): VideoMetadata {
  return {
    videoId: instagramVideoKey(post.mediaId),
    title: titleFromCaption(post.caption, post.mediaType),
    thumbnailUrl: post.thumbnailUrl ?? post.mediaUrl,
    channelTitle: workspace.instagramUsername ? `@${workspace.instagramUsername}` : 'Instagram',
    commentCount: post.commentsCount,
  };
}
