import { z } from 'zod';
import { INVALID_VIDEO_URL_MESSAGE } from './video-id';
import { IntentSchema, SentimentLabelSchema, VideoIdSchema } from './common';

export const JobStatusSchema = z.enum([
  'pending',
  'fetching',
  'embedding',
  'discovering',
  'saving',
  'complete',
  'failed',
]);
export type JobStatus = z.infer<typeof JobStatusSchema>;

/** Job status -> progress step shown by the client; unknown statuses map to 1. */
export function statusStep(status: string): number {
  const steps: Record<string, number> = {
    pending: 0,
    fetching: 0,
    embedding: 1,
    discovering: 2,
    saving: 3,
    complete: 4,
  };
  return steps[status] ?? 1;
}

export const AnalyzeQuerySchema = z
  .object({
    // a link that long is no YouTube link: the same message as any other that holds no video id
    video_url: z.string().max(2048, INVALID_VIDEO_URL_MESSAGE).optional(),
    video_id: z.string().max(64, INVALID_VIDEO_URL_MESSAGE).optional(),
  })
  .refine((q) => q.video_url !== undefined || q.video_id !== undefined, {
    message: 'Give a video_url (or a video_id).',
  });
export const AnalyzeReplySchema = z.object({ job_id: z.string() });
export type AnalyzeReply = z.infer<typeof AnalyzeReplySchema>;

export const JobStatusReplySchema = z.object({
  job_id: z.string(),
  status: JobStatusSchema,
  error: z.string().nullable(),
  video_id: z.string(),
  progress_percent: z.number().min(0).max(100),
  eta_seconds: z.number().nonnegative().nullable(),
  /**
   * Credits held for the job while it runs (0 once it has finished): the balance drops by this much
   * at the start and gets back what the analysis did not use.
   */
  reserved_credits: z.number().int().nonnegative().optional(),
});
export type JobStatusReply = z.infer<typeof JobStatusReplySchema>;

export const CommentRefSchema = z.object({
  id: z.string(),
  text: z.string(),
  author: z.string().nullable(),
  like_count: z.number().int().nonnegative(),
  published_at: z.string().nullable(),
});
export type CommentRef = z.infer<typeof CommentRefSchema>;

export const ClusterSentimentSchema = z.object({
  label: SentimentLabelSchema,
  /** Mean polarity in [-1, 1]. */
  score: z.number().min(-1).max(1),
  positive_share: z.number().min(0).max(1),
  negative_share: z.number().min(0).max(1),
});
export type ClusterSentiment = z.infer<typeof ClusterSentimentSchema>;

/** Share of comments on one side that "mostly positive" (or negative) needs. */
export const MOSTLY_SHARE = 0.45;

/**
 * Whether a positive or negative tone only leans that way: under MOSTLY_SHARE of the comments are
 * on its side (the rest mostly neutral). The summary, the deep dive and the report word it alike.
 */
export function toneOnlyLeans(
  label: z.infer<typeof SentimentLabelSchema>,
  positiveShare: number,
  negativeShare: number,
): boolean {
  return (
    (label === 'positive' && positiveShare < MOSTLY_SHARE) ||
    (label === 'negative' && negativeShare < MOSTLY_SHARE)
  );
}

export const ClusterSchema = z.object({
  cluster_id: z.number().int().nonnegative(),
  heading: z.string(),
  tags: z.array(z.string()),
  category: IntentSchema,
  /** Share of analysed comments, 0-100; sums to 100 across clusters. */
  percentage: z.number().min(0).max(100),
  /** Share of likes (smoothed, see ARCHITECTURE.md), 0-100; sums to 100 across clusters. */
  engagement_percentage: z.number().min(0).max(100),
  size: z.number().int().nonnegative(),
  like_count: z.number().int().nonnegative(),
  sentiment: ClusterSentimentSchema,
  intent_counts: z.record(IntentSchema, z.number().int().nonnegative()),
  representatives: z.array(CommentRefSchema),
});
export type Cluster = z.infer<typeof ClusterSchema>;

export const ExecutiveSummarySchema = z.object({
  overall_vibe: z.string(),
  key_positives: z.array(z.string()),
  improvement_suggestions: z.array(z.string()),
});
export type ExecutiveSummary = z.infer<typeof ExecutiveSummarySchema>;

export const ReportBodySchema = z.object({
  clusters: z.array(ClusterSchema),
  /** How the report was produced: 'offline' analyser or the configured LLM. */
  labeller: z.string(),
  embedder: z.string(),
  /** Comments the video has according to the source (null when unknown). */
  video_comment_count: z.number().int().nonnegative().nullable(),
  analysed_comments: z.number().int().nonnegative(),
  /** Duplicates and spam folded into clusters but flagged. */
  duplicate_comments: z.number().int().nonnegative(),
  spam_comments: z.number().int().nonnegative(),
  /** True when like counts came from a source that only approximates them. */
  likes_approximate: z.boolean(),
  source: z.string(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

export const ReportReplySchema = z.object({
  job_id: z.string(),
  video_id: z.string(),
  title: z.string().nullable(),
  channel_title: z.string().nullable(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  report: ReportBodySchema,
  total_comments: z.number().int().nonnegative(),
  processing_seconds: z.number().nonnegative(),
  executive_summary: ExecutiveSummarySchema,
});
export type ReportReply = z.infer<typeof ReportReplySchema>;

export const AnalysisHistoryItemSchema = z.object({
  job_id: z.string(),
  video_id: z.string(),
  title: z.string().nullable(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  status: JobStatusSchema,
});
export type AnalysisHistoryItem = z.infer<typeof AnalysisHistoryItemSchema>;
export const AnalysesReplySchema = z.array(AnalysisHistoryItemSchema);

export const ClearAnalysesReplySchema = z.object({
  success: z.literal(true),
  deleted: z.number().int().nonnegative(),
});
export const MetricsReplySchema = z.object({ total_comments: z.number().int().nonnegative() });
export type MetricsReply = z.infer<typeof MetricsReplySchema>;

export const VideoIdParamsSchema = z.object({ video_id: VideoIdSchema });
export const JobIdParamsSchema = z.object({ job_id: z.string().min(1).max(64) });
