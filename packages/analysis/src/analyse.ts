import type { Cluster, ExecutiveSummary, Intent } from '@app/contracts';
import { discoverClusters } from './clustering';
import { clusterCategory } from './intent';
import { runnerFor, WorkerPool } from './parallel/pool';
import type { LanguageModel, TextEmbedder } from './ports';
import type {
  CommentResult,
  InputComment,
  PreparedComment,
  Sentiment,
  StageProgress,
} from './types';
import { prepareComments } from './prepare/prepare-comments';
import { applyContextRules, parseContextRules } from './label/context-rules';
import { aggregateSentiment, labelClusters, type ClusterLabel } from './label/label-clusters';
import { measureClusters } from './measure/shares';
import { composeOfflineSummary, type SummaryCluster } from './summarise/offline-summary';
import { generateLabels, mergeModelLabels, type LlmClusterLabel } from './llm/label-prompt';
import { generateSummary } from './llm/summary-prompt';

/** The input cannot be analysed (empty, malformed); the message is written for a person. */
export class AnalysisInputError extends Error {
  readonly code = 'ANALYSIS_INPUT';
  constructor(message: string) {
    super(message);
    this.name = 'AnalysisInputError';
  }
}

export interface AnalyseDeps {
  embedder: TextEmbedder;
  /** When set, headings and the summary are written by this model (offline fallback on any failure). */
  languageModel?: LanguageModel | null;
}

export interface AnalyseOptions {
  seed?: number;
  /** Fixed number of clusters (benchmarks, `--clusters`); otherwise chosen from the data. */
  k?: number;
  maxK?: number;
  /** The creator's context for labelling ("treat recipe requests as Requests"). */
  context?: string;
  onProgress?: (progress: StageProgress) => void;
  signal?: AbortSignal;
  /** Unique texts per embedder call (default 512): bounds memory and paces progress. */
  embedBatchSize?: number;
  /** Deadline for each language-model call (default 30 s). */
  llmTimeoutMs?: number;
  /**
   * Threads for clustering and classification once the texts are embedded (default: the cores
   * available, at most 4; 1 runs everything in this thread). Inputs under 3,000 comments always
   * run in this thread. The result does not depend on it.
   */
  threads?: number;
}

export interface AnalysisStats {
  analysed: number;
  /** Duplicates that are not spam (a comment is counted once, as spam first). */
  duplicates: number;
  spam: number;
}

export interface AnalysisTimings {
  embedding: number;
  clustering: number;
  /** Intents, sentiment, tags, headings, shares and the summary (LLM calls included). */
  labelling: number;
  total: number;
}

export interface AnalysisResult {
  /** One per input comment, in input order. */
  comments: CommentResult[];
  /** Ordered by size, largest first; `cluster_id` 0..k-1. */
  clusters: Cluster[];
  executiveSummary: ExecutiveSummary;
  stats: AnalysisStats;
  /** 'offline', or the model's name when at least one of its answers was used. */
  labeller: string;
  embedder: string;
  timingsMs: AnalysisTimings;
}

const DEFAULT_EMBED_BATCH = 512;

function throwIfAborted(signal: AbortSignal | undefined): void {
  if (signal?.aborted)
    throw signal.reason instanceof Error ? signal.reason : new Error('The analysis was cancelled');
}

/** Checks the input at runtime too: callers may pass parsed JSON that does not match the type. */
function validateInput(comments: readonly InputComment[]): InputComment[] {
  const list: unknown = comments;
  if (!Array.isArray(list)) throw new AnalysisInputError('Comments must be given as a list.');
  if (list.length === 0) throw new AnalysisInputError('There are no comments to analyse.');
  return list.map((item: unknown, i): InputComment => {
    const c = (typeof item === 'object' && item !== null ? item : {}) as Record<string, unknown>;
    if (typeof c.text !== 'string') throw new AnalysisInputError(`Comment ${i + 1} has no text.`);
    const likes = Number(c.likes);
    const replies = Number(c.replyCount);
    return {
      id: typeof c.id === 'string' && c.id !== '' ? c.id : String(i + 1),
      text: c.text,
      likes: Number.isFinite(likes) && likes > 0 ? Math.floor(likes) : 0,
      author: typeof c.author === 'string' ? c.author : null,
      publishedAt: typeof c.publishedAt === 'string' ? c.publishedAt : null,
      replyCount: Number.isFinite(replies) && replies > 0 ? Math.floor(replies) : 0,
      parentId: typeof c.parentId === 'string' ? c.parentId : null,
    };
  });
}

/** Embeds each distinct text once, in batches, reporting progress over the distinct texts. */
async function embedUnique(
  texts: readonly string[],
  embedder: TextEmbedder,
  options: AnalyseOptions,
): Promise<Float32Array[]> {
  const slot = new Map<string, number>();
  const unique: string[] = [];
  const index = texts.map((t) => {
    let s = slot.get(t);
    if (s === undefined) {
      s = unique.length;
      slot.set(t, s);
      unique.push(t);
    }
    return s;
  });
  const batch = Math.max(1, options.embedBatchSize ?? DEFAULT_EMBED_BATCH);
  // Every vector lives in one shared block, so worker threads read them without a copy.
  let store: Float32Array | null = null;
  let d = 0;
  const vectors: Float32Array[] = [];
  for (let start = 0; start < unique.length; start += batch) {
    throwIfAborted(options.signal);
    const chunk = unique.slice(start, start + batch);
    const out = await embedder.embed(chunk, {
      signal: options.signal,
      onProgress: (p) =>
        options.onProgress?.({
          stage: 'embedding',
          fraction: Math.min(1, (start + p.done) / unique.length),
        }),
    });
    if (out.length !== chunk.length)
      throw new Error(`The embedder returned ${out.length} vectors for ${chunk.length} texts`);
    if (!store) {
      d = out[0]?.length ?? 0;
      store = new Float32Array(new SharedArrayBuffer(unique.length * d * 4));
    }
    out.forEach((v, j) => {
      if (v.length !== d)
        throw new Error(`The embedder returned vectors of ${v.length} and of ${d} dimensions`);
      const at = (start + j) * d;
      store!.set(v, at);
      vectors.push(store!.subarray(at, at + d));
    });
    options.onProgress?.({
      stage: 'embedding',
      fraction: Math.min(1, (start + chunk.length) / unique.length),
    });
  }
  return index.map((s) => vectors[s]!);
}

/** Renumbers clusters so ids are 0..k-1 by size (largest first), dropping empty ones. */
function compactAssignments(assignments: ArrayLike<number>): {
  assignments: Int32Array;
  k: number;
} {
  const sizes = new Map<number, number>();
  for (let i = 0; i < assignments.length; i++)
    sizes.set(assignments[i]!, (sizes.get(assignments[i]!) ?? 0) + 1);
  const order = [...sizes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const remap = new Map(order.map((id, next) => [id, next]));
  const out = new Int32Array(assignments.length);
  for (let i = 0; i < assignments.length; i++) out[i] = remap.get(assignments[i]!)!;
  return { assignments: out, k: order.length };
}

function isSpamCluster(label: ClusterLabel, comments: readonly PreparedComment[]): boolean {
  return (
    label.members.length > 0 &&
    label.members.filter((i) => comments[i]!.spam).length * 2 >= label.members.length
  );
}

interface LabelStageInput {
  comments: PreparedComment[];
  assignments: ArrayLike<number>;
  k: number;
  intents: Intent[];
  sentiments: Sentiment[];
  centrality: ArrayLike<number> | null;
}

interface LabelStageResult {
  labels: ClusterLabel[];
  llmUsed: boolean;
}

/** Offline labels, then LLM headings (and, with a creator context, categories) where the model delivers. */
async function labelStage(
  input: LabelStageInput,
  deps: { languageModel?: LanguageModel | null },
  options: { context?: string; signal?: AbortSignal; llmTimeoutMs?: number },
  percentages: number[],
): Promise<LabelStageResult> {
  const labels = labelClusters({
    ...input,
    categorise: (intents, likes) => clusterCategory(intents, likes),
  });
  if (!deps.languageModel) return { labels, llmUsed: false };
  let llm: Map<number, LlmClusterLabel>;
  try {
    llm = await generateLabels(
      deps.languageModel,
      labels
        .filter((l) => !isSpamCluster(l, input.comments))
        .map((l) => ({
          clusterId: l.clusterId,
          percentage: percentages[l.clusterId] ?? 0,
          tags: l.tags,
          category: l.category,
          sentiment: l.sentiment.label,
          comments: l.representatives.map((r) => r.text),
        })),
      { context: options.context, signal: options.signal, timeoutMs: options.llmTimeoutMs },
    );
  } catch {
    // Any model failure (timeout, HTTP, invalid reply) keeps the offline labels; only a cancel propagates.
    throwIfAborted(options.signal);
    return { labels, llmUsed: false };
  }
  const merged = mergeModelLabels(
    labels,
    (l) => ({ id: l.clusterId, size: l.members.length }),
    llm,
    Boolean(options.context?.trim()),
  );
  return { labels: merged, llmUsed: llm.size > 0 };
}

/**
 * The analysis pipeline: prepare (clean, flag duplicates and spam) -> embed (distinct texts, batched)
 * -> discover clusters -> intents and sentiment -> label (tags, headings, representatives) -> measure
 * (shares summing to 100) -> summarise. Works offline; with a language model the headings and the
 * summary come from it, each falling back to the offline result on any failure.
 *
 * Throws AnalysisInputError for an empty list or comments without text.
 */
export async function analyseComments(
  input: readonly InputComment[],
  deps: AnalyseDeps,
  options: AnalyseOptions = {},
): Promise<AnalysisResult> {
  const started = performance.now();
  const raw = validateInput(input);
  options.onProgress?.({ stage: 'preparing', fraction: 0 });
  const prepared = prepareComments(raw);
  const comments = prepared.comments;
  if (comments.every((c) => c.clean === ''))
    throw new AnalysisInputError('None of the comments has any text to analyse.');
  options.onProgress?.({ stage: 'preparing', fraction: 1 });
  const runner = runnerFor(comments.length, options.threads);
  // The workers load the analysis code while the texts are embedded.
  if (runner instanceof WorkerPool) runner.warm();

  const embedStart = performance.now();
  const texts = comments.map((c) => c.clean);
  const vectors = await embedUnique(texts, deps.embedder, options);
  const embedding = performance.now() - embedStart;
  throwIfAborted(options.signal);

  const clusterStart = performance.now();
  // Intents and sentiments need no clusters: with worker threads they are classified meanwhile.
  const classify = () => runner.run('classify', { texts, vectors, embedder: deps.embedder.name });
  const classifying = runner.threads > 1 ? classify() : null;
  classifying?.catch(() => undefined); // awaited below; an abort before then must not go unhandled
  options.onProgress?.({ stage: 'discovering', fraction: 0 });
  const anyWeight = prepared.weights.some((w) => w > 0);
  const k =
    options.k !== undefined
      ? Math.max(1, Math.min(Math.floor(options.k), comments.length))
      : undefined;
  const found = await discoverClusters(
    { vectors, texts, weights: anyWeight ? Array.from(prepared.weights) : undefined },
    {
      k,
      seed: options.seed,
      maxK: options.maxK,
      runner,
      onProgress: (fraction) => options.onProgress?.({ stage: 'discovering', fraction }),
    },
  );
  const { assignments, k: clusterCount } = compactAssignments(found.assignments);
  const clustering = performance.now() - clusterStart;
  throwIfAborted(options.signal);

  const labelStart = performance.now();
  options.onProgress?.({ stage: 'labelling', fraction: 0 });
  const rules = parseContextRules(options.context);
  const { intents: classified, sentiments } = await (classifying ?? classify());
  const intents = applyContextRules(rules, texts, classified);
  const measures = measureClusters(
    assignments,
    comments.map((c) => c.likes),
    clusterCount,
  );
  const { labels, llmUsed } = await labelStage(
    { comments, assignments, k: clusterCount, intents, sentiments, centrality: found.centrality },
    deps,
    options,
    measures.percentage,
  );
  options.onProgress?.({ stage: 'labelling', fraction: 1 });

  const clusters: Cluster[] = labels.map((l) => ({
    cluster_id: l.clusterId,
    heading: l.heading,
    tags: l.tags,
    category: l.category,
    percentage: measures.percentage[l.clusterId]!,
    engagement_percentage: measures.engagementPercentage[l.clusterId]!,
    size: measures.size[l.clusterId]!,
    like_count: measures.likeCount[l.clusterId]!,
    sentiment: l.sentiment,
    intent_counts: l.intentCounts,
    representatives: l.representatives,
  }));

  options.onProgress?.({ stage: 'summarising', fraction: 0 });
  const summaryClusters: SummaryCluster[] = labels.map((l) => ({
    clusterId: l.clusterId,
    heading: l.heading,
    subject: l.subject,
    tags: l.tags,
    category: l.category,
    percentage: measures.percentage[l.clusterId]!,
    engagementPercentage: measures.engagementPercentage[l.clusterId]!,
    size: measures.size[l.clusterId]!,
    sentiment: l.sentiment,
    intentCounts: l.intentCounts,
    representatives: l.representatives,
    spam: isSpamCluster(l, comments),
  }));
  const overall = aggregateSentiment(sentiments.filter((_, i) => !comments[i]!.spam));
  let executiveSummary = composeOfflineSummary(summaryClusters, overall);
  let summaryByModel = false;
  if (deps.languageModel) {
    try {
      executiveSummary = await generateSummary(deps.languageModel, summaryClusters, {
        context: options.context,
        signal: options.signal,
        timeoutMs: options.llmTimeoutMs,
      });
      summaryByModel = true;
    } catch {
      throwIfAborted(options.signal);
    }
  }
  options.onProgress?.({ stage: 'summarising', fraction: 1 });
  const labelling = performance.now() - labelStart;

  return {
    comments: comments.map((c, i) => ({
      id: c.id,
      clusterId: assignments[i]!,
      intent: intents[i]!,
      classifiedIntent: classified[i]!,
      sentiment: sentiments[i]!,
    })),
    clusters,
    executiveSummary,
    stats: { analysed: comments.length, duplicates: prepared.duplicates, spam: prepared.spam },
    labeller:
      deps.languageModel && (llmUsed || summaryByModel) ? deps.languageModel.name : 'offline',
    embedder: deps.embedder.name,
    timingsMs: {
      embedding: Math.round(embedding),
      clustering: Math.round(clustering),
      labelling: Math.round(labelling),
      total: Math.round(performance.now() - started),
    },
  };
}
