/**
 * Cluster discovery (pipeline step 3). See packages/analysis/README.md for the algorithm in prose.
 */
import {
  inlineRunner,
  overRanges,
  SPREAD_MIN_ITEMS,
  stitch,
  type TaskRunner,
} from '../parallel/runner';
import { chooseK, subSpace, widenCentroids } from './choose-k';
import { sphericalKMeansOn, type KMeansResult } from './kmeans';
import { neighbourVote } from './neighbour-vote';
import { pacedRunner, yieldToHost } from './paced-runner';
import {
  activeItems,
  clusterLead,
  clusterWeights,
  leadItems,
  minKForSize,
  pcaDimensions,
  type ClusterLead,
} from './lead';
import { findNeighbours, neighbourTasks } from './neighbours';
import { createRandom, sampleIndices } from './random';
import { randomSwapTasks } from './random-swap';
import { rivalStarts } from './rival-starts';
import { absorbSmallClusters, minClusterSize } from './small-clusters';
import { splitMergeRound } from './split-merge';
import { concentrationWeights, reweightTerms } from './term-weights';
import {
  buildSpace,
  centreWeights,
  embeddingRows,
  type EmbeddingRows,
  whitenedRows,
  computeCentroids,
  projectCentredRows,
  itemSimilarity,
  joinSmoothed,
  sharedInt32,
  similarity,
  smoothRows,
  smoothSpace,
  TopK,
  type FusedSpace,
  type Neighbours,
  type PcaBasis,
} from './space';

export { defaultWhitening, minKForSize } from './lead';

export interface ClusterInput {
  /**
   * One L2-normalised sentence embedding per item; may be empty when the options carry both the
   * lead and the streamed space (nothing else needs them), and then the result has no centroids.
   */
  vectors: Float32Array[];
  /** Cleaned text per item (same order), used for the lexical signal. */
  texts: string[];
  /** Per-item weight; 0 for duplicates/spam: they get a cluster but do not shape clusters. Default 1. */
  weights?: number[];
}

export interface ClusterOptions {
  /** Fixed number of clusters (benchmarks, `--clusters`); otherwise chosen from the data. */
  k?: number;
  seed?: number;
  /**
   * Bounds for the automatic choice (defaults minKForSize(n) and 15; tiny inputs get fewer). The
   * result may hold fewer: a cluster too small to be a topic is folded into the others
   * (small-clusters.ts).
   */
  minK?: number;
  maxK?: number;
  onProgress?: (fraction: number) => void;
  /** Share of the fused cosine given to words (0..1). Default 0.7. */
  lexicalWeight?: number;
  /**
   * Number of k-means restarts, best objective kept (with its rivals: rival-starts.ts). Default 8
   * when they run on every item, else 4 on a sample (RESTART_BUDGET).
   */
  restarts?: number;
  /**
   * Whitening exponent for the PCA components (0 none, 0.5 full). Default: by size
   * (defaultWhitening), halved on large inputs that cluster clearly more stably that way.
   */
  whiten?: number;
  /** Embedding dimensions kept after PCA. Default 128. */
  dimensions?: number;
  /**
   * Neighbourhood smoothing before k-means (see smoothSpace): neighbours per item and their weight,
   * or false. Default: defaultSmoothing(n).
   */
  smooth?: { k: number; beta: number } | false;
  /**
   * Re-cluster once with every word weighted by how concentrated it is in the first clustering's
   * clusters (see term-weights.ts), neighbours re-ranked and smoothing redone. Default true.
   */
  reweightTerms?: boolean;
  /**
   * Split-merge swaps after k-means: two clusters that are one topic are merged and the freed
   * centroid splits a mixed cluster (see split-merge.ts). Default: up to SPLIT_MERGE_MAX_ITEMS items.
   */
  splitMerge?: boolean;
  /**
   * Weight of an item's nearest neighbours in its final cluster (neighbour-vote.ts); 0 turns the
   * vote off. Default NEIGHBOUR_VOTE.
   */
  neighbourVote?: number;
  /**
   * Where the tasks run (independent k-means runs, assignment steps, projection, neighbour search):
   * in this thread by default (the pipeline passes its worker pool for large inputs); the result is
   * the same on any runner.
   */
  runner?: TaskRunner<DiscoveryTasks>;
  /**
   * The lead phase's result (lead.ts), when the caller ran it already with the same input and
   * options (the pipeline does, while the rest is embedded); otherwise computed here.
   */
  lead?: ClusterLead;
  /**
   * The initial space and its neighbour pool, when the caller built them already from the lead
   * (the pipeline does, as the texts are embedded: neighbour-stream.ts); otherwise computed here.
   */
  streamed?: { space: FusedSpace; knn: Neighbours };
}

export interface ClusterResult {
  k: number;
  /** Cluster id per item, 0..k-1, ids ordered by cluster size descending. No outliers. */
  assignments: Int32Array;
  /**
   * Per cluster, the normalised mean of its members' input embeddings (embedding space); empty
   * when the input had no vectors (see ClusterInput.vectors).
   */
  centroids: Float32Array[];
  /** Per item, cosine similarity to its cluster centre in the fused (words + embedding) space. */
  centrality: Float32Array;
}

const SAMPLE_FOR_K = 1000;
const RESTART_SAMPLE = 3000;
/**
 * Restarts see every item when that scores no more item-centroid pairs per iteration than the
 * sample does at K = 11, the floor at 10,000 comments (AgNews, 8,000 texts at K = 4: NMI 66.2 ->
 * 67.8, its worst seed 63.6 -> 68.2, since a 3,000-text sample misplaces the World/Sci-Tech border).
 */
const RESTART_BUDGET = RESTART_SAMPLE * 11;
/** Neighbours kept per item for re-ranking after term reweighting (30 and 100 score alike). */
const REWEIGHT_POOL = 30;
/**
 * Swaps (random-swap.ts) on the best start: one trial per cluster, in SWAP_CHAINS independent
 * chains (one per thread on two cores), up to SWAP_MAX_K clusters (the product chooses at most
 * 15). Above it a trial's Lloyd iterations cost too much (Tweet, K = 89: 2.3 x the clustering
 * time) and the split-merge swaps serve such many-topic inputs.
 */
const SWAP_CHAINS = 2;
const SWAP_MAX_K = 40;
/**
 * How much an item's nearest neighbours weigh in its final cluster (neighbour-vote.ts), against
 * its similarity to the clusters' centres: 0.1 for a unanimous neighbourhood.
 */
const NEIGHBOUR_VOTE = 0.1;
/** Rounds of split-merge swaps at most (Tweet: 3-5 rounds until none is made). */
const SPLIT_MERGE_ROUNDS = 5;
/**
 * Split-merge runs up to this many items: each round with a swap costs a k-means on every item,
 * which the 10,000-comment time budget cannot pay; a video's comments are mostly far fewer.
 */
const SPLIT_MERGE_MAX_ITEMS = 5000;
/**
 * Starts carried through term reweighting when the restarts ran on every item: the best and up to
 * two rivals (rival-starts.ts), the best objective after reweighting kept.
 */
const CANDIDATES = 3;
/**
 * Rivals are carried only above this many items. At 500 and 1,000 items of each benchmark set
 * (seeds 1-3, the product's own K) the best start alone gives the same clusterings, and at 2,000
 * the NMI moves by at most 0.3 either way; the rivals there cost two more rounds of reweighting.
 */
const RIVALS_MIN_ITEMS = 2000;
/** Restarts when they run on every item (RESTART_BUDGET), else on the restart sample. */
const RESTARTS_ON_EVERY_ITEM = 8;
const RESTARTS_ON_SAMPLE = 4;

/**
 * Smoothing strength by size: 10 neighbours at full weight from 500 items up, fewer below (a
 * neighbourhood must stay small next to a topic), none under 100 items. Above 5,000 items, 5
 * neighbours: every neighbour's words make later similarities dearer, and large inputs have dense
 * neighbourhoods anyway (SearchSnippets, 12,340 items: NMI 71.7 with 5, 72.8 with 10, 62.1 without).
 */
export function defaultSmoothing(n: number): { k: number; beta: number } | false {
  const k = n > 5000 ? 5 : Math.min(10, Math.round(n / 50));
  return k >= 2 ? { k, beta: 1 } : false;
}

/**
 * Neighbours the search keeps per item (0: no smoothing, no search): the smoothing's k, or with
 * term reweighting a pool of REWEIGHT_POOL that the reweighted space re-ranks.
 */
export function neighbourPoolSize(
  activeCount: number,
  lead: Pick<ClusterLead, 'lexicalWeight'>,
  options: Pick<ClusterOptions, 'smooth' | 'reweightTerms'> = {},
): number {
  const smooth = options.smooth ?? defaultSmoothing(activeCount);
  if (!smooth || smooth.k <= 0 || smooth.beta <= 0 || activeCount <= 2) return 0;
  const reweight = (options.reweightTerms ?? true) && lead.lexicalWeight > 0;
  return reweight ? Math.max(REWEIGHT_POOL, smooth.k) : smooth.k;
}

/** Largest sensible K for n items: about sqrt(n / 2), so 10 comments give 2 topics, 450 give 15. */
export function maxKForSize(n: number, maxK: number): number {
  if (n <= 2) return 1;
  return Math.max(1, Math.min(maxK, Math.floor(Math.sqrt(n / 2))));
}

/**
 * Groups items into k clusters (fixed or chosen from the data), deterministically for a seed.
 * Every item gets a cluster, cluster ids are ordered by size (largest first).
 */
export async function discoverClusters(
  input: ClusterInput,
  options: ClusterOptions = {},
): Promise<ClusterResult> {
  const n = input.texts.length;
  const withoutVectors = input.vectors.length === 0 && options.lead && options.streamed;
  if (input.vectors.length !== n && !withoutVectors)
    throw new Error('discoverClusters: vectors and texts differ in length');
  const seed = options.seed ?? 42;
  if (n === 0)
    return { k: 0, assignments: new Int32Array(0), centroids: [], centrality: new Float32Array(0) };
  const weights = clusterWeights(n, input.weights);
  const active = activeItems(weights);
  // Progress in phases, each given its share of the time (as measured on a few thousand comments);
  // within a phase every finished task moves a quarter of the way to the phase's end, so the
  // fraction keeps moving while a phase runs. Each phase's start also gives the host a turn.
  const report = options.onProgress ?? (() => undefined);
  let at = 0;
  let phaseEnd = 0;
  const moveTo = (f: number) => {
    if (f <= at) return;
    at = f;
    report(f);
  };
  const phase = async (from: number, to: number) => {
    moveTo(from);
    phaseEnd = to;
    await yieldToHost();
  };
  const runner = pacedRunner(options.runner ?? inlineRunner(discoveryTasks), () =>
    moveTo(at + (phaseEnd - at) * 0.25),
  );
  await phase(0, 0.11);

  let lead = options.lead;
  if (!lead) {
    const sample = leadItems(weights, seed);
    lead = await clusterLead(
      {
        texts: input.texts,
        weights,
        lead: sample,
        leadVectors: sample.map((i) => input.vectors[i]!),
      },
      options,
      runner,
    );
  }
  const { tfidf, lexicalWeight } = lead;
  const streamed = options.streamed;
  await phase(0.11, 0.14);
  let space =
    streamed?.space ?? (await initialSpace(input.vectors, lead, active.length, options, runner));
  const smooth = options.smooth ?? defaultSmoothing(active.length);
  const poolSize = neighbourPoolSize(active.length, lead, options);
  const doSmooth = smooth && poolSize > 0;
  const reweight = (options.reweightTerms ?? true) && lexicalWeight > 0;
  const unsmoothed = space;
  // With term reweighting the search keeps a pool of REWEIGHT_POOL neighbours per item: the
  // smoothing uses the best smooth.k, the reweighted space re-ranks the pool (no second search).
  let pool: Neighbours | null = null;
  // The neighbours of the last smoothing, which vote on each item's final cluster.
  let voters: Pick<Neighbours, 'neighbours' | 'k'> | null = null;
  await phase(0.14, 0.34);
  if (doSmooth) {
    const knn =
      streamed?.knn ??
      (await findNeighbours(
        space,
        poolSize,
        active,
        createRandom(seed + 53),
        runner,
        undefined,
        lead.cells,
      ));
    if (knn.k !== Math.min(poolSize, active.length - 1))
      throw new Error('discoverClusters: the streamed neighbours were kept for other options');
    if (reweight) pool = knn;
    await phase(0.34, 0.35);
    voters = firstNeighbours(knn, smooth.k);
    space = await smoothOn(runner, space, voters, smooth.beta);
  }
  await phase(0.35, 0.58);

  let k: number;
  if (options.k !== undefined) k = Math.max(1, Math.min(Math.floor(options.k), active.length));
  else {
    const maxK = maxKForSize(active.length, options.maxK ?? 15);
    const minK = Math.min(options.minK ?? minKForSize(active.length), maxK);
    const sample = sampleIndices(active, SAMPLE_FOR_K, createRandom(seed));
    k = (await chooseK(space, { minK, maxK, seed, sample, weights }, runner)).k;
  }
  await phase(0.58, 0.74);

  // Restarts run on a sample unless every item is as cheap (RESTART_BUDGET); the best start is
  // then refined on every item.
  const cheap = active.length * k <= RESTART_BUDGET;
  const restarts = options.restarts ?? (cheap ? RESTARTS_ON_EVERY_ITEM : RESTARTS_ON_SAMPLE);
  const restartSample =
    active.length > RESTART_SAMPLE && !cheap
      ? sampleIndices(active, RESTART_SAMPLE, createRandom(seed + 5))
      : active;
  const sample =
    restartSample === active && active.length === n ? null : subSpace(space, restartSample);
  const sub = sample ?? space;
  const subWeights = sample ? Float64Array.from(restartSample, (i) => weights[i]!) : weights;
  let bestStart: KMeansResult | null = null;
  let done = 0;
  const starts = await Promise.all(
    Array.from({ length: restarts }, (_, t) =>
      runner
        .run('kmeans', { space: sub, k, weights: subWeights, seed: seed * 1000003 + t })
        .then((km) => {
          moveTo(0.58 + (0.16 * ++done) / restarts);
          return km;
        }),
    ),
  );
  for (const km of starts) if (!bestStart || km.objective > bestStart.objective) bestStart = km;
  const bestRestart = bestStart!;
  await phase(0.74, 0.88);
  if (k <= SWAP_MAX_K) {
    // Chains of swaps from the best start, the best result kept.
    const chains = await Promise.all(
      Array.from({ length: SWAP_CHAINS }, (_, chain) =>
        runner.run('randomSwaps', {
          space: sub,
          start: bestStart!,
          k,
          weights: subWeights,
          seed: seed * 1000003 + 97 + chain,
          trials: k,
        }),
      ),
    );
    for (const km of chains) if (km.objective > bestStart!.objective) bestStart = km;
  }
  // The best start and, when the restarts saw every item, its rivals (rival-starts.ts) are each
  // refined on every item and through term reweighting; the best objective there is kept.
  const finish = async (start: KMeansResult) => {
    let run = start;
    if (sample)
      run = await sphericalKMeansOn(runner, space, k, weights, createRandom(seed), {
        initial: widenCentroids(start.centroids, sample, space.sparse.cols),
        maxIterations: 15,
      });
    if (!reweight || k < 2) return { run, space, voters };
    // Words spread evenly over the clusters found are down-weighted, topic words kept; the
    // neighbour pool is re-ranked (hence the smoothing redone) in that space and k-means continues
    // from the clusters found. A full second neighbour search gains more on StackOverflow (NMI
    // 73.6 against 71.7) but costs 1.3-1.6 x the clustering time; the pool about 1.05 x.
    const termWeights = concentrationWeights(tfidf, run.assignments, k, weights);
    const rw: FusedSpace = {
      ...unsmoothed,
      sparse: reweightTerms(tfidf, termWeights, Math.sqrt(lexicalWeight)),
    };
    const rwVoters = pool && doSmooth ? await reRankOn(runner, rw, pool, smooth.k) : voters;
    const rwSpace = pool && doSmooth ? await smoothOn(runner, rw, rwVoters!, smooth.beta) : rw;
    run = await sphericalKMeansOn(runner, rwSpace, k, weights, createRandom(seed + 61), {
      initial: computeCentroids(rwSpace, run.assignments, k, weights),
    });
    return { run, space: rwSpace, voters: rwVoters };
  };
  await phase(0.88, 0.93);
  let chosen = await finish(bestStart!);
  const rivals = cheap && active.length > RIVALS_MIN_ITEMS ? CANDIDATES - 1 : 0;
  for (const rival of rivalStarts(starts, bestRestart, rivals)) {
    const next = await finish(rival);
    if (next.run.objective > chosen.run.objective) chosen = next;
  }
  let best = chosen.run;
  space = chosen.space;
  voters = chosen.voters;
  await phase(0.93, 0.98);
  if (options.splitMerge ?? active.length <= SPLIT_MERGE_MAX_ITEMS)
    for (let round = 0; round < SPLIT_MERGE_ROUNDS; round++) {
      // Swaps (see split-merge.ts), each round followed by k-means from the clusters it leaves.
      if (round > 0) await phase(at + (0.98 - at) / 2, 0.98);
      const next = splitMergeRound(space, best.assignments, k, weights, seed + round);
      if (!next) break;
      best = await sphericalKMeansOn(runner, space, k, weights, createRandom(seed + 71 + round), {
        initial: computeCentroids(space, next, k, weights),
      });
    }
  const vote = options.neighbourVote ?? NEIGHBOUR_VOTE;
  if (voters && vote > 0)
    best = {
      ...best,
      assignments: neighbourVote(space, best.assignments, k, weights, voters, vote),
    };
  // A K chosen from the data keeps no cluster too small to be a topic (small-clusters.ts).
  if (options.k === undefined)
    best = {
      ...best,
      assignments: absorbSmallClusters(space, best.assignments, k, weights, minClusterSize(n)),
    };
  await phase(0.98, 1);
  const result = finalise(space, input.vectors, best, k, weights);
  moveTo(1);
  return result;
}

/**
 * The fused space k-means starts in: every embedding centred on the lead's mean, projected on its
 * principal directions and whitened as the lead chose, next to the words.
 */
async function initialSpace(
  vectors: readonly Float32Array[],
  lead: ClusterLead,
  activeCount: number,
  options: ClusterOptions,
  runner: TaskRunner<DiscoveryTasks>,
): Promise<FusedSpace> {
  const n = vectors.length;
  const { basis } = lead;
  if (basis.r !== pcaDimensions(vectors[0]!.length, activeCount, options.dimensions))
    throw new Error('discoverClusters: the lead was computed for other input');
  const projected = await projectAll(runner, embeddingRows(vectors), lead.mean, n, basis);
  return buildSpace(
    whitenedRows(projected, n, basis, lead.whiten),
    basis.r,
    lead.tfidf,
    lead.lexicalWeight,
  );
}

/** Every item's coordinates on the PCA basis, in ranges of items over the runner's threads. */
async function projectAll(
  runner: TaskRunner<DiscoveryTasks>,
  rows: EmbeddingRows,
  mean: Float64Array,
  n: number,
  basis: PcaBasis,
): Promise<Float32Array> {
  const parts = await overRanges(runner, n, (from, to) =>
    runner.run('projectCentred', { rows, mean, basis, from, to }),
  );
  return stitch(new Float32Array(n * basis.r), parts, basis.r, (part) => part);
}

/** The first k neighbours of each item (a pool is sorted best first), in shared memory. */
function firstNeighbours(knn: Neighbours, k: number): Pick<Neighbours, 'neighbours' | 'k'> {
  const kk = Math.min(k, knn.k);
  if (kk === knn.k) return knn;
  const n = knn.neighbours.length / Math.max(1, knn.k);
  const out = sharedInt32(n * kk);
  for (let i = 0; i < n; i++) out.set(knn.neighbours.subarray(i * knn.k, i * knn.k + kk), i * kk);
  return { neighbours: out, k: kk };
}

/** smoothSpace, the items in ranges over the runner's threads (the same result on any runner). */
async function smoothOn(
  runner: TaskRunner<DiscoveryTasks>,
  space: FusedSpace,
  knn: Pick<Neighbours, 'neighbours' | 'k'>,
  beta: number,
): Promise<FusedSpace> {
  if (space.n < SPREAD_MIN_ITEMS) return smoothSpace(space, knn, beta);
  const parts = await overRanges(runner, space.n, (from, to) =>
    runner.run('smoothRows', { space, knn, beta, from, to }),
  );
  return joinSmoothed(space, parts);
}

/**
 * Each item's k most similar members of its neighbour pool by similarity in `space`, the items in
 * ranges over the runner's threads (the same result on any runner).
 */
async function reRankOn(
  runner: TaskRunner<DiscoveryTasks>,
  space: FusedSpace,
  pool: Neighbours,
  k: number,
): Promise<Pick<Neighbours, 'neighbours' | 'k'>> {
  const kk = Math.min(k, pool.k);
  if (space.n < SPREAD_MIN_ITEMS)
    return { neighbours: reRankRows(space, pool, k, 0, space.n), k: kk };
  const parts = await overRanges(runner, space.n, (from, to) =>
    runner.run('reRankRows', { space, pool, k, from, to }),
  );
  return { neighbours: stitch(sharedInt32(space.n * kk), parts, kk, (part) => part), k: kk };
}

/**
 * For items from..to-1, the k most similar members of each one's neighbour pool by similarity in
 * `space`, best first: (to - from) x min(k, pool.k) item indices.
 */
function reRankRows(
  space: FusedSpace,
  pool: Pick<Neighbours, 'neighbours' | 'k'>,
  k: number,
  from: number,
  to: number,
): Int32Array {
  const kk = Math.min(k, pool.k);
  const out = new Int32Array((to - from) * kk);
  const top = new TopK(kk);
  for (let i = from; i < to; i++) {
    top.clear();
    for (let m = 0; m < pool.k; m++) {
      const j = pool.neighbours[i * pool.k + m]!;
      top.offer(j, itemSimilarity(space, i, j));
    }
    out.set(top.index.subarray(0, kk), (i - from) * kk);
  }
  return out;
}

/** Renumbers clusters by size (descending), drops empty ones, computes centroids and centrality. */
function finalise(
  space: FusedSpace,
  vectors: readonly Float32Array[],
  km: KMeansResult,
  k: number,
  weights: Float64Array,
): ClusterResult {
  const n = space.n;
  const sizes = new Int32Array(k);
  for (let i = 0; i < n; i++) sizes[km.assignments[i]!]!++;
  const order = Array.from({ length: k }, (_, c) => c)
    .filter((c) => sizes[c]! > 0)
    .sort((a, b) => sizes[b]! - sizes[a]! || a - b);
  const remap = new Int32Array(k).fill(-1);
  order.forEach((c, i) => (remap[c] = i));
  const kk = order.length;
  const assignments = Int32Array.from(km.assignments, (c) => remap[c]!);
  // Clusters made only of zero-weight items still need a centre: their plain mean (centreWeights).
  const centre = centreWeights(assignments, kk, weights);
  const fused = computeCentroids(space, assignments, kk, centre);
  const centrality = new Float32Array(n);
  for (let i = 0; i < n; i++) centrality[i] = similarity(space, i, fused, assignments[i]!);
  if (vectors.length === 0) return { k: kk, assignments, centroids: [], centrality };
  const d = vectors[0]!.length;
  const centroids = Array.from({ length: kk }, () => new Float32Array(d));
  for (let i = 0; i < n; i++) {
    const c = assignments[i]!;
    const w = centre[i] as number;
    const v = vectors[i]!;
    const out = centroids[c]!;
    for (let j = 0; j < d; j++) out[j]! += w * v[j]!;
  }
  for (const cvec of centroids) {
    let norm = 0;
    for (let j = 0; j < d; j++) norm += cvec[j]! * cvec[j]!;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < d; j++) cvec[j]! /= norm;
  }
  return { k: kk, assignments, centroids, centrality };
}

/**
 * The tasks cluster discovery runs: k-means, the neighbour search, random swaps, the projection,
 * smoothing and re-ranking.
 */
export const discoveryTasks = {
  ...neighbourTasks,
  ...randomSwapTasks,
  smoothRows: (input: {
    space: FusedSpace;
    knn: Pick<Neighbours, 'neighbours' | 'k'>;
    beta: number;
    from: number;
    to: number;
  }) => smoothRows(input.space, input.knn, input.beta, input.from, input.to),
  reRankRows: (input: {
    space: FusedSpace;
    pool: Pick<Neighbours, 'neighbours' | 'k'>;
    k: number;
    from: number;
    to: number;
  }) => reRankRows(input.space, input.pool, input.k, input.from, input.to),
  projectCentred: (input: {
    rows: EmbeddingRows;
    mean: Float64Array;
    basis: PcaBasis;
    from: number;
    to: number;
  }) => projectCentredRows(input.rows, input.mean, input.basis, input.from, input.to),
};
export type DiscoveryTasks = typeof discoveryTasks;
