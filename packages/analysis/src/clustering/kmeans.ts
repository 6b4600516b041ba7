/**
 * Weighted spherical k-means in the fused space, seeded with k-means++ from a seeded PRNG.
 */
import { overRanges, SPREAD_MIN_ITEMS, type TaskRunner } from '../parallel/runner';
import { createRandom, weightedPick } from './random';
import {
  centroidsFromItems,
  computeCentroids,
  denseDot,
  similarities,
  similarity,
  scoringCentroids,
  sharedFloat64,
  sharedInt32,
  type Centroids,
  type FusedSpace,
  type ScoringCentroids,
} from './space';

export interface KMeansResult {
  assignments: Int32Array;
  centroids: Centroids;
  /** Per item, similarity to its own centroid. */
  best: Float32Array;
  /** Weighted sum of similarities to own centroids (higher is better). */
  objective: number;
}

/** k-means++ seeding: items far from the seeds chosen so far are likelier to be picked next. */
export function kmeansPlusPlus(
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  candidates: readonly number[],
): number[] {
  const m = candidates.length;
  const dist = new Float64Array(m).fill(Number.POSITIVE_INFINITY);
  const w = Float64Array.from(candidates, (i) => Math.max(0, weights[i] as number));
  const seeds: number[] = [candidates[weightedPick(w, random)]!];
  const probs = new Float64Array(m);
  while (seeds.length < k) {
    const last = centroidsFromItems(space, [seeds[seeds.length - 1]!]);
    for (let t = 0; t < m; t++) {
      const dd = Math.max(0, 1 - similarity(space, candidates[t]!, last, 0));
      if (dd < dist[t]!) dist[t] = dd;
      probs[t] = w[t]! * dist[t]! * dist[t]!;
    }
    const pick = candidates[weightedPick(probs, random)]!;
    if (seeds.includes(pick)) {
      // All remaining mass is on chosen seeds (duplicates): take any unused candidate.
      const unused = candidates.find((c) => !seeds.includes(c));
      if (unused === undefined) break;
      seeds.push(unused);
    } else seeds.push(pick);
  }
  return seeds;
}

/**
 * What an assignment step keeps per item between the steps of one run, in shared memory so tasks
 * on worker threads update their ranges in place (Hamerly's bounds, for cosine similarity).
 */
export interface AssignState {
  /** The item's cluster. */
  assignments: Int32Array;
  /** A lower bound of its similarity to its own centroid. */
  lower: Float64Array;
  /** An upper bound of its similarity to every other centroid. */
  upper: Float64Array;
  /** Its norm: a centroid moving by delta changes its similarity by at most norm x delta. */
  norms: Float64Array;
}

/** How far each centroid moved since the last step (Euclidean, embedding and words together). */
export interface CentroidMoves {
  moved: Float64Array;
  /** The largest move, the centroid that made it, and the largest of the others. */
  largest: number;
  largestAt: number;
  second: number;
}

/** Bounds must clear each other by this much before an item is skipped (rounding headroom). */
const BOUND_SLACK = 1e-6;

/** A fresh state for `space` (no bounds yet: the first step scores every item in full). */
export function assignState(space: FusedSpace): AssignState {
  const { n, d, dense, sparse } = space;
  const norms = sharedFloat64(n);
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let t = i * d; t < (i + 1) * d; t++) s += dense[t]! * dense[t]!;
    for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
      s += sparse.values[p]! * sparse.values[p]!;
    norms[i] = Math.sqrt(s);
  }
  return {
    assignments: sharedInt32(n),
    lower: sharedFloat64(n),
    upper: sharedFloat64(n),
    norms,
  };
}

/** Item i's similarity to centroid c: `similarities`' sums for c, in the same order (same value). */
function ownSimilarity(space: FusedSpace, i: number, cents: ScoringCentroids, c: number): number {
  const { d, dense, sparse } = space;
  const { k, byTerm } = cents;
  let s = denseDot(dense, i * d, cents.dense, c * d, d);
  for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
    s += sparse.values[p]! * byTerm[sparse.indices[p]! * k + c]!;
  return s;
}

/**
 * Assigns items `from`..`to`-1 to their most similar centroid (the first of equals), updating
 * `state`; returns how many changed cluster. With `moves`, an item whose bounds show that its own
 * centroid still beats every other is not scored (Hamerly): its own similarity is at least its
 * lower bound minus norm x its centroid's move, every other at most its upper bound plus norm x
 * the largest other move. The assignments are exactly those of scoring every centroid.
 */
export function assignRange(
  space: FusedSpace,
  cents: ScoringCentroids,
  moves: CentroidMoves | null,
  state: AssignState,
  from: number,
  to: number,
): number {
  const k = cents.k;
  const scores = new Float64Array(k);
  const { assignments, lower, upper, norms } = state;
  let changed = 0;
  for (let i = from; i < to; i++) {
    const own = assignments[i]!;
    if (moves) {
      const norm = norms[i]!;
      const hi = upper[i]! + norm * (moves.largestAt === own ? moves.second : moves.largest);
      let lo = lower[i]! - norm * moves.moved[own]!;
      if (lo <= hi + BOUND_SLACK) lo = ownSimilarity(space, i, cents, own);
      if (lo > hi + BOUND_SLACK) {
        lower[i] = lo;
        upper[i] = hi;
        continue;
      }
    }
    similarities(space, i, cents, scores);
    let bc = 0;
    let bs = Number.NEGATIVE_INFINITY;
    let second = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < k; c++) {
      const v = scores[c]!;
      if (v > bs) {
        second = bs;
        bs = v;
        bc = c;
      } else if (v > second) second = v;
    }
    if (bc !== own) changed++;
    assignments[i] = bc;
    lower[i] = bs;
    upper[i] = second;
  }
  return changed;
}

/** Each item's similarity to the centroid it is assigned to. */
function ownSimilarities(
  space: FusedSpace,
  cents: ScoringCentroids,
  assignments: Int32Array,
): Float32Array {
  const best = new Float32Array(space.n);
  for (let i = 0; i < space.n; i++) best[i] = ownSimilarity(space, i, cents, assignments[i]!);
  return best;
}

/** How far each centroid moved from `before` to `after`. */
function centroidMoves(before: Centroids, after: Centroids): CentroidMoves {
  const k = after.k;
  const d = after.dense.length / Math.max(1, k);
  const V = after.sparse.length / Math.max(1, k);
  const moved = new Float64Array(k);
  let largest = 0;
  let largestAt = -1;
  let second = 0;
  for (let c = 0; c < k; c++) {
    let s = 0;
    for (let t = c * d; t < (c + 1) * d; t++) {
      const x = after.dense[t]! - before.dense[t]!;
      s += x * x;
    }
    for (let t = c * V; t < (c + 1) * V; t++) {
      const x = after.sparse[t]! - before.sparse[t]!;
      s += x * x;
    }
    const m = Math.sqrt(s);
    moved[c] = m;
    if (m > largest) {
      second = largest;
      largest = m;
      largestAt = c;
    } else if (m > second) second = m;
  }
  return { moved, largest, largestAt, second };
}

/** One assignment step asked for by a run: centroids, their moves (null: score in full), state. */
export interface AssignRequest {
  cents: Centroids;
  moves: CentroidMoves | null;
  state: AssignState;
}

/** `request` carried out in this thread; returns how many items changed cluster. */
function assignHere(space: FusedSpace, request: AssignRequest): number {
  const scoring = scoringCentroids(request.cents, space.sparse.cols);
  return assignRange(space, scoring, request.moves, request.state, 0, space.n);
}

/** `request` with the items split into ranges over the runner's threads. */
async function assignOn(
  runner: TaskRunner<KMeansTasks>,
  space: FusedSpace,
  request: AssignRequest,
): Promise<number> {
  if (space.n < SPREAD_MIN_ITEMS) return assignHere(space, request);
  const scoring = scoringCentroids(request.cents, space.sparse.cols);
  const { moves, state } = request;
  const parts = await overRanges(runner, space.n, (from, to) =>
    runner.run('assign', { space, cents: scoring, moves, state, from, to }),
  );
  return parts.reduce((sum, part) => sum + part.value, 0);
}

export interface KMeansOptions {
  maxIterations?: number;
  /** Stop when fewer than this share of items change cluster. */
  tolerance?: number;
  /** Items eligible as seeds (default: all with positive weight). */
  candidates?: readonly number[];
  initial?: Centroids;
  /** Skip the items whose bounds settle them (default true); false scores every item at every step. */
  bounded?: boolean;
}

/**
 * Lloyd iterations of spherical k-means from k-means++ seeds (or given centroids), written once as
 * a generator that yields the assignment steps it needs: `sphericalKMeans` carries them out in this
 * thread, `sphericalKMeansOn` spreads each over a task runner.
 */
function* lloyd(
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  options: KMeansOptions,
): Generator<AssignRequest, KMeansResult, number> {
  const candidates =
    options.candidates ??
    Array.from({ length: space.n }, (_, i) => i).filter((i) => (weights[i] as number) > 0);
  let cents =
    options.initial ??
    centroidsFromItems(space, kmeansPlusPlus(space, k, weights, random, candidates));
  const maxIter = options.maxIterations ?? 30;
  const tol = options.tolerance ?? 0.001;
  const state = assignState(space);
  const V = space.sparse.cols;
  yield { cents, moves: null, state };
  for (let it = 0; it < maxIter; it++) {
    const before = cents;
    cents = computeCentroids(space, state.assignments, k, weights);
    let moves: CentroidMoves | null =
      (options.bounded ?? true) ? centroidMoves(before, cents) : null;
    const mass = clusterMass(space, cents.k, state.assignments, weights);
    if (mass.some((m) => m <= 0)) {
      // The item worst served by its centroid in the last step takes an empty cluster; every
      // item is then scored in full.
      const best = ownSimilarities(space, scoringCentroids(before, V), state.assignments);
      reseedEmpty(space, cents, state.assignments, best, weights, mass);
      moves = null;
    }
    const changed = yield { cents, moves, state };
    if (changed <= tol * space.n) break;
  }
  const best = ownSimilarities(space, scoringCentroids(cents, V), state.assignments);
  let objective = 0;
  for (let i = 0; i < space.n; i++) objective += (weights[i] as number) * best[i]!;
  return { assignments: state.assignments, centroids: cents, best, objective };
}

/** Runs Lloyd iterations of spherical k-means from k-means++ seeds (or given centroids). */
export function sphericalKMeans(
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  options: KMeansOptions = {},
): KMeansResult {
  const run = lloyd(space, k, weights, random, options);
  let step = run.next();
  while (!step.done) step = run.next(assignHere(space, step.value));
  return step.value;
}

/** `sphericalKMeans` with every assignment step spread over `runner` (same result). */
export async function sphericalKMeansOn(
  runner: TaskRunner<KMeansTasks>,
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  options: KMeansOptions = {},
): Promise<KMeansResult> {
  const run = lloyd(space, k, weights, random, options);
  let step = run.next();
  while (!step.done) step = run.next(await assignOn(runner, space, step.value));
  return step.value;
}

/** Each cluster's weight (0: no weighted member). */
function clusterMass(
  space: FusedSpace,
  k: number,
  assignments: Int32Array,
  weights: ArrayLike<number>,
): Float64Array {
  const mass = new Float64Array(k);
  for (let i = 0; i < space.n; i++) mass[assignments[i]!]! += Math.max(0, weights[i] as number);
  return mass;
}

/**
 * A cluster that lost all its weighted members (`mass`, clusterMass before any reseeding) takes
 * the item worst served by its centroid.
 */
function reseedEmpty(
  space: FusedSpace,
  cents: Centroids,
  assignments: Int32Array,
  best: Float32Array,
  weights: ArrayLike<number>,
  mass: Float64Array,
): void {
  for (let c = 0; c < cents.k; c++) {
    if (mass[c]! > 0) continue;
    let worst = -1;
    let ws = Number.POSITIVE_INFINITY;
    for (let i = 0; i < space.n; i++)
      if ((weights[i] as number) > 0 && best[i]! < ws) {
        ws = best[i]!;
        worst = i;
      }
    if (worst < 0) return;
    const one = centroidsFromItems(space, [worst]);
    cents.dense.set(one.dense, c * space.d);
    cents.sparse.set(one.sparse, c * space.sparse.cols);
    best[worst] = 1;
    assignments[worst] = c;
  }
}

/** The k-means tasks a runner carries out (parallel/runner.ts). */
export const kmeansTasks = {
  /** One spherical k-means run from k-means++ seeds drawn with `seed` (or `options.initial`). */
  kmeans: (input: {
    space: FusedSpace;
    k: number;
    weights: Float64Array;
    seed: number;
    options?: KMeansOptions;
  }) =>
    sphericalKMeans(input.space, input.k, input.weights, createRandom(input.seed), input.options),
  /** One k-means assignment step on a range of items; updates the shared state, returns the changes. */
  assign: (input: {
    space: FusedSpace;
    cents: ScoringCentroids;
    moves: CentroidMoves | null;
    state: AssignState;
    from: number;
    to: number;
  }) => assignRange(input.space, input.cents, input.moves, input.state, input.from, input.to),
};
export type KMeansTasks = typeof kmeansTasks;
