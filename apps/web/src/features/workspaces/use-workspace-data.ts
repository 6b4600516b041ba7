import { useEffect } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { AnalyzedItem } from '@app/contracts';
import { useWorkspaceJobs } from './workspace-jobs';
import { instagramTitle } from './workspace-logic';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';

// Each workspace is synced once per page load: the catalogue and posts then come from the server's copy.
const synced = new Set<number>();

/** Linking a channel fetches its catalogue already: no sync needed right after it. */
export function markSynced(workspaceId: number): void {
  synced.add(workspaceId);
}

/**
 * POST /workspaces/{id}/sync once per page load (errors ignored), then reloads
 * what it may have changed.
 */
export function useWorkspaceSync(workspaceId: number, enabled = true): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!enabled || synced.has(workspaceId)) return;
    synced.add(workspaceId);
    api
      .syncWorkspace({ params: { id: workspaceId } })
      .then(() =>
        Promise.all(
          [
            workspaceKeys.videos(workspaceId),
            workspaceKeys.addedIds(workspaceId),
            workspaceKeys.posts(workspaceId),
            workspaceKeys.list,
            // the sync analyses new uploads when auto-analysis is on
            workspaceKeys.autoAnalyses(workspaceId),
            workspaceKeys.analyzed(workspaceId),
          ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
        ),
      )
      .catch((err: unknown) => console.warn('Workspace sync failed (ignored)', err));
  }, [workspaceId, enabled, queryClient]);
}

/** The workspace's analysed items (GET /workspaces/{id}/analyzed). */
export function useAnalyzed(workspaceId: number) {
  return useQuery({
    queryKey: workspaceKeys.analyzed(workspaceId),
    queryFn: ({ signal }) => api.workspaceAnalyzed({ params: { id: workspaceId }, signal }),
  });
}

/** The title an analysed item shows: the video's title or id, the post's caption or kind. */
export function analyzedTitle(item: AnalyzedItem): string {
  if (item.kind === 'youtube') return item.title?.trim() || item.video_id;
  return instagramTitle(item);
}

const FINAL = new Set(['complete', 'failed']);

/**
 * Follows the workspace's unfinished analyses again after a reload or on another screen: the
 * Analyzed list says which jobs are still running.
 */
export function useResumeJobs(workspaceId: number): void {
  const analyzed = useAnalyzed(workspaceId);
  const { jobs, follow } = useWorkspaceJobs();
  useEffect(() => {
    for (const item of analyzed.data ?? []) {
      if (FINAL.has(item.status) || jobs.some((j) => j.jobId === item.job_id)) continue;
      follow({
        jobId: item.job_id,
        videoId: item.report_video_id,
        workspaceId,
        title: analyzedTitle(item),
        kind: item.kind,
      });
    }
  }, [analyzed.data, jobs, follow, workspaceId]);
}
