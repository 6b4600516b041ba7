/**
 * The task table shared by the inline runner and the worker threads (see runner.ts).
 */
import { classifyIntents } from '../intent/classify-many';
import {
  assignRange,
  sphericalKMeans,
  type AssignState,
  type CentroidMoves,
  type KMeansOptions,
  type KMeansResult,
} from '../clustering/kmeans';
import { randomSwaps } from '../clustering/random-swap';
import { nearestCells, searchCells, type CellMembers } from '../clustering/neighbours';
import { createRandom } from '../clustering/random';
import {
  projectCentredRows,
  type EmbeddingRows,
  type FusedSpace,
  type PcaBasis,
  type ScoringCentroids,
} from '../clustering/space';
import { classifySentiments } from '../sentiment/classify-many';
import {
  clusterLead,
  type ClusterLead,
  type LeadInput,
  type LeadOptions,
} from '../clustering/lead';
import { streamItems, type NeighbourStream } from '../clustering/neighbour-stream';
import type { TaskRunner } from '../parallel/runner';

/**
 * Runs every task in this thread as soon as it is asked for (a throw becomes a rejection; a task
 * answering with a promise is adopted). Tasks with sub-tasks run them here: a task never hops threads.
 */
export const inlineRunner: TaskRunner = {
  threads: 1,
  run: (name, input) =>
    new Promise((resolve) => resolve((tasks[name] as (i: typeof input) => never)(input))),
};

export const tasks = {
  /** One spherical k-means run from k-means++ seeds drawn with `seed` (or `options.initial`). */
  kmeans: (input: {
    space: FusedSpace;
    k: number;
    weights: Float64Array;
    seed: number;
    options?: KMeansOptions;
  }) =>
    sphericalKMeans(input.space, input.k, input.weights, createRandom(input.seed), input.options),
  /** Random swaps on a k-means result (random-swap.ts). */
  randomSwaps: (input: {
    space: FusedSpace;
    start: KMeansResult;
    k: number;
    weights: Float64Array;
    seed: number;
    trials: number;
  }) =>
    randomSwaps(
      input.space,
      input.start,
      input.k,
      input.weights,
      createRandom(input.seed),
      input.trials,
    ),
  /** One k-means assignment step on a range of items; updates the shared state, returns the changes. */
  assign: (input: {
    space: FusedSpace;
    cents: ScoringCentroids;
    moves: CentroidMoves | null;
    state: AssignState;
    from: number;
    to: number;
  }) => assignRange(input.space, input.cents, input.moves, input.state, input.from, input.to),
  projectCentred: (input: {
    rows: EmbeddingRows;
    mean: Float64Array;
    basis: PcaBasis;
    from: number;
    to: number;
  }) => projectCentredRows(input.rows, input.mean, input.basis, input.from, input.to),
  nearestCells: (input: {
    space: FusedSpace;
    cents: ScoringCentroids;
    probes: number;
    from: number;
    to: number;
  }) => nearestCells(input.space, input.cents, input.probes, input.from, input.to),
  searchCells: (input: {
    space: FusedSpace;
    members: CellMembers;
    itemCells: Int32Array;
    probes: number;
    k: number;
    from: number;
    to: number;
  }) => {
    const { space, members, itemCells, probes, k, from, to } = input;
    return searchCells(space, members, itemCells, probes, k, from, to);
  },
  /**
   * Clustering's lead phase (see clustering/lead.ts) in one task: the pipeline runs it on a worker
   * while the texts outside the lead sample are still being embedded.
   */
  clusterLead: (input: { lead: LeadInput; options: LeadOptions }) =>
    clusterLead(input.lead, input.options, inlineRunner),
  /**
   * Items joining a neighbour stream (clustering/neighbour-stream.ts), which this updates in place in
   * shared memory: the pipeline feeds each embedded batch, one task at a time.
   */
  streamNeighbours: (input: {
    stream: NeighbourStream;
    lead: Pick<ClusterLead, 'mean' | 'basis' | 'whiten' | 'lexicalWeight'>;
    items: Int32Array;
    rows: EmbeddingRows;
  }) => {
    streamItems(input.stream, input.lead, input.items, input.rows);
    return input.items.length;
  },
  /**
   * Intents and sentiments of the texts (each is classified on its own, so the pipeline runs this
   * per batch of embedded texts, beside the embedding of the next ones).
   */
  classify: (input: { texts: string[]; vectors: Float32Array[]; embedder: string }) => {
    const embeddings = { vectors: input.vectors, embedder: input.embedder };
    return {
      intents: classifyIntents(input.texts, embeddings),
      sentiments: classifySentiments(input.texts, embeddings),
    };
  },
};
