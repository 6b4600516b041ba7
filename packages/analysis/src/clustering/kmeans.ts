/**
 * Weighted spherical k-means in the fused space, seeded with k-means++ from a seeded PRNG.
 */
import { weightedPick } from './random';
import {
  centroidsFromItems,
  computeCentroids,
  similarities,
  similarity,
  termMajorWords,
  type Centroids,
  type FusedSpace,
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
export function assign(
  space: FusedSpace,
  cents: Centroids,
): { assignments: Int32Array; best: Float32Array } {
  const { n } = space;
  const k = cents.k;
  const byTerm = termMajorWords(cents, space.sparse.cols);
  const scores = new Float64Array(k);
  const assignments = new Int32Array(n);
  const best = new Float32Array(n);
  for (let i = 0; i < n; i++) {
    similarities(space, i, cents, byTerm, scores);
    let bc = 0;
    let bs = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < k; c++) {
      if (scores[c]! > bs) {
        bs = scores[c]!;
        bc = c;
      }
    }
    assignments[i] = bc;
    best[i] = bs;
  }
  return { assignments, best };
}

export interface KMeansOptions {
  maxIterations?: number;
  /** Stop when fewer than this share of items change cluster. */
  tolerance?: number;
  /** Items eligible as seeds (default: all with positive weight). */
  candidates?: readonly number[];
  initial?: Centroids;
}

/** Runs Lloyd iterations of spherical k-means from k-means++ seeds (or given centroids). */
export function sphericalKMeans(
  space: FusedSpace,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  options: KMeansOptions = {},
): KMeansResult {
  const candidates =
    options.candidates ??
    Array.from({ length: space.n }, (_, i) => i).filter((i) => (weights[i] as number) > 0);
  let cents =
    options.initial ??
    centroidsFromItems(space, kmeansPlusPlus(space, k, weights, random, candidates));
  const maxIter = options.maxIterations ?? 30;
  const tol = options.tolerance ?? 0.001;
  let { assignments, best } = assign(space, cents);
  for (let it = 0; it < maxIter; it++) {
    cents = computeCentroids(space, assignments, k, weights);
    reseedEmpty(space, cents, assignments, best, weights);
    const next = assign(space, cents);
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
