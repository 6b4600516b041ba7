import { apiRoutes, createApiClient, fillPath, type DirectRoute } from '@app/contracts';
import { apiFile, apiRequest, apiUrl, type RequestOptions } from './api-client';

/**
 * Every /api/v1 call, derived from the contracts' route table (`apiRoutes` in @app/contracts): one
 * function per route, typed by its schemas, e.g. `api.report({ params: { video_id }, signal })`.
 * Calls go through apiRequest, or apiFile for a route whose reply is a file (bearer token on
 * routes that need a session, readable ApiErrors, 401 handling).
 */
export const api = createApiClient(apiRoutes, (call) =>
  (call.reply === 'file' ? apiFile : apiRequest)(call.path, {
    method: call.method,
    // Query schemas take text and numbers, which is what a query string carries.
    query: call.query as RequestOptions['query'],
    body: call.body,
    auth: call.auth,
    signal: call.signal,
  }),
);

/**
 * The address of a route outside the typed client (`directRoutes`: the event stream, the checkout
 * tab), with its path parameters filled in.
 */
export function directUrl(
  route: DirectRoute,
  params?: Record<string, string | number>,
  query?: RequestOptions['query'],
): string {
  return apiUrl(`/api/v1${fillPath(route.path, params)}`, query);
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
