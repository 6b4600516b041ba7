import type { Cluster, ClusterSentiment, ExecutiveSummary, Intent } from '@app/contracts';
import { yieldToHost } from '../clustering/paced-runner';
import { discoverClusters } from '../clustering';
import { mergeThemes } from '../clustering/merge-themes';
import { neighbourPoolSize } from '../clustering/discover-clusters';
import { activeItems, clusterWeights, leadItems, type ClusterLead } from '../clustering/lead';
import {
  createNeighbourStream,
  finishNeighbours,
  type NeighbourStream,
} from '../clustering/neighbour-stream';
import { embeddingRows, type FusedSpace, type Neighbours } from '../clustering/space';
import { clusterCategory } from '../intent';
import { WorkerPool } from '../parallel/pool';
import type { TaskOutput } from '../parallel/runner';
import type { LanguageModel, TextEmbedder } from '../ports';
import type {
  CommentResult,
  CommentSourceText,
  InputComment,
  PreparedComment,
  Sentiment,
  StageProgress,
} from '../types';
import { fromAudience, prepareComments } from '../prepare/prepare-comments';
import { SET_ASIDE, setAsideGroup, setAsideSpam, type SetAsideGroup } from '../prepare/set-aside';
import { applyContextRules, parseContextRules } from '../label/context-rules';
import { aggregateSentiment, labelClusters, type ClusterLabel } from '../label/label-clusters';
import { sourceNames } from '../label/source-names';
import { measureClusters } from '../measure/shares';
import { composeOfflineSummary } from '../summarise/offline-summary';
import { isSpamCluster, summaryClusters } from '../summarise/summary-clusters';
import { promptOptions, type LabellingOptions } from '../llm/call-model';
import { generateLabels, mergeModelLabels, type LlmClusterLabel } from '../llm/label-prompt';
import { generateSummary } from '../llm/summary-prompt';
import {
  audienceQuestions,
  readsAsQuestion,
  withSuggestedReplies,
  type AudienceQuestion,
} from '../questions/audience-questions';
import { runnerFor, type PipelineRunner } from './runners';
import type { PipelineTasks } from './tasks';

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
  /** Ids of comments the creator restored from the spam set aside: never spam, clustered like any other. */
  restored?: readonly string[];
  /** Fixed number of clusters (benchmarks, `--clusters`); otherwise chosen from the data. */
  k?: number;
  maxK?: number;
  /** The creator's context for labelling ("treat recipe requests as Requests"). */
  context?: string;
  /**
   * The video's title and channel name: names they spell ("Radiohead", "ProZD") are written so in
   * headings however viewers type them (label/source-names.ts).
   */
  source?: CommentSourceText;
  onProgress?: (progress: StageProgress) => void;
  signal?: AbortSignal;
  /** Unique texts per embedder call (default 512): bounds memory and paces progress. */
  embedBatchSize?: number;
  /** Deadline for each language-model call (default 30 s). */
  llmTimeoutMs?: number;
  /**
   * Threads for clustering and classification once the texts are embedded (default: the cores
   * available, at most 4; 1 runs everything in this thread). Inputs under 1,000 comments always
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
  /** The audience's sentiment over the video (spam and the creator's own replies left out). */
  sentiment: ClusterSentiment;
  executiveSummary: ExecutiveSummary;
  /**
   * The audience's questions over the whole video (intent Question, spam and the creator's own left
   * out), near-duplicate wordings merged, most asked first; `answered` when the creator replied.
   */
  questions: AudienceQuestion[];
  /** The comments set aside as spam (`clusterId` SET_ASIDE): in no cluster, share or summary. */
  setAside: SetAsideGroup;
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
  if (list.length === 0) throw new AnalysisInputError('There are no comments to analyze.');
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
      // the creator's own comments are never spam nor audience (prepare-comments.ts)
      ...(c.byCreator === true ? { byCreator: true } : {}),
    };
  });
}

/** The distinct texts of an analysis, each embedded once. */
interface EmbeddedTexts {
  /** Distinct texts, in the order they were embedded. */
  unique: string[];
  /**
   * Per distinct text, its vector: views of shared blocks, one block per batch, so a block is freed
   * as soon as nothing holds its batch (the neighbour stream lets each batch go once it is fed).
   */
  uniqueVectors: Float32Array[];
  /** Distinct texts per block (the embedding batch). */
  blockSize: number;
  /** Per input text, the index of its distinct text. */
  slotOf: Int32Array;
}

/**
 * Embeds each distinct text once, in batches, reporting progress over the distinct texts. The
 * texts of the items in `first` are embedded before the others (clustering's lead sample), and
 * `onBatch` hears of every batch as soon as it is embedded, so work on it can start meanwhile.
 */
async function embedUnique(
  texts: readonly string[],
  first: readonly number[],
  embedder: TextEmbedder,
  options: AnalyseOptions,
  onBatch: (from: number, to: number, embedded: EmbeddedTexts) => void,
): Promise<EmbeddedTexts> {
  const slot = new Map<string, number>();
  const unique: string[] = [];
  const slotOf = new Int32Array(texts.length);
  const place = (i: number): void => {
    const t = texts[i]!;
    let s = slot.get(t);
    if (s === undefined) {
      s = unique.length;
      slot.set(t, s);
      unique.push(t);
    }
    slotOf[i] = s;
  };
  for (const i of first) place(i);
  for (let i = 0; i < texts.length; i++) place(i);
  const batch = Math.max(1, options.embedBatchSize ?? DEFAULT_EMBED_BATCH);
  // A batch's vectors live in one shared block of their own, so worker threads read them without a
  // copy, and a block whose vectors nothing needs any more is freed alone (one block for every
  // vector stayed alive until the last view of it, in any thread, was collected: 100 MB at 50,000).
  let d = 0;
  const embedded: EmbeddedTexts = { unique, uniqueVectors: [], slotOf, blockSize: batch };
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
    if (start === 0) d = out[0]?.length ?? 0;
    const store = new Float32Array(new SharedArrayBuffer(out.length * d * 4));
    out.forEach((v, j) => {
      if (v.length !== d)
        throw new Error(`The embedder returned vectors of ${v.length} and of ${d} dimensions`);
      store.set(v, j * d);
      embedded.uniqueVectors.push(store.subarray(j * d, (j + 1) * d));
    });
    onBatch(start, start + chunk.length, embedded);
    options.onProgress?.({
      stage: 'embedding',
      fraction: Math.min(1, (start + chunk.length) / unique.length),
    });
  }
  return embedded;
}

/**
 * Renumbers clusters so ids are 0..k-1 by size (largest first), dropping empty ones; a comment set
 * aside (SET_ASIDE) stays so and counts in no size.
 */
function compactAssignments(assignments: ArrayLike<number>): {
  assignments: Int32Array;
  k: number;
} {
  const sizes = new Map<number, number>();
  for (let i = 0; i < assignments.length; i++)
    if (assignments[i] !== SET_ASIDE)
      sizes.set(assignments[i]!, (sizes.get(assignments[i]!) ?? 0) + 1);
  const order = [...sizes].sort((a, b) => b[1] - a[1] || a[0] - b[0]).map(([id]) => id);
  const remap = new Map(order.map((id, next) => [id, next]));
  remap.set(SET_ASIDE, SET_ASIDE);
  const out = new Int32Array(assignments.length);
  for (let i = 0; i < assignments.length; i++) out[i] = remap.get(assignments[i]!)!;
  return { assignments: out, k: order.length };
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
  options: LabellingOptions,
  percentages: number[],
): Promise<LabelStageResult> {
  const labels = labelClusters({
    ...input,
    categorise: (intents, likes) => clusterCategory(intents, likes),
    names: sourceNames(options.source),
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
      promptOptions(options),
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

/** What a distinct text's vector becomes once the neighbour stream has it (see StreamFeeder.feed). */
const RELEASED = new Float32Array(0);

/**
 * Feeds the embedded batches to a neighbour stream on the task runner, one task at a time (the
 * stream's shared state is updated in place), from the moment the lead phase has made the stream.
 */
class StreamFeeder {
  private stream: NeighbourStream | null = null;
  private lead: ClusterLead | null = null;
  private fed = 0;
  private chain: Promise<unknown> = Promise.resolve();
  /** Items by distinct text: those of text s are slotItems[slotStart[s]..slotStart[s + 1]). */
  private slotStart: Int32Array | null = null;
  private slotItems: Int32Array | null = null;

  /**
   * `keep(text)`: a distinct text whose vector outlives the stream, copied out of its block (the
   * questions to answer are compared by their vectors at the end).
   */
  constructor(
    private readonly runner: PipelineRunner,
    private readonly keep: (text: string) => boolean = () => false,
  ) {}

  start(stream: NeighbourStream, lead: ClusterLead, e: EmbeddedTexts, embedded: number): void {
    this.stream = stream;
    this.lead = lead;
    const { slotOf, unique } = e;
    const start = new Int32Array(unique.length + 1);
    for (const s of slotOf) start[s + 1]!++;
    for (let s = 0; s < unique.length; s++) start[s + 1]! += start[s]!;
    const items = new Int32Array(slotOf.length);
    const fill = start.slice(0, unique.length);
    slotOf.forEach((s, i) => (items[fill[s]!++] = i));
    this.slotStart = start;
    this.slotItems = items;
    // Block by block, so each task's rows are views of one block (no copy).
    for (let from = 0; from < embedded; from += e.blockSize)
      this.feed(e, from, Math.min(embedded, from + e.blockSize));
  }

  /** Distinct texts from..to-1 are embedded: their items join the stream (if it has started). */
  feed(e: EmbeddedTexts, from: number, to: number): void {
    const { stream, lead, slotStart, slotItems } = this;
    if (!stream || !lead || !slotStart || !slotItems || to <= this.fed) return;
    const first = Math.max(from, this.fed);
    const items = slotItems.slice(slotStart[first], slotStart[to]);
    this.fed = to;
    // Views of the shared block the batch's vectors live in: rows without a copy.
    const rows = embeddingRows(Array.from(items, (i) => e.uniqueVectors[e.slotOf[i]!]!));
    // The stream is their last reader here (their batch was sent to be classified, the lead phase
    // has its sample): the pipeline lets them go, and the block goes once the task is done.
    for (let s = first; s < to; s++)
      e.uniqueVectors[s] = this.keep(e.unique[s]!) ? e.uniqueVectors[s]!.slice() : RELEASED;
    const { mean, basis, whiten, lexicalWeight } = lead;
    this.chain = this.chain.then(() =>
      this.runner.run('streamNeighbours', {
        stream,
        lead: { mean, basis, whiten, lexicalWeight },
        items,
        rows,
      }),
    );
    this.chain.catch(() => undefined); // awaited in result(); an abort before then must not go unhandled
  }

  /** The initial space and neighbour pool once every item has joined, or undefined without a stream. */
  async result(): Promise<{ space: FusedSpace; knn: Neighbours } | undefined> {
    if (!this.stream) return undefined;
    await this.chain;
    return { space: this.stream.space, knn: finishNeighbours(this.stream) };
  }

  /** Lets the stream's space, neighbour pool and item lists go (the clustering is done with them). */
  release(): void {
    this.stream = null;
    this.lead = null;
    this.slotStart = null;
    this.slotItems = null;
  }
}

/**
 * The vectors of the audience's questions, by comment index. Each is its distinct text's embedding;
 * the neighbour stream (worker threads, large inputs) keeps those of texts that may be questions
 * (readsAsQuestion, as every listed question does), so no text is embedded twice; a vector
 * missing all the same would be embedded again.
 */
async function vectorsOfQuestions(
  comments: readonly PreparedComment[],
  intents: readonly Intent[],
  embedded: EmbeddedTexts,
  embedder: TextEmbedder,
  signal: AbortSignal | undefined,
): Promise<Map<number, Float32Array>> {
  const out = new Map<number, Float32Array>();
  const missing = new Map<number, number[]>();
  comments.forEach((c, i) => {
    if (intents[i] !== 'Question' || !fromAudience(c) || !readsAsQuestion(c.clean)) return;
    const slot = embedded.slotOf[i]!;
    const v = embedded.uniqueVectors[slot];
    if (v && v.length > 0) out.set(i, v);
    else missing.set(slot, [...(missing.get(slot) ?? []), i]);
  });
  if (missing.size === 0) return out;
  const slots = [...missing.keys()];
  const vectors = await embedder.embed(
    slots.map((s) => embedded.unique[s]!),
    { signal },
  );
  slots.forEach((s, j) => {
    for (const i of missing.get(s)!) out.set(i, vectors[j]!);
  });
  return out;
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
  const prepared = prepareComments(raw, { notSpam: options.restored });
  const comments = prepared.comments;
  if (comments.every((c) => c.clean === ''))
    throw new AnalysisInputError('None of the comments has any text to analyse.');
  options.onProgress?.({ stage: 'preparing', fraction: 1 });
  const runner = runnerFor(comments.length, options.threads);
  // The workers load the analysis code while the texts are embedded.
  if (runner instanceof WorkerPool) runner.warm();

  const embedStart = performance.now();
  const texts = comments.map((c) => c.clean);
  const anyWeight = prepared.weights.some((w) => w > 0);
  const itemWeights = anyWeight ? Array.from(prepared.weights) : undefined;
  const weights = clusterWeights(comments.length, itemWeights);
  const k =
    options.k !== undefined
      ? Math.max(1, Math.min(Math.floor(options.k), comments.length))
      : undefined;
  // With worker threads, the work that needs only some embeddings runs while the others are
  // embedded (ONNX Runtime keeps about one core busy): each batch's intents and sentiments, and
  // clustering's lead phase once its sample (embedded first) is in; after the lead, each batch
  // joins the neighbour search (neighbour-stream.ts; if the lead ends after the embedding, every
  // item joins at once). The results are the same as when everything runs afterwards, as it does
  // on one thread.
  const overlap = runner.threads > 1;
  const lead = leadItems(weights, options.seed);
  const activeCount = activeItems(weights).length;
  let leadSlots = 0;
  // (typed by assertion: TypeScript would narrow it to null, not seeing the callback assign it)
  let leading = null as Promise<ClusterLead> | null;
  // Per batch, in order: the batches together cover the distinct texts in order.
  const classified: Promise<TaskOutput<PipelineTasks, 'classify'>>[] = [];
  const streaming = new StreamFeeder(runner, readsAsQuestion);
  let embeddedSlots = 0;
  const embedded = await embedUnique(texts, lead, deps.embedder, options, (from, to, e) => {
    embeddedSlots = to;
    if (!overlap) return;
    const result = runner.run('classify', {
      texts: e.unique.slice(from, to),
      vectors: e.uniqueVectors.slice(from, to),
      embedder: deps.embedder.name,
    });
    result.catch(() => undefined); // awaited below; an abort before then must not go unhandled
    classified.push(result);
    streaming.feed(e, from, to);
    if (leadSlots === 0) for (const i of lead) leadSlots = Math.max(leadSlots, e.slotOf[i]! + 1);
    if (!leading && to >= leadSlots) {
      leading = runner.run('clusterLead', {
        lead: {
          texts,
          weights,
          lead,
          leadVectors: lead.map((i) => e.uniqueVectors[e.slotOf[i]!]!),
        },
        options: { seed: options.seed, k },
      });
      leading.catch(() => undefined);
      leading
        .then((computed) => {
          const size = neighbourPoolSize(activeCount, computed);
          if (computed.cells && size > 0)
            streaming.start(
              createNeighbourStream(computed, weights, size),
              computed,
              e,
              embeddedSlots,
            );
        })
        .catch(() => undefined);
    }
  });
  const { slotOf } = embedded;
  const embedding = performance.now() - embedStart;
  throwIfAborted(options.signal);

  const clusterStart = performance.now();
  options.onProgress?.({ stage: 'discovering', fraction: 0 });
  let leadResult = leading ? await leading : undefined;
  let streamed = await streaming.result();
  // With the streamed space and neighbours, clustering needs no embeddings (the stream has let
  // every batch's go); without, it starts from them.
  const vectors = streamed ? [] : Array.from(slotOf, (s) => embedded.uniqueVectors[s]!);
  const found = await discoverClusters(
    { vectors, texts, weights: itemWeights },
    {
      k,
      seed: options.seed,
      maxK: options.maxK,
      runner,
      lead: leadResult,
      streamed,
      onProgress: (fraction) => options.onProgress?.({ stage: 'discovering', fraction }),
    },
  );
  // The clustering's spaces, neighbour pool and lead are not needed again: they go before the
  // labelling (at 50,000 comments they are about a hundred MB).
  leading = null;
  leadResult = undefined;
  streamed = undefined;
  streaming.release();
  // spam leaves the topics: set aside, in no cluster (ids stay those of the clustering, whose
  // centroids the theme merge reads; a cluster left with only spam goes when ids are compacted)
  const aside = setAsideSpam(found.assignments, comments);
  const clustering = performance.now() - clusterStart;
  throwIfAborted(options.signal);

  const labelStart = performance.now();
  options.onProgress?.({ stage: 'labelling', fraction: 0 });
  await yieldToHost();
  const rules = parseContextRules(options.context);
  const parts = overlap
    ? await Promise.all(classified)
    : [
        await runner.run('classify', {
          texts: embedded.unique,
          vectors: embedded.uniqueVectors,
          embedder: deps.embedder.name,
        }),
      ];
  const textIntents = parts.flatMap((part) => part.intents);
  const textSentiments = parts.flatMap((part) => part.sentiments);
  const classifiedIntents = Array.from(slotOf, (s) => textIntents[s]!);
  const sentiments = Array.from(slotOf, (s) => textSentiments[s]!);
  const intents = applyContextRules(rules, texts, classifiedIntents);
  // Generic reactions take one theme per kind; clusters saying the same thing join (merge-themes.ts).
  // A number of clusters the caller fixed is kept as it is.
  const { assignments, k: clusterCount } = compactAssignments(
    k === undefined
      ? mergeThemes({
          assignments: aside,
          k: found.k,
          texts,
          intents,
          spam: comments.map((c) => c.spam),
          centroids: found.centroids,
        }).assignments
      : aside,
  );
  const questionVectors = await vectorsOfQuestions(
    comments,
    intents,
    embedded,
    deps.embedder,
    options.signal,
  );
  options.onProgress?.({ stage: 'labelling', fraction: 0.5 });
  await yieldToHost(); // the host writes that progress before the labels are composed
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
  const summaryInput = summaryClusters({
    labels,
    measures,
    comments,
    assignments,
    intents,
    k: clusterCount,
    centrality: found.centrality,
  });
  // The audience's mood: spam and the creator's own replies are left out.
  const overall = aggregateSentiment(sentiments.filter((_, i) => fromAudience(comments[i]!)));
  const asked = audienceQuestions(
    comments.map((c, i) => ({
      id: c.id,
      text: c.clean,
      likes: c.likes,
      clusterId: assignments[i]!,
      intent: intents[i]!,
      spam: c.spam,
      byCreator: c.byCreator === true,
      parentId: c.parentId,
      publishedAt: c.publishedAt,
      vector: questionVectors.get(i) ?? null,
    })),
  );
  const cleanOf = new Map(comments.map((c) => [c.id, c.clean]));
  const questions = await withSuggestedReplies(
    deps.languageModel,
    asked,
    (id) => cleanOf.get(id),
    promptOptions(options),
  );
  let executiveSummary = composeOfflineSummary(summaryInput, overall, questions);
  let summaryByModel = false;
  if (deps.languageModel) {
    try {
      executiveSummary = await generateSummary(
        deps.languageModel,
        summaryInput,
        promptOptions(options),
      );
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
      classifiedIntent: classifiedIntents[i]!,
      sentiment: sentiments[i]!,
      spam: c.spam,
    })),
    clusters,
    sentiment: overall,
    executiveSummary,
    questions,
    setAside: setAsideGroup(comments, assignments),
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
