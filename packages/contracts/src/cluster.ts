import { z } from 'zod';
import { CommentRefSchema, SentimentCountsSchema } from './analysis';
import { IntentSchema, SentimentLabelSchema, VideoIdSchema, wholeNumber } from './common';

const ClusterIdSchema = wholeNumber(0, 10_000, {
  invalid: 'cluster_id is the number of a cluster in the report (0 or more).',
});

export const ClusterAnalyzeRequestSchema = z.object({
  video_id: VideoIdSchema,
  cluster_id: ClusterIdSchema,
});
export const ClusterAnalysisSchema = z.object({
  summary: z.string(),
  key_themes: z.array(z.string()),
  top_questions: z.array(z.string()),
  sentiment: SentimentLabelSchema,
  source: z.enum(['offline', 'llm']),
  /** Comments of the cluster whose intent is Question: the report's `intent_counts.Question`. */
  question_count: z.number().int().nonnegative(),
  /** The report's cluster sentiment counts (they sum to the cluster's size). */
  sentiment_counts: SentimentCountsSchema,
});
export type ClusterAnalysis = z.infer<typeof ClusterAnalysisSchema>;
export const ClusterAnalyzeReplySchema = z.object({ analysis: ClusterAnalysisSchema });

export const ClusterCommentsQuerySchema = z.object({
  video_id: VideoIdSchema,
  cluster_id: ClusterIdSchema,
  page: wholeNumber(1, 10_000, { invalid: 'page is a whole number from 1 to 10000.' }).default(1),
  page_size: wholeNumber(1, 200, { invalid: 'page_size is a whole number from 1 to 200.' }).default(
    50,
  ),
  sort: z.enum(['likes', 'newest']).default('likes'),
});
export const ClusterCommentsReplySchema = z.object({
  comments: z.array(CommentRefSchema),
  total: z.number().int().nonnegative(),
  page: z.number().int(),
  page_size: z.number().int(),
  /** True when the raw comments were purged after the retention window; re-run to see them. */
  expired: z.boolean(),
});
export type ClusterCommentsReply = z.infer<typeof ClusterCommentsReplySchema>;

export const CHAT_MESSAGE_MAX_LENGTH = 2000;
export const ChatRequestSchema = z.object({
  video_id: VideoIdSchema,
  cluster_id: ClusterIdSchema,
  message: z
    .string()
    .trim()
    .min(1, 'Type a question about this cluster.')
    .max(CHAT_MESSAGE_MAX_LENGTH, `Questions are at most ${CHAT_MESSAGE_MAX_LENGTH} characters.`),
  top_k: wholeNumber(1, 100, { invalid: 'top_k is a whole number from 1 to 100.' }).default(30),
});
export const ChatReplySchema = z.object({
  answer: z.string(),
  comment_ids: z.array(z.string()),
  quotes: z.array(CommentRefSchema),
  source: z.enum(['offline', 'llm']),
});
export type ChatReply = z.infer<typeof ChatReplySchema>;

export const RetagRequestSchema = z.object({
  context: z.string().max(2000, 'Keep the context under 2,000 characters.').default(''),
});
export const RetagReplySchema = z.object({
  success: z.literal(true),
  /** 'offline' or the language model that produced the new labels. */
  labeller: z.string(),
  clusters: z.array(
    z.object({
      cluster_id: z.number().int().nonnegative(),
      heading: z.string(),
      tags: z.array(z.string()),
      category: IntentSchema,
    }),
  ),
});
export type RetagReply = z.infer<typeof RetagReplySchema>;
