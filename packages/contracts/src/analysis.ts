import { z } from 'zod';
import { INVALID_VIDEO_URL_MESSAGE } from './video-id';
import { PlatformSchema } from './platform';
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

/**
 * GET /analyze/estimate?video_url=: what Analyze will cost before it is pressed. `credits` is what
 * the start holds (the unused part returns at completion); `will_analyse` is how many comments the
 * balance and the per-analysis maximum allow. `comment_count` is null when the source cannot say:
 * the start then holds credits for `will_analyse` comments and settles to the count it reads.
 */
export const AnalysisEstimateReplySchema = z.object({
  video_id: z.string(),
  title: z.string().nullable(),
  comment_count: z.number().int().nonnegative().nullable(),
  credits: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  will_analyse: z.number().int().nonnegative(),
  /** The most comments one analysis reads, whatever the balance. */
  max_comments: z.number().int().positive(),
  /** A sample video: free, holds nothing. */
  free: z.boolean(),
  /** The signed-in creator's newest finished analysis of this video, or null. */
  last_analysis: z.object({ job_id: z.string(), created_at: z.string() }).nullable(),
});
export type AnalysisEstimateReply = z.infer<typeof AnalysisEstimateReplySchema>;

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

/**
 * How many comments are positive, neutral and negative (a comment with mixed feelings counts as
 * neutral: it is on neither side). The three sum to the comments counted.
 */
export const SentimentCountsSchema = z.object({
  positive: z.number().int().nonnegative(),
  neutral: z.number().int().nonnegative(),
  negative: z.number().int().nonnegative(),
});
export type SentimentCounts = z.infer<typeof SentimentCountsSchema>;

export const ClusterSentimentSchema = z.object({
  label: SentimentLabelSchema,
  /** Mean polarity in [-1, 1]. */
  score: z.number().min(-1).max(1),
  /** `counts.positive` over the comments counted (see `sentimentShare`). */
  positive_share: z.number().min(0).max(1),
  /** `counts.negative` over the comments counted. */
  negative_share: z.number().min(0).max(1),
  /** The integer counts the shares are derived from, stored with the report. */
  counts: SentimentCountsSchema,
});
export type ClusterSentiment = z.infer<typeof ClusterSentimentSchema>;

/** A share of comments from a count, to three decimals: how every stored share is derived. */
export function sentimentShare(count: number, total: number): number {
  return total <= 0 ? 0 : Math.round((1000 * count) / total) / 1000;
}

/** A share as a whole percent ("72"), from the stored count, as every screen and sentence shows it. */
export function sharePercent(count: number, total: number): number {
  return total <= 0 ? 0 : Math.round((100 * count) / total);
}

/**
 * Counts for shares stored without them: each share times the total, rounded by largest
 * remainder so the three counts sum to the total exactly.
 */
export function countsFromShares(
  positiveShare: number,
  negativeShare: number,
  total: number,
): SentimentCounts {
  const n = Math.max(0, Math.round(total));
  const pos = Math.max(0, Math.min(1, positiveShare));
  const neg = Math.max(0, Math.min(1 - pos, negativeShare));
  const exact = [pos * n, (1 - pos - neg) * n, neg * n];
  const floors = exact.map(Math.floor);
  let left = n - floors.reduce((a, b) => a + b, 0);
  const order = [0, 1, 2].sort(
    (a, b) => exact[b]! - floors[b]! - (exact[a]! - floors[a]!) || a - b,
  );
  for (const i of order) {
    if (left <= 0) break;
    floors[i]! += 1;
    left -= 1;
  }
  return { positive: floors[0]!, neutral: floors[1]!, negative: floors[2]! };
}

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
  /** Share of likes (smoothed, see packages/analysis/README.md), 0-100; sums to 100 across clusters. */
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
  /**
   * The audience's sentiment over the whole video (spam and the channel's own replies left out),
   * computed once with the report: the Sentiment Score card and the summary's vibe read it.
   */
  sentiment: ClusterSentimentSchema,
  /** Duplicates folded into clusters but flagged; spam flagged (set aside, or clustered in older reports). */
  duplicate_comments: z.number().int().nonnegative(),
  spam_comments: z.number().int().nonnegative(),
  /**
   * Comments set aside as spam: in no cluster, share, sentiment or summary (absent from reports
   * that clustered their spam). A comment the creator restores leaves this count.
   */
  set_aside_comments: z.number().int().nonnegative().optional(),
  /** True when like counts came from a source that only approximates them. */
  likes_approximate: z.boolean(),
  source: z.string(),
});
export type ReportBody = z.infer<typeof ReportBodySchema>;

/**
 * A question the audience asked, near-duplicate wordings merged, stored with the report when it is
 * made (and again after a retag, which can change which comments are questions).
 */
export const ReportQuestionSchema = z.object({
  /** The wording of its most-liked comment (a commenter's own words). */
  question: z.string(),
  /** How many comments asked it. */
  count: z.number().int().positive(),
  /** Likes of those comments together. */
  like_count: z.number().int().nonnegative(),
  /** The cluster most of its comments are in. */
  cluster_id: z.number().int().nonnegative(),
  /** Up to three of its comments, most-liked first (empty once comment text has expired). */
  examples: z.array(CommentRefSchema).max(3),
  /** The video's own channel replied in the thread of one of its comments. */
  answered: z.boolean(),
  /** A reply the creator could post, drafted by the configured LLM; null without one. */
  suggested_reply: z.string().nullable(),
});
export type ReportQuestion = z.infer<typeof ReportQuestionSchema>;
/** The most set-aside comments a report reply lists (the count covers them all). */
export const SET_ASIDE_LIST_LIMIT = 500;

/**
 * The comments set aside as spam (scams, self-promotion, bot copy-paste): never in a cluster, a
 * share, the sentiment or the summary. `comments` lists them most-liked first (at most
 * SET_ASIDE_LIST_LIMIT), and is empty once the comments were deleted after the retention period.
 */
export const SetAsideGroupSchema = z.object({
  count: z.number().int().nonnegative(),
  comments: z.array(CommentRefSchema),
});
export type SetAsideGroup = z.infer<typeof SetAsideGroupSchema>;

export const ReportReplySchema = z.object({
  job_id: z.string(),
  video_id: z.string(),
  /** The platform the video is on. */
  platform: PlatformSchema,
  title: z.string().nullable(),
  channel_title: z.string().nullable(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  report: ReportBodySchema,
  total_comments: z.number().int().nonnegative(),
  processing_seconds: z.number().nonnegative(),
  executive_summary: ExecutiveSummarySchema,
  /**
   * The questions to answer, most asked first, as stored with the report; null for a report whose
   * questions could not be worked out (made before they were kept, its comments since expired).
   */
  questions: z.array(ReportQuestionSchema).nullable(),
  /** The comments set aside as spam (absent: none). */
  spam: SetAsideGroupSchema.optional(),
});
export type ReportReply = z.infer<typeof ReportReplySchema>;

export const AnalysisHistoryItemSchema = z.object({
  job_id: z.string(),
  video_id: z.string(),
  /** The platform the video is on. */
  platform: PlatformSchema,
  title: z.string().nullable(),
  thumbnail_url: z.string(),
  created_at: z.string(),
  status: JobStatusSchema,
  channel_title: z.string().nullable(),
  /** Comments the report analysed; null until the analysis is complete. */
  comment_count: z.number().int().nonnegative().nullable(),
  /** Credits the analysis cost: 0 while it runs (they are held) and after a failure (refunded). */
  credits_spent: z.number().int().nonnegative(),
  /** When the analysis completed or failed; null while it runs. */
  finished_at: z.string().nullable(),
});
export type AnalysisHistoryItem = z.infer<typeof AnalysisHistoryItemSchema>;
/** GET /analyses without paging parameters: the newest analyses (the sidebar shows 5). */
export const AnalysesReplySchema = z.array(AnalysisHistoryItemSchema);

/** The most analyses one page of GET /analyses?limit= holds. */
export const ANALYSES_PAGE_MAX = 100;
/** The longest search GET /analyses?q= accepts. */
export const ANALYSES_QUERY_MAX = 200;

/**
 * GET /analyses with `limit`, `before` or `q`: one page of the whole history, newest first.
 * `before` is the `next_cursor` of the previous page (opaque); `q` keeps the analyses whose title or
 * channel contains it, ignoring case.
 */
export const AnalysesQuerySchema = z.object({
  limit: z.coerce
    .number({ message: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(ANALYSES_PAGE_MAX, 'limit must be a whole number from 1 to 100.')
    .optional(),
  before: z
    .string()
    .min(1, 'before must be the next_cursor of a previous page.')
    .max(200, 'before must be the next_cursor of a previous page.')
    .optional(),
  q: z
    .string()
    .max(ANALYSES_QUERY_MAX, `q must be at most ${ANALYSES_QUERY_MAX} characters.`)
    .optional(),
});
export type AnalysesQuery = z.infer<typeof AnalysesQuerySchema>;
export const AnalysesPageReplySchema = z.object({
  items: z.array(AnalysisHistoryItemSchema),
  /** Pass as `before` for the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type AnalysesPageReply = z.infer<typeof AnalysesPageReplySchema>;

/** DELETE /analyses/{job_id}: the analysis, its report and comments are gone. */
export const DeleteAnalysisReplySchema = z.object({ success: z.literal(true) });

/** GET /report/{video_id}?job={job_id}: that run of the video instead of the latest. */
export const ReportQuerySchema = z.object({
  job: z.string().min(1).max(64, 'job must be the id of one of your analyses.').optional(),
});

export const ClearAnalysesReplySchema = z.object({
  success: z.literal(true),
  deleted: z.number().int().nonnegative(),
});
export const MetricsReplySchema = z.object({ total_comments: z.number().int().nonnegative() });
export type MetricsReply = z.infer<typeof MetricsReplySchema>;

export const VideoIdParamsSchema = z.object({ video_id: VideoIdSchema });

/** POST /report/{video_id}/spam/{comment_id}/restore: a comment set aside as spam, by its id. */
export const SetAsideCommentParamsSchema = z.object({
  video_id: VideoIdSchema,
  comment_id: z
    .string()
    .min(1, 'Give the id of a comment set aside as spam.')
    .max(200, 'That is not the id of a comment set aside as spam.'),
});
/** The comment is back in the topics: the cluster it joined. Costs no credits. */
export const RestoreSpamReplySchema = z.object({
  success: z.literal(true),
  cluster_id: z.number().int().nonnegative(),
  heading: z.string(),
});
export type RestoreSpamReply = z.infer<typeof RestoreSpamReplySchema>;
export const JobIdParamsSchema = z.object({ job_id: z.string().min(1).max(64) });
