import {
  defaultThumbnailUrl,
  ExecutiveSummarySchema,
  ReportBodySchema,
  SET_ASIDE_LIST_LIMIT,
  type ReportReply,
} from '@app/contracts';
import { NotFoundError } from '../../errors';
import type { AnalysisDeps } from './analysis-deps';
import { parseStoredQuestions } from './report-questions';

/**
 * The signed-in user's most recent completed analysis of the video, or with `jobId` that analysis
 * of the video (404 when there is none: another account's report is never shown).
 */
export async function getReport(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; videoId: string; jobId?: string },
): Promise<ReportReply> {
  const row = await deps.repos.reports.latestForUserVideo(input.userId, input.videoId, input.jobId);
  if (!row && input.jobId !== undefined) {
    throw new NotFoundError(
      'This analysis of the video is not among your completed analyses.',
      'report_not_found',
    );
  }
  if (!row) {
    throw new NotFoundError(
      'There is no completed analysis of this video yet. Analyze it first.',
      'report_not_found',
    );
  }
  const report = ReportBodySchema.parse(row.report);
  // set aside as spam: listed while the comments are kept (the count stays after the retention period)
  const setAside = report.set_aside_comments ?? 0;
  const listed =
    setAside > 0 && row.commentsExpiredAt === null
      ? await deps.repos.comments.listSetAside(row.jobId, SET_ASIDE_LIST_LIMIT)
      : [];
  return {
    job_id: row.jobId,
    video_id: row.videoId,
    platform: row.platform,
    title: row.title,
    channel_title: row.channelTitle,
    thumbnail_url: row.thumbnailUrl ?? defaultThumbnailUrl(row.videoId),
    created_at: row.jobCreatedAt.toISOString(),
    report,
    total_comments: row.totalComments,
    processing_seconds: row.processingSeconds,
    executive_summary: ExecutiveSummarySchema.parse(row.executiveSummary),
    questions: parseStoredQuestions(row.questions),
    spam: {
      count: setAside,
      comments: listed.map((c) => ({
        id: c.commentId,
        text: c.text,
        author: c.author,
        like_count: c.likeCount,
        published_at: c.publishedAt?.toISOString() ?? null,
      })),
    },
  };
}
