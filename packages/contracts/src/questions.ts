import { z } from 'zod';
import { CommentRefSchema } from './analysis';
import { WorkspaceIdSchema } from './workspaces';

/**
 * The questions inbox: the audience's questions over every analysed video and post of a
 * workspace, the same question asked under several merged into one, with the state the creator
 * gives it. Its route entries join `apiRoutes`.
 */

export const QUESTION_STATES = ['open', 'answered', 'dismissed'] as const;
export const QuestionStateSchema = z.enum(QUESTION_STATES, {
  error: 'The state is open, answered or dismissed.',
});
export type QuestionState = z.infer<typeof QuestionStateSchema>;

/** The most questions one inbox reply lists (the counts cover them all). */
export const QUESTIONS_INBOX_LIMIT = 300;

/** A question's id: a key derived from its wording, stable across analyses of its videos. */
export const QuestionIdSchema = z
  .string()
  .regex(/^[0-9a-f]{24}$/, 'That is not the id of a question in this inbox.');

/** GET /questions?workspace_id=&status= (status: open unless given). */
export const QuestionsQuerySchema = z.object({
  workspace_id: WorkspaceIdSchema,
  status: z
    .enum(QUESTION_STATES, { error: 'status is open, answered or dismissed.' })
    .default('open'),
});
export type QuestionsQuery = z.infer<typeof QuestionsQuerySchema>;

/** One video or post a question was asked under, with the report it comes from. */
export const QuestionVideoSchema = z.object({
  /** The report key: a YouTube video id, or ig_<media id> for an Instagram post. */
  video_id: z.string(),
  kind: z.enum(['youtube', 'instagram']),
  /** The analysis whose report lists the question (the report page opens it with ?job=). */
  job_id: z.string(),
  title: z.string().nullable(),
  /** How many comments asked it there. */
  count: z.number().int().positive(),
});
export type QuestionVideo = z.infer<typeof QuestionVideoSchema>;

export const InboxQuestionSchema = z.object({
  id: QuestionIdSchema,
  /** The wording asked most (a commenter's own words). */
  question: z.string(),
  /** Comments that asked it, over every video. */
  count: z.number().int().positive(),
  like_count: z.number().int().nonnegative(),
  /** When its latest quoted comment was posted, when known. */
  last_asked_at: z.string().nullable(),
  /** Most asked first. */
  videos: z.array(QuestionVideoSchema),
  /** Up to three of its comments, most-liked first (none once comment text has expired). */
  examples: z.array(CommentRefSchema).max(3),
  /** A reply the creator could post, drafted by the configured LLM; null without one. */
  suggested_reply: z.string().nullable(),
  state: QuestionStateSchema,
  /**
   * The channel replied in a thread of one of its comments, as the latest analysis saw it; the
   * question then counts as answered unless the creator set its state after that analysis.
   */
  answered_on_platform: z.boolean(),
  /** When the creator last set its state; null when never. */
  state_updated_at: z.string().nullable(),
});
export type InboxQuestion = z.infer<typeof InboxQuestionSchema>;

export const QuestionsReplySchema = z.object({
  workspace_id: z.number().int().positive(),
  status: QuestionStateSchema,
  /** Questions in each state. */
  counts: z.object({
    open: z.number().int().nonnegative(),
    answered: z.number().int().nonnegative(),
    dismissed: z.number().int().nonnegative(),
  }),
  /** The questions in `status`, most asked first, then most recent (at most QUESTIONS_INBOX_LIMIT). */
  questions: z.array(InboxQuestionSchema),
  /** Analysed videos and posts the inbox read. */
  analysed_videos: z.number().int().nonnegative(),
});
export type QuestionsReply = z.infer<typeof QuestionsReplySchema>;

export const QuestionParamsSchema = z.object({ id: QuestionIdSchema });

/** PATCH /questions/{id}: the state the creator gives the question in that workspace. */
export const SetQuestionStateRequestSchema = z.object({
  workspace_id: WorkspaceIdSchema,
  state: QuestionStateSchema,
});
export type SetQuestionStateRequest = z.infer<typeof SetQuestionStateRequestSchema>;

/** Route entries of the questions inbox (spread into `apiRoutes`). */
export const questionsInboxRoutes = {
  questions: {
    method: 'GET',
    path: '/questions',
    auth: 'session',
    tag: 'questions',
    summary:
      "The audience's questions across a workspace's analysed videos, merged and ranked, in one state.",
    query: QuestionsQuerySchema,
    reply: QuestionsReplySchema,
  },
  setQuestionState: {
    method: 'PATCH',
    path: '/questions/:id',
    auth: 'session',
    tag: 'questions',
    summary: 'Mark a question of the inbox answered or dismissed, or open it again.',
    params: QuestionParamsSchema,
    body: SetQuestionStateRequestSchema,
    reply: InboxQuestionSchema,
  },
} as const;
