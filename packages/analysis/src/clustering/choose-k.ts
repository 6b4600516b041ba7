/**
 * Chooses the number of clusters from the data: k-means on a sample for every candidate K, scored
 * by the sample's mean silhouette (sample size is capped, so this costs the same whatever the input
 * size).
 */
import type { TaskRunner } from '../parallel/runner';
import type { KMeansTasks } from './kmeans';
import { sharedFloat32, sharedInt32, sparseRows, type Centroids, type FusedSpace } from './space';

export interface ChooseKOptions {
  minK: number;
  maxK: number;
  seed: number;
  sample: readonly number[];
  weights: ArrayLike<number>;
}

/**
 * Mean silhouette (cosine distance) of a labelling of a space's rows. Similarity in the fused space
 * is a dot product, so an item's summed distance to a cluster's members is its count minus the
 * item's dot product with the cluster's summed rows: O(rows x K) dot products, no rows x rows
 * matrix. (The item's own row is taken out of its own cluster's sum.)
 */
export function silhouette(space: FusedSpace, labels: Int32Array, k: number): number {
  const { n: s, d, dense, sparse } = space;
  const { indptr, indices, values } = sparse;
  const counts = new Int32Array(k);
  for (let i = 0; i < s; i++) counts[labels[i]!]!++;
  // Each cluster's summed rows: dense k x d, words term-major (cols x k) so an item's words read
  // one contiguous run of k sums each.
  const denseSums = new Float64Array(k * d);
  const wordSums = new Float64Array(sparse.cols * k);
  for (let i = 0; i < s; i++) {
    const c = labels[i]!;
    for (let t = 0; t < d; t++) denseSums[c * d + t]! += dense[i * d + t]!;
    for (let p = indptr[i]!; p < indptr[i + 1]!; p++) wordSums[indices[p]! * k + c]! += values[p]!;
  }
  const sums = new Float64Array(k);
  let total = 0;
  for (let i = 0; i < s; i++) {
    const own = labels[i]!;
    if (counts[own]! <= 1) continue; // silhouette of a singleton is 0
    const o = i * d;
    let self = 0;
    for (let t = 0; t < d; t++) self += dense[o + t]! * dense[o + t]!;
    for (let c = 0; c < k; c++) {
      let v = 0;
      for (let t = 0; t < d; t++) v += dense[o + t]! * denseSums[c * d + t]!;
      sums[c] = v;
    }
    for (let p = indptr[i]!; p < indptr[i + 1]!; p++) {
      const x = values[p]!;
      self += x * x;
      const w = indices[p]! * k;
      for (let c = 0; c < k; c++) sums[c]! += x * wordSums[w + c]!;
    }
    const a = (counts[own]! - 1 - (sums[own]! - self)) / (counts[own]! - 1);
    let b = Number.POSITIVE_INFINITY;
    for (let c = 0; c < k; c++)
      if (c !== own && counts[c]! > 0) b = Math.min(b, (counts[c]! - sums[c]!) / counts[c]!);
    if (!Number.isFinite(b)) continue;
    const m = Math.max(a, b);
    total += m > 0 ? (b - a) / m : 0;
  }
  return total / s;
}

/**
 * Returns the K in [minK, maxK] with the best sample silhouette (ties: the smaller K). The k-means
 * runs (two per K) go to `runner` together.
 */
export async function chooseK(
  space: FusedSpace,
  options: ChooseKOptions,
  runner: TaskRunner<KMeansTasks>,
): Promise<{ k: number; scores: Map<number, number> }> {
  const { minK, maxK, sample } = options;
  const scores = new Map<number, number>();
  if (maxK <= minK) return { k: Math.max(1, minK), scores };
  // k-means runs on the sub-space of sampled items only.
  const sub = subSpace(space, sample);
  const subWeights = Float64Array.from(sample, (i) => Math.max(0, options.weights[i] as number));
  const ks = Array.from({ length: maxK - Math.max(2, minK) + 1 }, (_, t) => Math.max(2, minK) + t);
  const running = Promise.all(
    ks.flatMap((k) =>
      [0, 1].map((r) =>
        runner.run('kmeans', {
          space: sub,
          k,
          weights: subWeights,
          seed: options.seed * 7919 + k * 31 + r,
          options: { maxIterations: 15 },
        }),
      ),
    ),
  );
  const runs = await running;
  let bestK = Math.max(2, minK);
  let bestScore = Number.NEGATIVE_INFINITY;
  ks.forEach((k, t) => {
    const score = Math.max(
      silhouette(sub, runs[2 * t]!.assignments, k),
      silhouette(sub, runs[2 * t + 1]!.assignments, k),
    );
    scores.set(k, score);
    if (score > bestScore + 1e-9) {
      bestScore = score;
      bestK = k;
    }
  });
  if (process.env.KSCORES)
    console.error(
      'K scores',
      [...scores].map(([k, v]) => `${k}:${v.toFixed(4)}`).join(' '),
      '->',
      bestK,
    );
  return { k: bestK, scores };
}

/**
 * The fused space restricted to some rows (copies in shared memory; used for samples only), over
 * only the word columns those rows use, renumbered in the same order: every step of k-means on a
 * sample costs O(K x columns) for its centroids, and a sample uses a fraction of the vocabulary
 * (10,000 comments: 1,000 of them use 6,930 of 9,088 terms). The arithmetic is the same, since a
 * column no row uses only ever holds zeros; `columns` maps each column back (see widenCentroids).
 */
export function subSpace(space: FusedSpace, rows: readonly number[]): SubSpace {
  const { d, dense, sparse } = space;
  const out = sharedFloat32(rows.length * d);
  rows.forEach((r, i) => out.set(dense.subarray(r * d, (r + 1) * d), i * d));
  const words = sparseRows(sparse, rows);
  const renumber = new Int32Array(sparse.cols).fill(-1);
  for (const c of words.indices) renumber[c] = 0;
  const columns = sharedInt32(renumber.reduce((m, x) => m + (x === 0 ? 1 : 0), 0));
  let next = 0;
  for (let c = 0; c < renumber.length; c++)
    if (renumber[c] === 0) {
      columns[next] = c;
      renumber[c] = next++;
    }
  for (let p = 0; p < words.indices.length; p++) words.indices[p] = renumber[words.indices[p]!]!;
  return { n: rows.length, d, dense: out, sparse: { ...words, cols: next }, columns };
}

/** A sample's space (subSpace) and, per word column, the column of the full space. */
export interface SubSpace extends FusedSpace {
  columns: Int32Array;
}

/** Centroids learned on a sub-space, over the full space's `cols` word columns. */
export function widenCentroids(cents: Centroids, sub: SubSpace, cols: number): Centroids {
  const { k } = cents;
  const V = sub.sparse.cols;
  const sparse = new Float32Array(k * cols);
  for (let c = 0; c < k; c++)
    for (let j = 0; j < V; j++) sparse[c * cols + sub.columns[j]!] = cents.sparse[c * V + j]!;
  return { k, dense: cents.dense, sparse };
}
