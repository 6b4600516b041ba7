import type {
  AudienceQuestion,
  CommentResult,
  CommentSourceText,
  InputComment,
  LanguageModel,
  StageProgress,
  TextEmbedder,
} from '@app/analysis';
import type { Cluster, ClusterSentiment, ExecutiveSummary } from '@app/contracts';
import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { JobQueue } from '../../jobs/job-queue.port';
import type { Metrics } from '../../providers/metrics/metrics.port';
import type { CommentSource } from '../../providers/youtube/comment-source.port';
import type { Repositories, TransactionRunner } from '../../repositories';

/** What the analysis use-cases need; each takes only the fields it uses. */
export interface AnalysisDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  commentSource: CommentSource;
  jobQueue: JobQueue;
  embedder: TextEmbedder;
  languageModel: LanguageModel | null;
  analysisConfig: Config['analysis'];
  /** The analysis core's `analyseComments` (injected so the container owns the choice). */
  analyse: AnalyseFn;
  /** Stage durations, embedding throughput and credit movements (a no-op when absent). */
  metrics?: Metrics;
}

/** The shape of `analyseComments` from @app/analysis that the job relies on. */
export type AnalyseFn = (
  comments: readonly InputComment[],
  deps: { embedder: TextEmbedder; languageModel?: LanguageModel | null },
  options: {
    seed?: number;
    /** The video's title and channel name (names spelt as they spell them). */
    source?: CommentSourceText;
    signal?: AbortSignal;
    threads?: number;
    onProgress?: (p: StageProgress) => void;
  },
) => Promise<{
  comments: CommentResult[];
  clusters: Cluster[];
  sentiment: ClusterSentiment;
  executiveSummary: ExecutiveSummary;
  stats: { analysed: number; duplicates: number; spam: number };
  /** The questions to answer, most asked first (absent: none stored). */
  questions?: AudienceQuestion[];
  /** The comments set aside as spam (their `clusterId` is -1). */
  setAside: { count: number; commentIds: string[] };
  labeller: string;
  embedder: string;
}>;

/** The core's AnalysisInputError (empty input, no text), recognised without importing the class. */
export function isAnalysisInputError(error: unknown): error is Error {
  return error instanceof Error && (error as { code?: unknown }).code === 'ANALYSIS_INPUT';
}

/** The queue job that runs one analysis. */
export const ANALYSIS_JOB_NAME = 'analysis.run';

/** 1 credit covers 100 comments. */
export const COMMENTS_PER_CREDIT = 100;

/** An analysis of `comments` comments costs ceil(comments / 100) credits, at least 1. */
export function creditsFor(comments: number): number {
  return Math.max(1, Math.ceil(comments / COMMENTS_PER_CREDIT));
}

/** Idempotency keys of a job's three possible ledger movements. */
export const ledgerKeys = (jobId: string) => ({
  reserve: `job:${jobId}:reserve`,
  settle: `job:${jobId}:settle`,
  refund: `job:${jobId}:refund`,
});

/** Picks the analysis deps out of the app container (structurally, so services stay container-free). */
export function analysisDepsFrom(
  c: Omit<AnalysisDeps, 'analysisConfig'> & { config: { analysis: Config['analysis'] } },
): AnalysisDeps {
  return {
    repos: c.repos,
    transaction: c.transaction,
    clock: c.clock,
    commentSource: c.commentSource,
    jobQueue: c.jobQueue,
    embedder: c.embedder,
    languageModel: c.languageModel,
    analysisConfig: c.config.analysis,
    analyse: c.analyse,
    ...(c.metrics ? { metrics: c.metrics } : {}),
  };
}
