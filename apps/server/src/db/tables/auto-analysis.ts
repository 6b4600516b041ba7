import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './auth';

export type AutoAnalysisStatus = 'starting' | 'started' | 'held_back' | 'skipped';
export type AutoAnalysisReason = 'cap' | 'balance' | 'error' | 'already_analysed';

/** One new video or post of a workspace with auto-analysis on, once per (workspace, video key). */
export interface WorkspaceAutoAnalysesTable {
  id: Generated<number>;
  workspaceId: number;
  userId: string;
  /** The YouTube video id, or `ig_<media id>` for an Instagram post. */
  videoKey: string;
  title: string | null;
  publishedAt: Timestamp | null;
  status: AutoAnalysisStatus;
  reason: AutoAnalysisReason | null;
  message: string | null;
  plannedCredits: Generated<number>;
  jobId: string | null;
  startedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface AutoAnalysisTables {
  workspaceAutoAnalyses: WorkspaceAutoAnalysesTable;
}
