import { z } from 'zod';
import { SentimentCountsSchema } from './analysis';
import { IntentSchema } from './common';

/** How many of a video's largest themes its insights row lists. */
export const INSIGHTS_TOP_THEMES = 3;

/** Shares of a video's comments by intent (see `sentimentShare`), from the report's cluster intent counts. */
export const IntentSharesSchema = z.object({
  Request: z.number().min(0).max(1),
  Praise: z.number().min(0).max(1),
  Criticism: z.number().min(0).max(1),
  Question: z.number().min(0).max(1),
  Opinion: z.number().min(0).max(1),
});
export type IntentShares = z.infer<typeof IntentSharesSchema>;

export const IntentCountsSchema = z.object({
  Request: z.number().int().nonnegative(),
  Praise: z.number().int().nonnegative(),
  Criticism: z.number().int().nonnegative(),
  Question: z.number().int().nonnegative(),
  Opinion: z.number().int().nonnegative(),
});
export type IntentCounts = z.infer<typeof IntentCountsSchema>;

/** One of a report's clusters as a theme: its heading, size and share as the report stores them. */
export const InsightThemeSchema = z.object({
  cluster_id: z.number().int().nonnegative(),
  label: z.string(),
  category: IntentSchema,
  /** The cluster's stored size. */
  comment_count: z.number().int().nonnegative(),
  /** The cluster's stored share of the analysed comments, 0-100. */
  percentage: z.number().min(0).max(100),
});
export type InsightTheme = z.infer<typeof InsightThemeSchema>;

/** One analysed video or post, with the figures its report stores. */
export const InsightVideoSchema = z.object({
  /** The report key (GET /report/{video_id}): a YouTube id or ig_<media id>. */
  video_id: z.string(),
  kind: z.enum(['youtube', 'instagram']),
  title: z.string().nullable(),
  /** When the video or post was published (null when the channel did not say). */
  published_at: z.string().nullable(),
  /** The analysis these figures come from (the one GET /report shows). */
  job_id: z.string(),
  analysed_at: z.string(),
  analysed_comments: z.number().int().nonnegative(),
  /** Shares of the report's stored sentiment counts (`positive` is its `positive_share`). */
  sentiment: z.object({
    positive: z.number().min(0).max(1),
    neutral: z.number().min(0).max(1),
    negative: z.number().min(0).max(1),
  }),
  sentiment_counts: SentimentCountsSchema,
  /** Shares of the clustered comments by intent, from the clusters' stored intent counts. */
  intents: IntentSharesSchema,
  intent_counts: IntentCountsSchema,
  /** The largest themes, largest first (at most INSIGHTS_TOP_THEMES). */
  top_themes: z.array(InsightThemeSchema),
});
export type InsightVideo = z.infer<typeof InsightVideoSchema>;

/** A theme found in two or more videos, matched by meaning. */
export const RecurringThemeSchema = z.object({
  /** The heading of its largest appearance. */
  label: z.string(),
  /** The videos it appears in, in publication order. */
  video_ids: z.array(z.string()),
  /** Its comments over all those videos. */
  comment_count: z.number().int().nonnegative(),
  /** Where it appears: the cluster of each video, in publication order. */
  appearances: z.array(
    z.object({
      video_id: z.string(),
      cluster_id: z.number().int().nonnegative(),
      label: z.string(),
      comment_count: z.number().int().nonnegative(),
      percentage: z.number().min(0).max(100),
    }),
  ),
});
export type RecurringTheme = z.infer<typeof RecurringThemeSchema>;

/** A theme of the latest or the previous video, compared between them. */
export const ThemeChangeSchema = z.object({
  label: z.string(),
  /** Its cluster in the latest video (null: it is not there any more). */
  cluster_id: z.number().int().nonnegative().nullable(),
  comment_count: z.number().int().nonnegative(),
  previous_comment_count: z.number().int().nonnegative(),
  /** Share of the video's analysed comments, 0-100 (0 when absent). */
  percentage: z.number().min(0).max(100),
  previous_percentage: z.number().min(0).max(100),
});
export type ThemeChange = z.infer<typeof ThemeChangeSchema>;

/** An intent's share in the latest video and the one before, as whole percents, with its counts. */
export const IntentChangeSchema = z.object({
  count: z.number().int().nonnegative(),
  previous_count: z.number().int().nonnegative(),
  percent: z.number().int().min(0).max(100),
  previous_percent: z.number().int().min(0).max(100),
});
export type IntentChange = z.infer<typeof IntentChangeSchema>;

/** The latest video against the one published before it. */
export const SinceLastSchema = z.object({
  video_id: z.string(),
  previous_video_id: z.string(),
  /** Themes seen in no earlier video. */
  new_themes: z.array(ThemeChangeSchema),
  /** Themes whose share rose by INSIGHTS_CHANGE_POINTS or more. */
  grown: z.array(ThemeChangeSchema),
  /** Themes of the previous video whose share fell by INSIGHTS_CHANGE_POINTS or more (or left). */
  faded: z.array(ThemeChangeSchema),
  /** Percentage points (whole percents, latest minus previous). */
  criticism_share_change: z.number().int(),
  question_share_change: z.number().int(),
  criticism: IntentChangeSchema,
  question: IntentChangeSchema,
});
export type SinceLast = z.infer<typeof SinceLastSchema>;

/** A theme grew or faded when its share moved by at least this many percentage points. */
export const INSIGHTS_CHANGE_POINTS = 2;

/**
 * GET /workspaces/{id}/insights: the workspace's analysed videos and posts in publication order
 * (oldest first), the themes that recur across them, and the latest against the one before
 * (null with fewer than two).
 */
export const WorkspaceInsightsReplySchema = z.object({
  videos: z.array(InsightVideoSchema),
  recurring_themes: z.array(RecurringThemeSchema),
  since_last: SinceLastSchema.nullable(),
});
export type WorkspaceInsightsReply = z.infer<typeof WorkspaceInsightsReplySchema>;
