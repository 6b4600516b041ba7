/**
 * The workspace calls of /api/v1, typed with the contracts in @app/contracts (workspaces.ts).
 * Every call goes through apiRequest: bearer token, readable ApiError messages, 401 handling.
 */
import type {
  AnalyzedItem,
  AnalyzeReply,
  BatchAnalyzeReply,
  BatchEstimateReply,
  ChannelSearchResult,
  InstagramLinkReply,
  Post,
  RetagReply,
  Workspace,
  WorkspaceVideo,
} from '@app/contracts';
import { apiRequest } from '../../lib/api-client';

/** ToggleVideosReplySchema: the YouTube ids of every added video after the change. */
export interface ToggleVideosReply {
  success: true;
  added: string[];
}

const ws = (id: number) => `/api/v1/workspaces/${encodeURIComponent(String(id))}`;

export const workspacesApi = {
  list: (signal?: AbortSignal) => apiRequest<Workspace[]>('/api/v1/workspaces', { signal }),
  /** An empty name becomes 'New Workspace' on the server. */
  create: (name: string) =>
    apiRequest<Workspace>('/api/v1/workspaces', { method: 'POST', body: { name } }),
  rename: (id: number, name: string) =>
    apiRequest<Workspace | null>(ws(id), { method: 'PATCH', body: { name } }),
  /** The workspace and its video list go; its analyses stay in the history. */
  remove: (id: number) => apiRequest<unknown>(ws(id), { method: 'DELETE' }),
  searchChannels: (q: string, signal?: AbortSignal) =>
    apiRequest<ChannelSearchResult[]>('/api/v1/youtube/search/channels', {
      query: { q },
      signal,
    }),
  linkChannel: (id: number, channelId: string) =>
    apiRequest<unknown>(`${ws(id)}/link-channel`, {
      method: 'POST',
      body: { channel_id: channelId },
    }),
  /** The channel and its video list leave the workspace; analyses stay. */
  unlinkChannel: (id: number) => apiRequest<Workspace>(`${ws(id)}/channel`, { method: 'DELETE' }),
  /** The channel's catalogue, newest first, each with is_added. */
  videos: (id: number, signal?: AbortSignal) =>
    apiRequest<WorkspaceVideo[]>(`${ws(id)}/videos`, { signal }),
  /** The YouTube ids of the added videos. */
  addedVideoIds: (id: number, signal?: AbortSignal) =>
    apiRequest<string[]>(`${ws(id)}/videos`, { query: { added_only: 'true' }, signal }),
  toggleVideos: (id: number, videoIds: string[], isAdded: boolean) =>
    apiRequest<ToggleVideosReply>(`${ws(id)}/videos/toggle`, {
      method: 'POST',
      body: { video_ids: videoIds, is_added: isAdded },
    }),
  /** Refreshes the channel's catalogue and the Instagram posts; callers ignore its errors. */
  sync: (id: number) => apiRequest<unknown>(`${ws(id)}/sync`, { method: 'POST' }),
  posts: (id: number, signal?: AbortSignal) => apiRequest<Post[]>(`${ws(id)}/posts`, { signal }),
  analyzed: (id: number, signal?: AbortSignal) =>
    apiRequest<AnalyzedItem[]>(`${ws(id)}/analyzed`, { signal }),
  /** The workspace id files the analyses under that workspace (its Analyzed tab). */
  /** What a batch will cost, priced as the batch starts it; spends nothing. */
  batchEstimate: (videoIds: string[], workspaceId: number) =>
    apiRequest<BatchEstimateReply>('/api/v1/analyses/batch/estimate', {
      method: 'POST',
      body: { video_ids: videoIds, workspace_id: workspaceId },
    }),
  batchAnalyze: (videoIds: string[], workspaceId: number) =>
    apiRequest<BatchAnalyzeReply>('/api/v1/analyses/batch', {
      method: 'POST',
      body: { video_ids: videoIds, workspace_id: workspaceId },
    }),
  /** One workspace post (query video_id instead of video_url). */
  analyzeVideo: (videoId: string) =>
    apiRequest<Partial<AnalyzeReply> | null>('/api/v1/analyze', {
      method: 'POST',
      query: { video_id: videoId },
    }),
  analyzeInstagram: (mediaId: string, workspaceId: number) =>
    apiRequest<Partial<AnalyzeReply> | null>('/api/v1/instagram/analyze', {
      method: 'POST',
      query: { media_id: mediaId, workspace_id: workspaceId },
    }),
  /** The Facebook route: links the first Page with an Instagram professional account. */
  connectInstagram: (id: number, userAccessToken: string) =>
    apiRequest<InstagramLinkReply>(`${ws(id)}/instagram/connect`, {
      method: 'POST',
      body: { user_access_token: userAccessToken },
    }),
  instagramCallback: (id: number, code: string) =>
    apiRequest<unknown>(`${ws(id)}/instagram/oauth/callback`, { query: { code } }),
  retag: (videoId: string, context = '') =>
    apiRequest<RetagReply>(`/api/v1/retag/${encodeURIComponent(videoId)}`, {
      method: 'POST',
      body: { context },
    }),
};

/** TanStack Query keys of the workspace screens; `all` invalidates every one of them. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: ['workspaces', 'list'] as const,
  channelSearch: (q: string) => ['workspaces', 'channel-search', q] as const,
  videos: (id: number) => ['workspaces', id, 'videos'] as const,
  addedIds: (id: number) => ['workspaces', id, 'added-ids'] as const,
  posts: (id: number) => ['workspaces', id, 'posts'] as const,
  analyzed: (id: number) => ['workspaces', id, 'analyzed'] as const,
};
