import { instagramMediaIdOf, type AutoAnalysesReply, type AutoAnalysisState } from '@app/contracts';
import type { AutoAnalysisRow } from '../../repositories/workspace-auto-analysis.repository';
import { monthStartOf } from './auto-analyze-workspace';
import { requireWorkspace, type WorkspaceDeps } from './workspace-deps';

/** Rows the list shows (newest first). */
export const AUTO_ANALYSES_LIST_LIMIT = 100;

/**
 * GET /workspaces/{id}/auto-analyses: the workspace's auto-analysis settings, the credits its
 * auto-analyses started this calendar month spent (or hold while they run), and the new videos
 * and posts it analysed, is analysing, or held back and why. 404 for another user's workspace.
 */
export async function listAutoAnalyses(
  deps: Pick<WorkspaceDeps, 'repos' | 'clock'>,
  input: { userId: string; workspaceId: number },
): Promise<AutoAnalysesReply> {
  const w = await requireWorkspace(deps, input.userId, input.workspaceId);
  const monthStart = monthStartOf(deps.clock.now());
  const [spent, rows] = await Promise.all([
    deps.repos.autoAnalyses.monthSpend(w.id, input.userId, monthStart),
    deps.repos.autoAnalyses.list(w.id, input.userId, AUTO_ANALYSES_LIST_LIMIT),
  ]);
  return {
    auto_analyze: w.autoAnalyze,
    monthly_credit_cap: w.monthlyCreditCap,
    since: w.autoAnalyzeSince?.toISOString() ?? null,
    month_start: monthStart.toISOString(),
    month_spent: spent,
    items: rows.map((r) => ({
      video_key: r.videoKey,
      kind: instagramMediaIdOf(r.videoKey) === null ? 'youtube' : 'instagram',
      title: r.title,
      published_at: r.publishedAt?.toISOString() ?? null,
      state: stateOf(r),
      reason: r.reason,
      message: r.message,
      job_id: r.jobId,
      job_status: r.jobStatus,
      credits: r.status === 'skipped' ? 0 : r.credits,
      at: (r.startedAt ?? r.updatedAt).toISOString(),
    })),
  };
}

function stateOf(r: AutoAnalysisRow): AutoAnalysisState {
  if (r.status === 'held_back') return 'held_back';
  if (r.status === 'skipped') return 'skipped';
  if (r.jobStatus === 'failed') return 'failed';
  // a finished analysis the creator deleted from the history keeps counting as analysed
  if (r.jobStatus === 'complete' || (r.status === 'started' && r.jobStatus === null))
    return 'analysed';
  return 'analysing';
}
