/**
 * Weighted spherical k-means in the fused space, seeded with k-means++ from a seeded PRNG.
 */
import { overRanges, stitch, type TaskRunner } from '../parallel/runner';
import { weightedPick } from './random';
import {
  centroidsFromItems,
  computeCentroids,
  similarities,
  similarity,
  scoringCentroids,
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

/** Assigns every item to its most similar centroid (all centroids scored at once, see `similarities`). */
export function assign(space: FusedSpace, cents: Centroids): Assigned {
  return assignRange(space, scoringCentroids(cents, space.sparse.cols), 0, space.n);
}

/** Each item's most similar centroid and that similarity. */
export interface Assigned {
  assignments: Int32Array;
  best: Float32Array;
}

/** `assign` for items `from`..`to`-1 (arrays of length to - from). */
export function assignRange(
  space: FusedSpace,
  cents: ScoringCentroids,
  from: number,
  to: number,
): Assigned {
  const k = cents.k;
  const scores = new Float64Array(k);
  const assignments = new Int32Array(to - from);
  const best = new Float32Array(to - from);
  for (let i = from; i < to; i++) {
    similarities(space, i, cents, scores);
    let bc = 0;
    let bs = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < k; c++) {
      if (scores[c]! > bs) {
        bs = scores[c]!;
        bc = c;
      }
    }
    assignments[i - from] = bc;
    best[i - from] = bs;
  }
  return { assignments, best };
}

/** `assign` with the items split into ranges over the runner's threads. */
async function assignOn(
  runner: TaskRunner,
  space: FusedSpace,
  cents: Centroids,
): Promise<Assigned> {
  const scoring = scoringCentroids(cents, space.sparse.cols);
  const parts = await overRanges(runner, space.n, (from, to) =>
    runner.run('assign', { space, cents: scoring, from, to }),
  );
  return {
    assignments: stitch(new Int32Array(space.n), parts, 1, (p) => p.assignments),
    best: stitch(new Float32Array(space.n), parts, 1, (p) => p.best),
  };
}

export interface KMeansOptions {
  maxIterations?: number;
  /** Stop when fewer than this share of items change cluster. */
  tolerance?: number;
  /** Items eligible as seeds (default: all with positive weight). */
  candidates?: readonly number[];
  initial?: Centroids;
}

/**
 * Lloyd iterations of spherical k-means from k-means++ seeds (or given centroids), written once as
 * a generator that yields the centroids to assign items to: `sphericalKMeans` answers in this
 * thread, `sphericalKMeansOn` spreads each assignment over a task runner.
 */
function* lloyd(
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  options: KMeansOptions,
): Generator<Centroids, KMeansResult, Assigned> {
  const candidates =
    options.candidates ??
    Array.from({ length: space.n }, (_, i) => i).filter((i) => (weights[i] as number) > 0);
  let cents =
    options.initial ??
    centroidsFromItems(space, kmeansPlusPlus(space, k, weights, random, candidates));
  const maxIter = options.maxIterations ?? 30;
  const tol = options.tolerance ?? 0.001;
  let { assignments, best } = yield cents;
  for (let it = 0; it < maxIter; it++) {
    cents = computeCentroids(space, assignments, k, weights);
    reseedEmpty(space, cents, assignments, best, weights);
    const next = yield cents;
    let changed = 0;
    for (let i = 0; i < space.n; i++) if (next.assignments[i] !== assignments[i]) changed++;
    assignments = next.assignments;
    best = next.best;
    if (changed <= tol * space.n) break;
  }
  let objective = 0;
  for (let i = 0; i < space.n; i++) objective += (weights[i] as number) * best[i]!;
  return { assignments, centroids: cents, best, objective };
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
  while (!step.done) step = run.next(assign(space, step.value));
  return step.value;
}

/** `sphericalKMeans` with every assignment step spread over `runner` (same result). */
export async function sphericalKMeansOn(
  runner: TaskRunner,
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

/** A cluster that lost all its weighted members takes the item worst served by its centroid. */
function reseedEmpty(
  space: FusedSpace,
  cents: Centroids,
  assignments: Int32Array,
  best: Float32Array,
  weights: ArrayLike<number>,
): void {
  const mass = new Float64Array(cents.k);
  for (let i = 0; i < space.n; i++) mass[assignments[i]!]! += Math.max(0, weights[i] as number);
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
