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
import type { Mailer } from '../../providers/mail/mailer.port';
import type { Metrics } from '../../providers/metrics/metrics.port';
import type { CommentSourceRegistry } from '../../providers/comment-sources/comment-source-registry.port';
import type { Repositories, TransactionRunner } from '../../repositories';

/** What the analysis use-cases need; each takes only the fields it uses. */
export interface AnalysisDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  /** Each platform's comment source; a job reads from its platform's. */
  commentSources: CommentSourceRegistry;
  jobQueue: JobQueue;
  embedder: TextEmbedder;
  languageModel: LanguageModel | null;
  analysisConfig: Config['analysis'];
  /** The analysis core's `analyseComments` (injected so the container owns the choice). */
  analyse: AnalyseFn;
  /** Stage durations, embedding throughput and credit movements (a no-op when absent). */
  metrics?: Metrics;
  /** E-mails the alerts an analysis fires (absent: alerts become notifications only). */
  mailer?: Mailer;
  /** The site's address (PUBLIC_URL), for links in those e-mails. */
  publicUrl?: string | undefined;
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

/** What an analysis will hold and analyse, before it starts. */
export interface AnalysisPrice {
  /** Most comments the balance and the per-analysis maximum allow. */
  cap: number;
  /** The comments the analysis will read: the video's count up to the cap (the cap when unknown). */
  comments: number;
  /** Credits held at the start: ceil(comments / 100), at least 1 (0 for a free analysis). */
  credits: number;
  /** The job's comment limit: the cap, bounded by what the held credits cover. */
  commentLimit: number;
}

/**
 * The pricing rule, one function for the estimate shown before the click and the hold made at
 * the start: the comments read are min(the video's count, balance x 100, the per-analysis
 * maximum); an unknown count holds the whole cap. A free analysis (a sample video) holds nothing.
 */
export function priceAnalysis(input: {
  commentCount: number | null;
  balance: number;
  maxCommentsPerAnalysis: number;
  free?: boolean;
}): AnalysisPrice {
  const free = input.free === true;
  const cap = free
    ? input.maxCommentsPerAnalysis
    : Math.max(
        0,
        Math.min(Math.floor(input.balance) * COMMENTS_PER_CREDIT, input.maxCommentsPerAnalysis),
      );
  const comments = Math.min(input.commentCount ?? cap, cap);
  const credits = free ? 0 : creditsFor(comments);
  const commentLimit = free
    ? Math.max(1, cap)
    : Math.max(1, Math.min(cap, credits * COMMENTS_PER_CREDIT));
  return { cap, comments, credits, commentLimit };
}

/** Idempotency keys of a job's three possible ledger movements. */
export const ledgerKeys = (jobId: string) => ({
  reserve: `job:${jobId}:reserve`,
  settle: `job:${jobId}:settle`,
  refund: `job:${jobId}:refund`,
});

/** Picks the analysis deps out of the app container (structurally, so services stay container-free). */
export function analysisDepsFrom(
  c: Omit<AnalysisDeps, 'analysisConfig' | 'publicUrl'> & {
    config: { analysis: Config['analysis']; publicUrl?: string | undefined };
  },
): AnalysisDeps {
  return {
    repos: c.repos,
    transaction: c.transaction,
    clock: c.clock,
    commentSources: c.commentSources,
    jobQueue: c.jobQueue,
    embedder: c.embedder,
    languageModel: c.languageModel,
    analysisConfig: c.config.analysis,
    analyse: c.analyse,
    ...(c.metrics ? { metrics: c.metrics } : {}),
    ...(c.mailer ? { mailer: c.mailer } : {}),
    publicUrl: c.config.publicUrl,
  };
}
