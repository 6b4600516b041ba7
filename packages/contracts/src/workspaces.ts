import { z } from 'zod';
import { JobStatusSchema } from './analysis';
import { VideoIdSchema, wholeNumber } from './common';

/**
 * Workspaces: a named group of one
 * YouTube channel and one Instagram business account, with the videos and posts chosen from them.
 * Workspace ids are positive integers (the Instagram OAuth `state` carries one).
 */

export const DEFAULT_WORKSPACE_NAME = 'New Workspace';
export const WORKSPACE_NAME_MAX_LENGTH = 80;
/** How many workspaces one account may hold (creating one more answers 409). */
export const MAX_WORKSPACES_PER_ACCOUNT = 50;

export const WorkspaceIdSchema = wholeNumber(1, 2_147_483_647, {
  invalid: 'The workspace id must be a whole number.',
  tooSmall: 'The workspace id must be a positive number.',
  tooBig: 'That workspace id is too large.',
});

export const WorkspaceParamsSchema = z.object({ id: WorkspaceIdSchema });

export const WorkspaceSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  youtube_channel_id: z.string().nullable(),
  youtube_channel_title: z.string().nullable(),
  yt_avatar_url: z.string().nullable(),
  instagram_business_id: z.string().nullable(),
  instagram_username: z.string().nullable(),
  ig_profile_picture_url: z.string().nullable(),
  created_at: z.string(),
  /** New uploads are analysed by the scheduled sync (see auto-analysis.ts). */
  auto_analyze: z.boolean(),
  /** Credits auto-analysis may spend per calendar month (UTC); null: no cap but the balance. */
  monthly_credit_cap: z.number().int().positive().nullable(),
  /** When auto-analysis was turned on: videos and posts published after it are new. */
  auto_analyze_since: z.string().nullable(),
});
export type Workspace = z.infer<typeof WorkspaceSchema>;
export const WorkspacesReplySchema = z.array(WorkspaceSchema);

/**
 * A name is one line: control characters (a pasted tab or line break, or an invisible NUL) become a
 * space, so a name of only those is blank.
 */
const oneLine = (name: string): string => name.replace(/\p{Cc}+/gu, ' ');

/** An empty or missing name becomes DEFAULT_WORKSPACE_NAME. */
export const CreateWorkspaceRequestSchema = z.object({
  name: z
    .string({ error: 'The workspace name must be text.' })
    .overwrite(oneLine)
    .trim()
    .max(
      WORKSPACE_NAME_MAX_LENGTH,
      `Workspace names are at most ${WORKSPACE_NAME_MAX_LENGTH} characters long.`,
    )
    .optional()
    .transform((name) => (name === undefined || name === '' ? DEFAULT_WORKSPACE_NAME : name)),
});

/** PATCH /workspaces/{id}: rename. Unlike creation, a rename needs a name. */
export const RenameWorkspaceRequestSchema = z.object({
  name: z
    .string({ error: 'Give the workspace a name.' })
    .overwrite(oneLine)
    .trim()
    .min(1, 'Give the workspace a name.')
    .max(
      WORKSPACE_NAME_MAX_LENGTH,
      `Workspace names are at most ${WORKSPACE_NAME_MAX_LENGTH} characters long.`,
    ),
});

/** DELETE /workspaces/{id}: the workspace and its video list are gone; analyses stay in history. */
export const DeleteWorkspaceReplySchema = z.object({ success: z.literal(true) });

// --- YouTube channels --------------------------------------------------------------------------

/** A YouTube channel id: "UC" and 22 more characters (or the sample channel's `sample_` id). */
export const ChannelIdSchema = z
  .string({ error: 'Give the channel id to link.' })
  .trim()
  .regex(
    /^(?:UC[A-Za-z0-9_-]{22}|sample_[a-z0-9-]{5,40})$/,
    'That is not a YouTube channel id (they start with UC and are 24 characters long).',
  );

export const ChannelSearchQuerySchema = z.object({
  q: z
    .string({ error: 'Type a channel name to search for.' })
    .trim()
    .min(1, 'Type a channel name to search for.')
    .max(100, 'Search for at most 100 characters.'),
});
export const ChannelSearchResultSchema = z.object({
  channelId: z.string(),
  title: z.string(),
  thumbnail_url: z.string().nullable(),
  /** Null when the channel hides its subscriber count. */
  subscriberCount: z.number().int().nonnegative().nullable(),
  verified: z.boolean(),
});
export type ChannelSearchResult = z.infer<typeof ChannelSearchResultSchema>;
/** Sorted by subscriber count, highest first (hidden counts last). */
export const ChannelSearchReplySchema = z.array(ChannelSearchResultSchema);

export const LinkChannelRequestSchema = z.object({ channel_id: ChannelIdSchema });

// --- Workspace videos --------------------------------------------------------------------------

export const WorkspaceVideoSchema = z.object({
  /** The row id in this workspace's catalogue. */
  id: z.number().int().positive(),
  youtube_video_id: VideoIdSchema,
  title: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  published_at: z.string().nullable(),
  /** True once the creator added it to the workspace (the "Added" badge). */
  is_added: z.boolean(),
});
export type WorkspaceVideo = z.infer<typeof WorkspaceVideoSchema>;

export const WorkspaceVideosQuerySchema = z.object({
  added_only: z
    .enum(['true', 'false'], { error: 'added_only is true or false.' })
    .optional()
    .transform((v) => v === 'true'),
});
/** GET /workspaces/{id}/videos: the channel's catalogue, newest first. */
export const WorkspaceVideosReplySchema = z.array(WorkspaceVideoSchema);
/** GET /workspaces/{id}/videos?added_only=true: the YouTube ids of the added videos. */
export const AddedVideoIdsReplySchema = z.array(VideoIdSchema);

export const ToggleVideosRequestSchema = z.object({
  video_ids: z
    .array(VideoIdSchema, { error: 'video_ids is a list of YouTube video ids.' })
    .min(1, 'Choose at least one video.')
    .max(200, 'Add at most 200 videos at once.'),
  is_added: z.boolean({ error: 'is_added is true or false.' }).default(true),
});
export const ToggleVideosReplySchema = z.object({
  success: z.literal(true),
  /** The YouTube ids of every added video after the change. */
  added: z.array(VideoIdSchema),
});

export const SyncReplySchema = z.object({
  success: z.literal(true),
  youtube_videos: z.number().int().nonnegative(),
  instagram_posts: z.number().int().nonnegative(),
});

// --- Batch analysis ----------------------------------------------------------------------------

export const BatchAnalyzeRequestSchema = z.object({
  video_ids: z
    .array(VideoIdSchema, { error: 'video_ids is a list of YouTube video ids.' })
    .min(1, 'Choose at least one video to analyze.')
    .max(50, 'Analyze at most 50 videos at once.'),
  /**
   * Optional: the workspace the videos were chosen in (it must be the user's). Without it, each
   * video is filed under the user's workspace that holds it, if any.
   */
  workspace_id: WorkspaceIdSchema.optional(),
});
/** One entry per requested video, in order: a job id, or why that video could not start. */
export const BatchAnalyzeReplySchema = z.object({
  jobs: z.array(
    z.object({
      video_id: VideoIdSchema,
      job_id: z.string().nullable(),
      error: z.string().nullable(),
      /** The error's code (e.g. `insufficient_credits` for a 402), null when the job started. */
      code: z.string().nullable().optional(),
    }),
  ),
});
export type BatchAnalyzeReply = z.infer<typeof BatchAnalyzeReplySchema>;

/**
 * POST /analyses/batch/estimate (the batch request's body): what a batch will cost, priced one video
 * after another as the batch starts them, so each sees the balance the previous one left.
 */
export const BatchEstimateReplySchema = z.object({
  videos: z.array(
    z.object({
      video_id: z.string(),
      title: z.string().nullable(),
      comment_count: z.number().int().nonnegative().nullable(),
      credits: z.number().int().nonnegative(),
      will_analyse: z.number().int().nonnegative(),
      /** Why this video cannot start (private, missing, no credits left), or null. */
      error: z.string().nullable(),
    }),
  ),
  /** Credits the whole batch holds at the start. */
  credits: z.number().int().nonnegative(),
  balance: z.number().int().nonnegative(),
  /** Comments of the videos together; null when a source cannot say for one of them. */
  comment_count: z.number().int().nonnegative().nullable(),
  will_analyse: z.number().int().nonnegative(),
  max_comments: z.number().int().positive(),
});
export type BatchEstimateReply = z.infer<typeof BatchEstimateReplySchema>;

// --- Posts (the detail screen's YouTube and Instagram tabs) --------------------------------------

export const YouTubePostSchema = z.object({
  kind: z.literal('youtube'),
  id: z.string(),
  video_id: VideoIdSchema,
  title: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
});
export const InstagramPostSchema = z.object({
  kind: z.literal('instagram'),
  id: z.string(),
  media_id: z.string(),
  /** IMAGE, VIDEO or CAROUSEL_ALBUM as the Instagram API says. */
  media_type: z.string(),
  media_url: z.string().nullable(),
  thumbnail_url: z.string().nullable(),
  caption: z.string().nullable(),
  permalink: z.string().nullable(),
  timestamp: z.string().nullable(),
  comments_count: z.number().int().nonnegative().nullable(),
});
export const PostSchema = z.discriminatedUnion('kind', [YouTubePostSchema, InstagramPostSchema]);
export type Post = z.infer<typeof PostSchema>;
export const PostsReplySchema = z.array(PostSchema);

/** An analysed post: the post plus where its report lives (`report_video_id` for GET /report). */
const analysedFields = {
  report_video_id: VideoIdSchema,
  job_id: z.string(),
  status: JobStatusSchema,
  analysed_at: z.string(),
};
export const AnalyzedItemSchema = z.discriminatedUnion('kind', [
  YouTubePostSchema.extend(analysedFields),
  InstagramPostSchema.extend(analysedFields),
]);
export type AnalyzedItem = z.infer<typeof AnalyzedItemSchema>;
export const AnalyzedReplySchema = z.array(AnalyzedItemSchema);

// --- Instagram ---------------------------------------------------------------------------------

export const InstagramMediaIdSchema = z
  .string({ error: 'Give the Instagram media id.' })
  .regex(/^\d{9,30}$/, 'An Instagram media id is a number of 9 to 30 digits.');

export const InstagramCallbackQuerySchema = z.object({
  code: z
    .string({ error: 'The Instagram authorisation code is missing.' })
    .trim()
    .min(1, 'The Instagram authorisation code is missing.')
    .max(4096),
});
export const InstagramConnectRequestSchema = z.object({
  user_access_token: z
    .string({ error: 'The Facebook access token is missing.' })
    .trim()
    .min(10, 'The Facebook access token is missing.')
    .max(4096),
});
/** What linking Instagram answers (callback and connect): the workspace and the posts read. */
export const InstagramLinkReplySchema = z.object({
  success: z.literal(true),
  workspace: WorkspaceSchema,
  instagram_posts: z.number().int().nonnegative(),
});
export type InstagramLinkReply = z.infer<typeof InstagramLinkReplySchema>;
export const InstagramAnalyzeQuerySchema = z.object({
  media_id: InstagramMediaIdSchema,
  workspace_id: WorkspaceIdSchema,
});
