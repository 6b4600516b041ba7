import type { WorkspaceTab } from '../features/workspaces/workspace-logic';

/**
 * The signed-in app's addresses. Every view a creator can reach has one, so a reload shows it
 * again, Back and Forward move between them, and a report can be bookmarked.
 */
export const paths = {
  home: '/',
  /** The creator's latest report of the video, or the run `jobId` of it. */
  report: (videoId: string, jobId?: string | null) =>
    `/report/${encodeURIComponent(videoId)}${jobId ? `?job=${encodeURIComponent(jobId)}` : ''}`,
  history: '/history',
  workspaces: '/workspaces',
  /** A workspace's detail screen on a tab, optionally with a report shown below the tabs. */
  workspace: (id: number, tab?: WorkspaceTab, reportVideoId?: string | null) => {
    const params = new URLSearchParams();
    if (tab) params.set('tab', tab);
    if (reportVideoId) params.set('report', reportVideoId);
    const qs = params.toString();
    return `/workspaces/${id}${qs ? `?${qs}` : ''}`;
  },
  /** A workspace's questions inbox in one state (open unless given). */
  questions: (workspaceId: number, status?: 'open' | 'answered' | 'dismissed') =>
    `/questions?workspace=${workspaceId}${status && status !== 'open' ? `&status=${status}` : ''}`,
} as const;
