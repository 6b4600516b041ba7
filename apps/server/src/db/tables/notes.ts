import type { Json } from './analysis';
import type { CreatedAt, Timestamp } from './auth';

/** One user's notes on one video (rich-text HTML, sanitised before it is stored). */
export interface NotesTable {
  userId: string;
  videoId: string;
  html: string;
  /** Version stamp for last-write detection; written by the server, strictly increasing per row. */
  updatedAt: Timestamp;
  createdAt: CreatedAt;
}

/** Cache of per-cluster deep analyses (offline or LLM), per analysis job and cluster. */
export interface ClusterAnalysesTable {
  jobId: string;
  clusterId: number;
  /** The contract's ClusterAnalysis. */
  analysis: Json<unknown>;
  source: 'offline' | 'llm';
  createdAt: CreatedAt;
}

/** Tables of the notes and deep-dive features. */
export interface NotesTables {
  notes: NotesTable;
  clusterAnalyses: ClusterAnalysesTable;
}
