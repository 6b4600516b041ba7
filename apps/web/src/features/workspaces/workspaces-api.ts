import type { WorkspaceVideo } from '@app/contracts';
import { api } from '../../lib/api';

/**
 * GET /workspaces/{id}/videos answers the channel's catalogue, or with `added_only=true` the ids of
 * the added videos: these read each answer as its kind.
 */
export async function workspaceVideos(id: number, signal?: AbortSignal): Promise<WorkspaceVideo[]> {
  const reply = await api.workspaceVideos({ params: { id }, query: {}, signal });
  return reply.filter((v): v is WorkspaceVideo => typeof v !== 'string');
}

/** The YouTube ids of the added videos. */
export async function addedVideoIds(id: number, signal?: AbortSignal): Promise<string[]> {
  const reply = await api.workspaceVideos({
    params: { id },
    query: { added_only: 'true' },
    signal,
  });
  return reply.filter((v): v is string => typeof v === 'string');
}
/** TanStack Query keys of the workspace screens; `all` invalidates every one of them. */
export const workspaceKeys = {
  all: ['workspaces'] as const,
  list: ['workspaces', 'list'] as const,
  channelSearch: (q: string) => ['workspaces', 'channel-search', q] as const,
  videos: (id: number) => ['workspaces', id, 'videos'] as const,
  addedIds: (id: number) => ['workspaces', id, 'added-ids'] as const,
  posts: (id: number) => ['workspaces', id, 'posts'] as const,
  analyzed: (id: number) => ['workspaces', id, 'analyzed'] as const,
  autoAnalyses: (id: number) => ['workspaces', id, 'auto-analyses'] as const,
};
