/**
 * Chooses the number of clusters from the data: k-means on a sample for every candidate K, scored
 * by the mean silhouette computed from one sample similarity matrix (sample size is capped, so
 * this stays O(s^2) whatever the input size).
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

/** Silhouette (cosine distance) of a labelling of the sample, from its similarity matrix. */
export function silhouette(sim: Float32Array, s: number, labels: Int32Array, k: number): number {
  const sums = new Float64Array(k);
  const counts = new Int32Array(k);
  for (let i = 0; i < s; i++) counts[labels[i]!]!++;
  let total = 0;
  for (let i = 0; i < s; i++) {
    sums.fill(0);
    const row = i * s;
    for (let j = 0; j < s; j++) if (j !== i) sums[labels[j]!]! += 1 - sim[row + j]!;
    const own = labels[i]!;
    if (counts[own]! <= 1) continue; // silhouette of a singleton is 0
    const a = sums[own]! / (counts[own]! - 1);
    let b = Number.POSITIVE_INFINITY;
    for (let c = 0; c < k; c++)
      if (c !== own && counts[c]! > 0) b = Math.min(b, sums[c]! / counts[c]!);
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
  const s = sample.length;
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
  running.catch(() => undefined); // awaited below, once this thread has the similarities
  // The sample's similarity matrix is computed here while the runs are on the workers.
  const sim = sampleSimilarities(space, sample);
  const runs = await running;
  let bestK = Math.max(2, minK);
  let bestScore = Number.NEGATIVE_INFINITY;
  ks.forEach((k, t) => {
    const score = Math.max(
      silhouette(sim, s, runs[2 * t]!.assignments, k),
      silhouette(sim, s, runs[2 * t + 1]!.assignments, k),
    );
    scores.set(k, score);
    if (score > bestScore + 1e-9) {
      bestScore = score;
      bestK = k;
    }
  });
  return { k: bestK, scores };
}

/**
 * The similarity matrix of the sampled items (1 on the diagonal). The same sums as itemSimilarity:
 * row i's words are scattered into a vocabulary-wide buffer and each j reads its own words from it,
 * adding zeros where i lacks the word, instead of merging the two sorted rows.
 */
export function sampleSimilarities(space: FusedSpace, sample: readonly number[]): Float32Array {
  const { d, dense, sparse } = space;
  const { indptr, indices, values } = sparse;
  const s = sample.length;
  const sim = new Float32Array(s * s);
  const row = new Float32Array(sparse.cols);
  for (let i = 0; i < s; i++) {
    const a = sample[i]!;
    for (let p = indptr[a]!; p < indptr[a + 1]!; p++) row[indices[p]!] = values[p]!;
    sim[i * s + i] = 1;
    const oa = a * d;
    for (let j = i + 1; j < s; j++) {
      const b = sample[j]!;
      const ob = b * d;
      let v = 0;
      for (let t = 0; t < d; t++) v += dense[oa + t]! * dense[ob + t]!;
      for (let q = indptr[b]!; q < indptr[b + 1]!; q++) v += values[q]! * row[indices[q]!]!;
      sim[i * s + j] = v;
      sim[j * s + i] = v;
    }
    for (let p = indptr[a]!; p < indptr[a + 1]!; p++) row[indices[p]!] = 0;
  }
  return sim;
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
