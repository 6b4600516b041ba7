import {
  extractVideoId,
  platformOfVideoKey,
  INVALID_VIDEO_URL_MESSAGE,
  isSampleVideoId,
  type AnalysisEstimateReply,
  type BatchEstimateReply,
} from '@app/contracts';
import { AppError, BadRequestError } from '../../errors';
import { COMMENTS_PER_CREDIT, priceAnalysis, type AnalysisDeps } from './analysis-deps';
import { BUY_CREDITS_HINT, lookUpVideo } from './start-analysis';
import { requireWorkspace } from '../workspaces/workspace-deps';

type EstimateDeps = Pick<AnalysisDeps, 'repos' | 'commentSources' | 'analysisConfig'>;

/**
 * What Analyze will cost, before it is pressed: the video's comment count (null when the source
 * cannot say), the credits the start would hold by the same pricing rule as the start itself,
 * how many comments the balance allows, and the creator's newest finished analysis of the video.
 * Spends nothing. 400 for a link without a video id; 404/422 as the start for a video that cannot
 * be analysed.
 */
export async function estimateAnalysis(
  deps: EstimateDeps,
  input: { userId: string; videoUrl?: string | undefined; videoId?: string | undefined },
): Promise<AnalysisEstimateReply> {
  const videoId = extractVideoId(input.videoId ?? input.videoUrl ?? '');
  if (videoId === null)
    throw new BadRequestError(INVALID_VIDEO_URL_MESSAGE, undefined, 'invalid_video_url');
  const [balance, video, last] = await Promise.all([
    deps.repos.ledger.getBalance(input.userId),
    lookUpVideo(deps, videoId),
    deps.repos.analysisJobs.latestCompleteForUserVideo(input.userId, videoId),
  ]);
  const free = isSampleVideoId(videoId);
  const commentCount = video?.commentCount ?? null;
  const price = priceAnalysis({
    commentCount,
    balance,
    maxCommentsPerAnalysis: deps.analysisConfig.maxCommentsPerAnalysis,
    free,
  });
  return {
    video_id: videoId,
    title: video?.title ?? null,
    comment_count: commentCount,
    credits: price.credits,
    balance: Math.max(0, balance),
    will_analyse: price.comments,
    max_comments: deps.analysisConfig.maxCommentsPerAnalysis,
    free,
    last_analysis: last ? { job_id: last.id, created_at: last.createdAt.toISOString() } : null,
  };
}

/**
 * What a batch will cost: each video priced as the batch starts it, one after another, each with
 * the balance the previous one left; a video the balance no longer covers, or that cannot be
 * analysed, holds nothing and says why. Spends nothing. 404 for another account's workspace.
 */
export async function estimateBatch(
  deps: EstimateDeps,
  input: { userId: string; videoIds: string[]; workspaceId?: number | undefined },
): Promise<BatchEstimateReply> {
  if (input.workspaceId !== undefined)
    await requireWorkspace(deps, input.userId, input.workspaceId);
  const videoIds = [...new Set(input.videoIds)];
  const balance = Math.max(0, await deps.repos.ledger.getBalance(input.userId));
  const max = deps.analysisConfig.maxCommentsPerAnalysis;
  const looked = await Promise.all(
    videoIds.map(async (videoId) => {
      if (platformOfVideoKey(videoId) !== 'youtube' || extractVideoId(videoId) !== videoId)
        return { videoId, video: null, error: 'Only YouTube videos can be analyzed here.' };
      try {
        return { videoId, video: await lookUpVideo(deps, videoId), error: null };
      } catch (error) {
        if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
        return { videoId, video: null, error: error.message };
      }
    }),
  );
  let left = balance;
  let total: number | null = 0;
  const videos: BatchEstimateReply['videos'] = looked.map(({ videoId, video, error }) => {
    const commentCount = video?.commentCount ?? null;
    if (error === null && commentCount === null) total = null;
    else if (error === null && total !== null) total += commentCount ?? 0;
    const base = { video_id: videoId, title: video?.title ?? null, comment_count: commentCount };
    if (error !== null) return { ...base, credits: 0, will_analyse: 0, error };
    const free = isSampleVideoId(videoId);
    if (!free && left < 1)
      return {
        ...base,
        credits: 0,
        will_analyse: 0,
        error: `Your credits run out before this video (1 credit covers ${COMMENTS_PER_CREDIT} comments). ${BUY_CREDITS_HINT}`,
      };
    const price = priceAnalysis({ commentCount, balance: left, maxCommentsPerAnalysis: max, free });
    left -= price.credits;
    return { ...base, credits: price.credits, will_analyse: price.comments, error: null };
  });
  return {
    videos,
    credits: videos.reduce((sum, v) => sum + v.credits, 0),
    balance,
    comment_count: total,
    will_analyse: videos.reduce((sum, v) => sum + v.will_analyse, 0),
    max_comments: max,
  };
}
