import type {
  AnalysisEstimateReply,
  AnalysesPageReply,
  AnalysisHistoryItem,
  AnalyzeReply,
  DataDeletionStatusReply,
  DeleteAccountRequest,
  JobStatusReply,
  MeReply,
  MetricsReply,
  PasswordResetReply,
  ProviderSignInReply,
  PublicConfigReply,
  ReportReply,
  RestoreSpamReply,
  TokenReply,
  VerifyEmailReply,
} from '@app/contracts';
import { apiRequest } from './api-client';

/** Typed /api/v1 calls used by the shell and the report view. */
export const api = {
  login: (email: string, password: string) =>
    apiRequest<TokenReply>('/api/v1/auth/login', {
      method: 'POST',
      body: { email, password },
      auth: false,
    }),
  signup: (email: string, password: string) =>
    apiRequest<TokenReply>('/api/v1/auth/signup', {
      method: 'POST',
      body: { email, password },
      auth: false,
    }),
  requestPasswordReset: (email: string) =>
    apiRequest<PasswordResetReply>('/api/v1/auth/password-reset', {
      method: 'POST',
      body: { email },
      auth: false,
    }),
  confirmPasswordReset: (token: string, password: string) =>
    apiRequest<TokenReply>('/api/v1/auth/password-reset/confirm', {
      method: 'POST',
      body: { token, password },
      auth: false,
    }),
  verifyEmail: (token: string) =>
    apiRequest<VerifyEmailReply>('/api/v1/auth/verify-email', { method: 'POST', body: { token } }),
  resendVerificationEmail: () =>
    apiRequest<unknown>('/api/v1/auth/verify-email/resend', { method: 'POST' }),
  googleSignIn: (idToken: string) =>
    apiRequest<ProviderSignInReply>('/api/v1/auth/google', {
      method: 'POST',
      body: { id_token: idToken },
      auth: false,
    }),
  facebookSignIn: (accessToken: string) =>
    apiRequest<ProviderSignInReply>('/api/v1/auth/facebook', {
      method: 'POST',
      body: { access_token: accessToken },
      auth: false,
    }),
  deleteAccount: (body: DeleteAccountRequest) =>
    apiRequest<unknown>('/api/v1/auth/account', { method: 'DELETE', body }),
  me: (signal?: AbortSignal) => apiRequest<MeReply>('/api/v1/auth/me', { signal }),
  dataDeletionStatus: (code: string, signal?: AbortSignal) =>
    apiRequest<DataDeletionStatusReply>(`/api/v1/meta/data-deletion/${encodeURIComponent(code)}`, {
      signal,
      auth: false,
    }),
  logout: () => apiRequest<unknown>('/api/v1/auth/logout', { method: 'POST' }),
  metrics: () => apiRequest<MetricsReply>('/api/v1/metrics', { auth: false }),
  publicConfig: (signal?: AbortSignal) =>
    apiRequest<PublicConfigReply>('/api/v1/config', { auth: false, signal }),
  analyze: (videoUrl: string) =>
    apiRequest<Partial<AnalyzeReply> | null>('/api/v1/analyze', {
      method: 'POST',
      query: { video_url: videoUrl },
    }),
  /** What Analyze will cost for this link; spends nothing. */
  estimate: (videoUrl: string, signal?: AbortSignal) =>
    apiRequest<AnalysisEstimateReply>('/api/v1/analyze/estimate', {
      query: { video_url: videoUrl },
      signal,
    }),
  status: (jobId: string, signal?: AbortSignal) =>
    apiRequest<JobStatusReply & { etaSeconds?: number | null }>(
      `/api/v1/status/${encodeURIComponent(jobId)}`,
      {
        signal,
      },
    ),
  report: (videoId: string, signal?: AbortSignal, jobId?: string) =>
    apiRequest<ReportReply>(`/api/v1/report/${encodeURIComponent(videoId)}`, {
      signal,
      query: { job: jobId },
    }),
  /** "Not spam": moves a comment set aside as spam back into the report's topics (free). */
  restoreSpam: (videoId: string, commentId: string) =>
    apiRequest<RestoreSpamReply>(
      `/api/v1/report/${encodeURIComponent(videoId)}/spam/${encodeURIComponent(commentId)}/restore`,
      { method: 'POST' },
    ),
  analyses: (signal?: AbortSignal) =>
    apiRequest<AnalysisHistoryItem[]>('/api/v1/analyses', { signal }),
  /** One page of the whole history (newest first); `before` is the previous page's next_cursor. */
  analysesPage: (
    params: { limit: number; before?: string | null; q?: string },
    signal?: AbortSignal,
  ) =>
    apiRequest<AnalysesPageReply>('/api/v1/analyses', {
      signal,
      query: {
        limit: params.limit,
        before: params.before ?? undefined,
        q: params.q ? params.q : undefined,
      },
    }),
  deleteAnalysis: (jobId: string) =>
    apiRequest<unknown>(`/api/v1/analyses/${encodeURIComponent(jobId)}`, { method: 'DELETE' }),
  clearAnalyses: () => apiRequest<unknown>('/api/v1/analyses/clear', { method: 'DELETE' }),
};

/** TanStack Query keys, in one place so invalidations match. */
export const queryKeys = {
  me: (token: string | null) => ['me', token] as const,
  dataDeletion: (code: string) => ['data-deletion', code] as const,
  report: (videoId: string) => ['report', videoId] as const,
  analyses: ['analyses'] as const,
  /** The history page's pages (under `analyses`, so every change to the history refreshes it). */
  analysesSearch: (q: string) => ['analyses', 'search', q] as const,
  metrics: ['metrics'] as const,
  publicConfig: ['public-config'] as const,
};
