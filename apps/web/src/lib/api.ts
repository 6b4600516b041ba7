import {
  apiRoutes,
  createApiClient,
  type AnalysisEstimateReply,
  type RestoreSpamReply,
} from '@app/contracts';
import { apiRequest, type RequestOptions } from './api-client';

/**
 * Every /api/v1 call, derived from the contracts' route table (`apiRoutes` in @app/contracts): one
 * function per route, typed by its schemas, e.g. `api.report({ params: { video_id }, signal })`.
 * Calls go through apiRequest (bearer token on routes that need a session, readable ApiErrors,
 * 401 handling).
 */
export const api = createApiClient(apiRoutes, (call) =>
  apiRequest(call.path, {
    method: call.method,
    // Query schemas take text and numbers, which is what a query string carries.
    query: call.query as RequestOptions['query'],
    body: call.body,
    auth: call.auth,
    signal: call.signal,
  }),
);

/** What Analyze will cost for this link; spends nothing. */
export function estimateAnalysis(
  videoUrl: string,
  signal?: AbortSignal,
): Promise<AnalysisEstimateReply> {
  return apiRequest<AnalysisEstimateReply>('/api/v1/analyze/estimate', {
    query: { video_url: videoUrl },
    signal,
  });
}

/** "Not spam": moves a comment set aside as spam back into the report's topics (free). */
export function restoreSpamComment(videoId: string, commentId: string): Promise<RestoreSpamReply> {
  return apiRequest<RestoreSpamReply>(
    `/api/v1/report/${encodeURIComponent(videoId)}/spam/${encodeURIComponent(commentId)}/restore`,
    { method: 'POST' },
  );
}

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
