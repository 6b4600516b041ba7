import { z } from 'zod';
import { alertRoutes } from './alerts';
import {
  AnalysesPageReplySchema,
  AnalysesQuerySchema,
  AnalysesReplySchema,
  DeleteAnalysisReplySchema,
  ReportQuerySchema,
  AnalysisEstimateReplySchema,
  AnalyzeQuerySchema,
  AnalyzeReplySchema,
  ClearAnalysesReplySchema,
  RestoreSpamReplySchema,
  SetAsideCommentParamsSchema,
  JobIdParamsSchema,
  JobStatusReplySchema,
  MetricsReplySchema,
  ReportReplySchema,
  VideoIdParamsSchema,
} from './analysis';
import {
  DataDeletionStatusReplySchema,
  DeleteAccountRequestSchema,
  FacebookSignInRequestSchema,
  GoogleSignInRequestSchema,
  LoginRequestSchema,
  MeReplySchema,
  MetaDataDeletionReplySchema,
  MetaDataDeletionRequestSchema,
  PasswordResetConfirmSchema,
  PasswordResetReplySchema,
  PasswordResetRequestSchema,
  ProviderSignInReplySchema,
  SignupRequestSchema,
  TokenReplySchema,
  VerifyEmailReplySchema,
  VerifyEmailRequestSchema,
} from './auth';
import {
  BillingReplySchema,
  CheckoutSessionRequestSchema,
  CreditHistoryQuerySchema,
  CreditHistoryReplySchema,
  RedirectUrlReplySchema,
} from './billing';
import {
  ChatReplySchema,
  ChatRequestSchema,
  ClusterAnalyzeReplySchema,
  ClusterAnalyzeRequestSchema,
  ClusterCommentsQuerySchema,
  ClusterCommentsReplySchema,
  RetagReplySchema,
  RetagRequestSchema,
} from './cluster';
import { AutoAnalysesReplySchema, UpdateWorkspaceRequestSchema } from './auto-analysis';
import { OkReplySchema } from './common';
import { PublicConfigReplySchema } from './config';
import { WorkspaceInsightsReplySchema } from './insights';
import { HealthReplySchema, LiveReplySchema, ReadyReplySchema } from './health';
import { questionsInboxRoutes } from './questions';
import { NotesReplySchema, SaveNotesReplySchema, SaveNotesRequestSchema } from './notes';
import {
  CreateShareReplySchema,
  CreateShareRequestSchema,
  EXPORT_MEDIA_TYPES,
  ExportQuerySchema,
  ReportSharesReplySchema,
  RevokeShareReplySchema,
  SharedReportReplySchema,
  ShareIdParamsSchema,
  ShareTokenParamsSchema,
} from './share';
import {
  AddedVideoIdsReplySchema,
  AnalyzedReplySchema,
  BatchAnalyzeReplySchema,
  BatchAnalyzeRequestSchema,
  BatchEstimateReplySchema,
  ChannelSearchQuerySchema,
  ChannelSearchReplySchema,
  CreateWorkspaceRequestSchema,
  DeleteWorkspaceReplySchema,
  InstagramAnalyzeQuerySchema,
  InstagramCallbackQuerySchema,
  InstagramConnectRequestSchema,
  InstagramLinkReplySchema,
  LinkChannelRequestSchema,
  PostsReplySchema,
  SyncReplySchema,
  ToggleVideosReplySchema,
  ToggleVideosRequestSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
  WorkspacesReplySchema,
  WorkspaceVideosQuerySchema,
  WorkspaceVideosReplySchema,
} from './workspaces';

/** The confirmation code in the address of the data-deletion status page's call. */
export const DataDeletionCodeParamsSchema = z.object({ code: z.string().max(64) });

/** GET /workspaces/{id}/videos: the catalogue, or with `added_only=true` the added videos' ids. */
export const WorkspaceVideosOrIdsReplySchema = z.union([
  AddedVideoIdsReplySchema,
  WorkspaceVideosReplySchema,
]);

/**
 * A reply that is a file rather than JSON (a download): the media types it may have. The server
 * sends it as an attachment with its Content-Type and Content-Disposition; a client receives it
 * as a `DownloadedFile`.
 */
export interface FileReply {
  readonly kind: 'file';
  readonly mediaTypes: readonly [string, ...string[]];
}

/** A file reply as a client receives it: its bytes and the name the server gave it. */
export interface DownloadedFile {
  blob: Blob;
  /** From Content-Disposition; null when the reply named none. */
  filename: string | null;
}

/** True for a route whose reply is a file. */
export function isFileReply(reply: ApiRoute['reply']): reply is FileReply {
  return (reply as Partial<FileReply>).kind === 'file';
}

/**
 * One /api/v1 endpoint: what it takes and what it answers. The server registers its handler
 * against the entry (the schemas validate the request and shape the reply, the types check the
 * handler), the web app's client is derived from it, and the OpenAPI document is generated from it.
 */
export interface ApiRoute {
  readonly method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  /** Below /api/v1, with `:name` for a path parameter (`/workspaces/:id`). */
  readonly path: string;
  /** `session`: a signed-in session's bearer token is needed (401 without one). */
  readonly auth: 'public' | 'session';
  /** One line for the API reference; `tag` groups it. */
  readonly summary: string;
  readonly tag: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** An absent body reads as `{}` (bodyless POSTs; the schema's defaults apply). */
  readonly bodyOptional?: boolean;
  /** Every query field is optional and a call may leave the query out. */
  readonly queryOptional?: boolean;
  /** The success status: 200 unless given. */
  readonly status?: 200 | 201 | 202;
  /** The success reply's JSON body, or a file. */
  readonly reply: z.ZodType | FileReply;
}

/** Declares one route (keeps its literal types, checks it against `ApiRoute`). */
function route<const R extends ApiRoute>(r: R): R {
  return r;
}

/** Every /api/v1 endpoint of the typed client, by the name the web client calls it. */
export const apiRoutes = {
  // --- health (probes; no sign-in) ---------------------------------------------------------------
  health: route({
    method: 'GET',
    path: '/health',
    auth: 'public',
    tag: 'health',
    summary: 'The database and the job queue answer (503 with the first that does not).',
    reply: HealthReplySchema,
  }),
  healthLive: route({
    method: 'GET',
    path: '/health/live',
    auth: 'public',
    tag: 'health',
    summary: 'Liveness: the process serves HTTP.',
    reply: LiveReplySchema,
  }),
  healthReady: route({
    method: 'GET',
    path: '/health/ready',
    auth: 'public',
    tag: 'health',
    summary: 'Readiness: 503 while migrating, loading the model, or with a dependency down.',
    reply: ReadyReplySchema,
  }),

  // --- public configuration and figures ----------------------------------------------------------
  publicConfig: route({
    method: 'GET',
    path: '/config',
    auth: 'public',
    tag: 'config',
    summary: "This server's sign-in providers, Instagram link and payments mode.",
    reply: PublicConfigReplySchema,
  }),
  metrics: route({
    method: 'GET',
    path: '/metrics',
    auth: 'public',
    tag: 'config',
    summary: "The landing page's live counter of comments analysed.",
    reply: MetricsReplySchema,
  }),

  // --- accounts ----------------------------------------------------------------------------------
  login: route({
    method: 'POST',
    path: '/auth/login',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with e-mail and password.',
    body: LoginRequestSchema,
    reply: TokenReplySchema,
  }),
  googleSignIn: route({
    method: 'POST',
    path: '/auth/google',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with a Google ID token.',
    body: GoogleSignInRequestSchema,
    reply: ProviderSignInReplySchema,
  }),
  facebookSignIn: route({
    method: 'POST',
    path: '/auth/facebook',
    auth: 'public',
    tag: 'auth',
    summary: 'Sign in with a Facebook access token.',
    body: FacebookSignInRequestSchema,
    reply: ProviderSignInReplySchema,
  }),
  signup: route({
    method: 'POST',
    path: '/auth/signup',
    auth: 'public',
    tag: 'auth',
    summary: 'Create an account; the confirmation e-mail follows.',
    body: SignupRequestSchema,
    status: 201,
    reply: TokenReplySchema,
  }),
  requestPasswordReset: route({
    method: 'POST',
    path: '/auth/password-reset',
    auth: 'public',
    tag: 'auth',
    summary: 'E-mail a reset link (the same reply whether or not the address has an account).',
    body: PasswordResetRequestSchema,
    status: 202,
    reply: PasswordResetReplySchema,
  }),
  confirmPasswordReset: route({
    method: 'POST',
    path: '/auth/password-reset/confirm',
    auth: 'public',
    tag: 'auth',
    summary: 'Set a new password with the e-mailed link.',
    body: PasswordResetConfirmSchema,
    reply: TokenReplySchema,
  }),
  verifyEmail: route({
    method: 'POST',
    path: '/auth/verify-email',
    auth: 'session',
    tag: 'auth',
    summary: "Confirm the account's e-mail address with the e-mailed link.",
    body: VerifyEmailRequestSchema,
    reply: VerifyEmailReplySchema,
  }),
  resendVerificationEmail: route({
    method: 'POST',
    path: '/auth/verify-email/resend',
    auth: 'session',
    tag: 'auth',
    summary: 'Send the confirmation e-mail again.',
    status: 202,
    reply: OkReplySchema,
  }),
  me: route({
    method: 'GET',
    path: '/auth/me',
    auth: 'session',
    tag: 'auth',
    summary: 'The signed-in account: e-mail, plan, credits.',
    reply: MeReplySchema,
  }),
  logout: route({
    method: 'POST',
    path: '/auth/logout',
    auth: 'session',
    tag: 'auth',
    summary: 'End this sign-in session.',
    reply: OkReplySchema,
  }),
  deleteAccount: route({
    method: 'DELETE',
    path: '/auth/account',
    auth: 'session',
    tag: 'auth',
    summary: 'Delete the account and everything in it.',
    body: DeleteAccountRequestSchema,
    bodyOptional: true,
    reply: OkReplySchema,
  }),

  // --- analyses ----------------------------------------------------------------------------------
  analyze: route({
    method: 'POST',
    path: '/analyze',
    auth: 'session',
    tag: 'analyses',
    summary: 'Start analysing a video (a link or an id); credits are held for it.',
    query: AnalyzeQuerySchema,
    reply: AnalyzeReplySchema,
  }),
  jobStatus: route({
    method: 'GET',
    path: '/status/:job_id',
    auth: 'session',
    tag: 'analyses',
    summary: "An analysis job's state, progress and time left.",
    params: JobIdParamsSchema,
    reply: JobStatusReplySchema,
  }),
  report: route({
    method: 'GET',
    path: '/report/:video_id',
    auth: 'session',
    tag: 'analyses',
    summary: "A video's latest report, or an older run of it (`job`).",
    params: VideoIdParamsSchema,
    query: ReportQuerySchema,
    queryOptional: true,
    reply: ReportReplySchema,
  }),
  estimateAnalysis: route({
    method: 'GET',
    path: '/analyze/estimate',
    auth: 'session',
    tag: 'analyses',
    summary: 'What analysing a video will cost, before it starts; spends nothing.',
    query: AnalyzeQuerySchema,
    reply: AnalysisEstimateReplySchema,
  }),
  exportReport: route({
    method: 'GET',
    path: '/report/:video_id/export',
    auth: 'session',
    tag: 'analyses',
    summary: 'A report as a file to download (CSV, JSON, Markdown or PDF), without comment text.',
    params: VideoIdParamsSchema,
    query: ExportQuerySchema,
    reply: { kind: 'file', mediaTypes: EXPORT_MEDIA_TYPES },
  }),
  restoreSpam: route({
    method: 'POST',
    path: '/report/:video_id/spam/:comment_id/restore',
    auth: 'session',
    tag: 'analyses',
    summary: "Move a comment set aside as spam back into the report's topics (free).",
    params: SetAsideCommentParamsSchema,
    reply: RestoreSpamReplySchema,
  }),

  // --- read-only links to a report ---------------------------------------------------------------
  createShare: route({
    method: 'POST',
    path: '/report/:video_id/shares',
    auth: 'session',
    tag: 'shares',
    summary: 'Open a read-only link to a report; the reply is the only time its token is shown.',
    params: VideoIdParamsSchema,
    body: CreateShareRequestSchema,
    bodyOptional: true,
    status: 201,
    reply: CreateShareReplySchema,
  }),
  reportShares: route({
    method: 'GET',
    path: '/report/:video_id/shares',
    auth: 'session',
    tag: 'shares',
    summary: "A report's read-only links.",
    params: VideoIdParamsSchema,
    reply: ReportSharesReplySchema,
  }),
  revokeShare: route({
    method: 'DELETE',
    path: '/shares/:id',
    auth: 'session',
    tag: 'shares',
    summary: 'Close a read-only link.',
    params: ShareIdParamsSchema,
    reply: RevokeShareReplySchema,
  }),
  sharedReport: route({
    method: 'GET',
    path: '/shared/:token',
    auth: 'public',
    tag: 'shares',
    summary: "The report a read-only link shows (the link's token is the credential).",
    params: ShareTokenParamsSchema,
    reply: SharedReportReplySchema,
  }),
  analyses: route({
    method: 'GET',
    path: '/analyses',
    auth: 'session',
    tag: 'analyses',
    summary:
      'The history of analyses, newest first: the newest as a list, or with limit, before or q one page and the next cursor.',
    query: AnalysesQuerySchema,
    queryOptional: true,
    reply: z.union([AnalysesReplySchema, AnalysesPageReplySchema]),
  }),
  deleteAnalysis: route({
    method: 'DELETE',
    path: '/analyses/:job_id',
    auth: 'session',
    tag: 'analyses',
    summary: 'Delete one finished or failed analysis.',
    params: JobIdParamsSchema,
    reply: DeleteAnalysisReplySchema,
  }),
  clearAnalyses: route({
    method: 'DELETE',
    path: '/analyses/clear',
    auth: 'session',
    tag: 'analyses',
    summary: 'Clear the history of analyses.',
    reply: ClearAnalysesReplySchema,
  }),

  // --- clusters and notes ------------------------------------------------------------------------
  clusterAnalyze: route({
    method: 'POST',
    path: '/cluster/analyze',
    auth: 'session',
    tag: 'clusters',
    summary: "A cluster's deep dive.",
    body: ClusterAnalyzeRequestSchema,
    reply: ClusterAnalyzeReplySchema,
  }),
  clusterComments: route({
    method: 'GET',
    path: '/cluster/comments',
    auth: 'session',
    tag: 'clusters',
    summary: "A page of a cluster's comments.",
    query: ClusterCommentsQuerySchema,
    reply: ClusterCommentsReplySchema,
  }),
  clusterChat: route({
    method: 'POST',
    path: '/cluster/chat',
    auth: 'session',
    tag: 'clusters',
    summary: 'A question about a cluster, answered from its comments.',
    body: ChatRequestSchema,
    reply: ChatReplySchema,
  }),
  retag: route({
    method: 'POST',
    path: '/retag/:video_id',
    auth: 'session',
    tag: 'clusters',
    summary: "Relabel the latest report's clusters with the creator's context (no credits).",
    params: VideoIdParamsSchema,
    body: RetagRequestSchema,
    bodyOptional: true,
    reply: RetagReplySchema,
  }),
  saveNotes: route({
    method: 'POST',
    path: '/notes',
    auth: 'session',
    tag: 'notes',
    summary: "Save a video's notes (409 when a newer version was saved meanwhile).",
    body: SaveNotesRequestSchema,
    reply: SaveNotesReplySchema,
  }),
  notes: route({
    method: 'GET',
    path: '/notes/:video_id',
    auth: 'session',
    tag: 'notes',
    summary: "A video's notes.",
    params: VideoIdParamsSchema,
    reply: NotesReplySchema,
  }),

  // --- workspaces --------------------------------------------------------------------------------
  workspaces: route({
    method: 'GET',
    path: '/workspaces',
    auth: 'session',
    tag: 'workspaces',
    summary: 'The workspaces of the account.',
    reply: WorkspacesReplySchema,
  }),
  createWorkspace: route({
    method: 'POST',
    path: '/workspaces',
    auth: 'session',
    tag: 'workspaces',
    summary: 'Create a workspace (an empty name becomes the default one).',
    body: CreateWorkspaceRequestSchema,
    bodyOptional: true,
    status: 201,
    reply: WorkspaceSchema,
  }),
  updateWorkspace: route({
    method: 'PATCH',
    path: '/workspaces/:id',
    auth: 'session',
    tag: 'workspaces',
    summary:
      'Rename a workspace, turn auto-analysis of new uploads on or off, set its monthly cap.',
    params: WorkspaceParamsSchema,
    body: UpdateWorkspaceRequestSchema,
    bodyOptional: true,
    reply: WorkspaceSchema,
  }),
  deleteWorkspace: route({
    method: 'DELETE',
    path: '/workspaces/:id',
    auth: 'session',
    tag: 'workspaces',
    summary: 'Delete a workspace (its analyses stay in the history).',
    params: WorkspaceParamsSchema,
    reply: DeleteWorkspaceReplySchema,
  }),
  linkChannel: route({
    method: 'POST',
    path: '/workspaces/:id/link-channel',
    auth: 'session',
    tag: 'workspaces',
    summary: 'Link a YouTube channel to a workspace.',
    params: WorkspaceParamsSchema,
    body: LinkChannelRequestSchema,
    bodyOptional: true,
    reply: WorkspaceSchema,
  }),
  unlinkChannel: route({
    method: 'DELETE',
    path: '/workspaces/:id/channel',
    auth: 'session',
    tag: 'workspaces',
    summary: "Remove a workspace's channel and its video list.",
    params: WorkspaceParamsSchema,
    reply: WorkspaceSchema,
  }),
  workspaceVideos: route({
    method: 'GET',
    path: '/workspaces/:id/videos',
    auth: 'session',
    tag: 'workspaces',
    summary: "The channel's videos, or with added_only=true the ids of the added ones.",
    params: WorkspaceParamsSchema,
    query: WorkspaceVideosQuerySchema,
    reply: WorkspaceVideosOrIdsReplySchema,
  }),
  toggleVideos: route({
    method: 'POST',
    path: '/workspaces/:id/videos/toggle',
    auth: 'session',
    tag: 'workspaces',
    summary: 'Add videos to a workspace or take them out.',
    params: WorkspaceParamsSchema,
    body: ToggleVideosRequestSchema,
    bodyOptional: true,
    reply: ToggleVideosReplySchema,
  }),
  syncWorkspace: route({
    method: 'POST',
    path: '/workspaces/:id/sync',
    auth: 'session',
    tag: 'workspaces',
    summary: "Refresh the channel's videos and the Instagram posts.",
    params: WorkspaceParamsSchema,
    reply: SyncReplySchema,
  }),
  workspaceAutoAnalyses: route({
    method: 'GET',
    path: '/workspaces/:id/auto-analyses',
    auth: 'session',
    tag: 'workspaces',
    summary: "Auto-analysis: this month's spend and the new uploads analysed or held back.",
    params: WorkspaceParamsSchema,
    reply: AutoAnalysesReplySchema,
  }),
  workspacePosts: route({
    method: 'GET',
    path: '/workspaces/:id/posts',
    auth: 'session',
    tag: 'workspaces',
    summary: "A workspace's posts (YouTube videos and Instagram posts).",
    params: WorkspaceParamsSchema,
    reply: PostsReplySchema,
  }),
  workspaceAnalyzed: route({
    method: 'GET',
    path: '/workspaces/:id/analyzed',
    auth: 'session',
    tag: 'workspaces',
    summary: "A workspace's analysed items.",
    params: WorkspaceParamsSchema,
    reply: AnalyzedReplySchema,
  }),
  workspaceInsights: route({
    method: 'GET',
    path: '/workspaces/:id/insights',
    auth: 'session',
    tag: 'workspaces',
    summary:
      "A workspace's analysed videos over time, its recurring themes, and the latest against the one before.",
    params: WorkspaceParamsSchema,
    reply: WorkspaceInsightsReplySchema,
  }),
  batchAnalyze: route({
    method: 'POST',
    path: '/analyses/batch',
    auth: 'session',
    tag: 'workspaces',
    summary: "Analyse several of a workspace's videos.",
    body: BatchAnalyzeRequestSchema,
    bodyOptional: true,
    reply: BatchAnalyzeReplySchema,
  }),
  batchEstimate: route({
    method: 'POST',
    path: '/analyses/batch/estimate',
    auth: 'session',
    tag: 'workspaces',
    summary: 'What a batch will cost, priced as the batch starts it; spends nothing.',
    body: BatchAnalyzeRequestSchema,
    bodyOptional: true,
    reply: BatchEstimateReplySchema,
  }),
  searchChannels: route({
    method: 'GET',
    path: '/youtube/search/channels',
    auth: 'session',
    tag: 'workspaces',
    summary: 'YouTube channels matching a name, most subscribers first.',
    query: ChannelSearchQuerySchema,
    reply: ChannelSearchReplySchema,
  }),

  // --- Instagram ---------------------------------------------------------------------------------
  instagramCallback: route({
    method: 'GET',
    path: '/workspaces/:id/instagram/oauth/callback',
    auth: 'session',
    tag: 'instagram',
    summary: 'Link an Instagram professional account with the Instagram Login code.',
    params: WorkspaceParamsSchema,
    query: InstagramCallbackQuerySchema,
    reply: InstagramLinkReplySchema,
  }),
  connectInstagram: route({
    method: 'POST',
    path: '/workspaces/:id/instagram/connect',
    auth: 'session',
    tag: 'instagram',
    summary: 'Link an Instagram professional account through a Facebook Page.',
    params: WorkspaceParamsSchema,
    body: InstagramConnectRequestSchema,
    bodyOptional: true,
    reply: InstagramLinkReplySchema,
  }),
  unlinkInstagram: route({
    method: 'DELETE',
    path: '/workspaces/:id/instagram',
    auth: 'session',
    tag: 'instagram',
    summary: "Remove a workspace's Instagram account.",
    params: WorkspaceParamsSchema,
    reply: WorkspaceSchema,
  }),
  analyzeInstagram: route({
    method: 'POST',
    path: '/instagram/analyze',
    auth: 'session',
    tag: 'instagram',
    summary: 'Start analysing an Instagram post of a workspace.',
    query: InstagramAnalyzeQuerySchema,
    reply: AnalyzeReplySchema,
  }),

  // --- billing -----------------------------------------------------------------------------------
  checkoutSession: route({
    method: 'POST',
    path: '/stripe/checkout-session',
    auth: 'session',
    tag: 'billing',
    summary: 'Where to pay for credit packs or a plan (or the portal, for a subscriber).',
    body: CheckoutSessionRequestSchema,
    reply: RedirectUrlReplySchema,
  }),
  portalSession: route({
    method: 'POST',
    path: '/stripe/portal-session',
    auth: 'session',
    tag: 'billing',
    summary: "The subscriber's billing portal.",
    reply: RedirectUrlReplySchema,
  }),
  subscription: route({
    method: 'GET',
    path: '/stripe/subscription',
    auth: 'session',
    tag: 'billing',
    summary: 'The plan, its state and the credit packs on sale.',
    reply: BillingReplySchema,
  }),
  creditHistory: route({
    method: 'GET',
    path: '/billing/history',
    auth: 'session',
    tag: 'billing',
    summary: 'A page of the credit history, newest first.',
    query: CreditHistoryQuerySchema,
    reply: CreditHistoryReplySchema,
  }),

  // --- Meta's data-deletion callback -------------------------------------------------------------
  metaDataDeletion: route({
    method: 'POST',
    path: '/meta/data-deletion',
    auth: 'public',
    tag: 'meta',
    summary: "Meta's data-deletion callback (a form or JSON signed_request).",
    body: MetaDataDeletionRequestSchema,
    bodyOptional: true,
    reply: MetaDataDeletionReplySchema,
  }),
  dataDeletionStatus: route({
    method: 'GET',
    path: '/meta/data-deletion/:code',
    auth: 'public',
    tag: 'meta',
    summary: 'The status of a data-deletion request, by its confirmation code.',
    params: DataDeletionCodeParamsSchema,
    reply: DataDeletionStatusReplySchema,
  }),
  // --- questions inbox (questions.ts) ------------------------------------------------------------
  ...questionsInboxRoutes,

  // --- alerts and notifications (packages/contracts/src/alerts.ts) -------------------------------
  ...alertRoutes,
} as const satisfies Record<string, ApiRoute>;

export type ApiRoutes = typeof apiRoutes;
export type ApiRouteName = keyof ApiRoutes;

/** What the server's handler reads, after validation: `params`, `query`, `body`. */
export type RouteParams<R extends ApiRoute> = R extends { params: infer S extends z.ZodType }
  ? z.output<S>
  : Record<string, never>;
export type RouteQuery<R extends ApiRoute> = R extends { query: infer S extends z.ZodType }
  ? z.output<S>
  : Record<string, never>;
export type RouteBody<R extends ApiRoute> = R extends { body: infer S extends z.ZodType }
  ? z.output<S>
  : undefined;
/** What a JSON route's handler must return: the reply schema's input (the schema then shapes it). */
export type RouteReplyInput<R extends ApiRoute> = R['reply'] extends z.ZodType
  ? z.input<R['reply']>
  : never;
/** What a client receives: the reply schema's output, or the downloaded file. */
export type RouteReply<R extends ApiRoute> = R['reply'] extends z.ZodType
  ? z.output<R['reply']>
  : DownloadedFile;

/** What a client sends: each part the route has, typed by the schema's input. */
export type RouteRequest<R extends ApiRoute> = (R extends { params: infer S extends z.ZodType }
  ? { params: z.input<S> }
  : { params?: never }) &
  (R extends { query: infer S extends z.ZodType }
    ? R extends { queryOptional: true }
      ? { query?: z.input<S> }
      : { query: z.input<S> }
    : { query?: never }) &
  (R extends { body: infer S extends z.ZodType }
    ? R extends { bodyOptional: true }
      ? { body?: z.input<S> }
      : { body: z.input<S> }
    : { body?: never }) & {
    signal?: AbortSignal;
  };

/** `/workspaces/:id` with `{ id: 3 }` -> `/workspaces/3` (each value URI-encoded). */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params?.[name];
    if (typeof value !== 'string' && typeof value !== 'number')
      throw new Error(`Missing path parameter ${name}.`);
    return encodeURIComponent(String(value));
  });
}

/** One call as a transport sends it: the full /api/v1 path, the query, the JSON body. */
export interface ApiCall {
  method: ApiRoute['method'];
  path: string;
  query: Record<string, unknown> | undefined;
  body: unknown;
  /** False for public routes: the stored session token is not sent. */
  auth: boolean;
  /** How to read the reply: JSON, or a file (a `DownloadedFile`). */
  reply: 'json' | 'file';
  signal: AbortSignal | undefined;
}

/** The typed client: one function per route, `api.report({ params: { video_id } })`. */
export type ApiClient<T extends Record<string, ApiRoute> = ApiRoutes> = {
  [K in keyof T]: Partial<RouteRequest<T[K]>> extends RouteRequest<T[K]>
    ? (request?: RouteRequest<T[K]>) => Promise<RouteReply<T[K]>>
    : (request: RouteRequest<T[K]>) => Promise<RouteReply<T[K]>>;
};

/** Builds the typed client over a transport (the web app's fetch with its token and errors). */
export function createApiClient<T extends Record<string, ApiRoute>>(
  routes: T,
  send: (call: ApiCall) => Promise<unknown>,
): ApiClient<T> {
  const client: Record<string, (request?: RouteRequest<ApiRoute>) => Promise<unknown>> = {};
  for (const [name, r] of Object.entries(routes)) {
    client[name] = (request) =>
      send({
        method: r.method,
        path: `/api/v1${fillPath(r.path, request?.params)}`,
        query: request?.query,
        body: request?.body,
        auth: r.auth === 'session',
        reply: isFileReply(r.reply) ? 'file' : 'json',
        signal: request?.signal,
      });
  }
  return client as ApiClient<T>;
}
