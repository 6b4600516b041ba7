import {
  autoAnalyzeWorkspace,
  type AutoAnalysisDeps,
  type AutoAnalysisOutcome,
} from './auto-analyze-workspace';
import { syncWorkspace, type SyncResult } from './sync-workspace';
import type { WorkspaceDeps } from './workspace-deps';

export type AutoAnalysisSyncDeps = WorkspaceDeps & AutoAnalysisDeps;

/** Workspaces one scheduled sweep visits at most. */
export const AUTO_ANALYSIS_SWEEP_LIMIT = 500;

/**
 * A workspace's sync followed by its auto-analysis (POST /workspaces/{id}/sync and the scheduled
 * sweep): new uploads land in the catalogue and posts, then the new ones are analysed. A failed
 * half of the sync (the channel gone, Instagram to reconnect) still lets auto-analysis run on what
 * the workspace holds; its failure is answered afterwards.
 */
export async function syncAndAutoAnalyze(
  deps: AutoAnalysisSyncDeps,
  input: { userId: string; workspaceId: number },
): Promise<SyncResult & { autoAnalysis: AutoAnalysisOutcome }> {
  let failure: Error | null = null;
  let result: SyncResult = { youtubeVideos: 0, instagramPosts: 0 };
  try {
    result = await syncWorkspace(deps, input);
  } catch (error) {
    failure = error instanceof Error ? error : new Error(String(error));
  }
  const autoAnalysis = await autoAnalyzeWorkspace(deps, input);
  if (failure !== null) throw failure;
  return { ...result, autoAnalysis };
}

export interface AutoAnalysisSweep {
  workspaces: number;
  started: number;
  heldBack: number;
  failed: number;
}

/**
 * The scheduled sync (the worker runs it hourly): every workspace with auto-analysis on is synced
 * and its new uploads analysed. A workspace that fails is counted and the others go on. Safe from
 * several workers at once: each video's analysis is claimed by a unique row.
 */
export async function runAutoAnalysisSweep(
  deps: AutoAnalysisSyncDeps,
  onError: (error: unknown, workspaceId: number) => void = () => undefined,
): Promise<AutoAnalysisSweep> {
  const sweep: AutoAnalysisSweep = { workspaces: 0, started: 0, heldBack: 0, failed: 0 };
  for (const w of await deps.repos.autoAnalyses.listEnabled(AUTO_ANALYSIS_SWEEP_LIMIT)) {
    sweep.workspaces += 1;
    try {
      const { autoAnalysis } = await syncAndAutoAnalyze(deps, {
        userId: w.userId,
        workspaceId: w.id,
      });
      sweep.started += autoAnalysis.started.length;
      sweep.heldBack += autoAnalysis.heldBack.length;
    } catch (error) {
      sweep.failed += 1;
      onError(error, w.id);
    }
  }
  return sweep;
}
