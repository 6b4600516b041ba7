/**
 * Nearest neighbours for neighbourhood smoothing: exact below a few thousand candidates, else an
 * inverted-file search (the candidates are split into about sqrt(m) cells by a quick k-means, and
 * every item is compared only with the candidates of its `probes` nearest cells).
 */
import { subSpace } from './choose-k';
import { sphericalKMeans } from './kmeans';
import { sampleIndices } from './random';
import {
  TopK,
  denseDot,
  nearestNeighbours,
  similarities,
  termMajorWords,
  type FusedSpace,
  type Neighbours,
} from './space';

/** Up to this many candidates the search is exact (about 1 s at 3,000). */
const EXACT_LIMIT = 3000;
/** Items the cells are learned from. */
const CELL_SAMPLE = 3000;

/**
 * The `k` nearest candidates of every item by fused cosine. Exact for small inputs; approximate
 * (inverted file, `probes` cells per item) for large ones, where it costs about
 * n x probes x sqrt(m) comparisons instead of n x m.
 */
export function findNeighbours(
  space: FusedSpace,
  k: number,
  candidates: readonly number[],
  random: () => number,
  probes = 8,
): Neighbours {
  const m = candidates.length;
  if (m <= EXACT_LIMIT) return nearestNeighbours(space, k, candidates);
  const cells = Math.max(2, Math.round(Math.sqrt(m)));
  const sample = sampleIndices(candidates, Math.min(m, CELL_SAMPLE), random);
  const sub = subSpace(space, sample);
  const cents = sphericalKMeans(sub, cells, new Float64Array(sample.length).fill(1), random, {
    maxIterations: 8,
  }).centroids;

  // Each item's `probes` nearest cells; each candidate is filed under its nearest one.
  const n = space.n;
  const p = Math.min(probes, cells);
  const itemCells = new Int32Array(n * p);
  const nearestCells = new TopK(p);
  const byTerm = termMajorWords(cents, space.sparse.cols);
  const cellScores = new Float64Array(cents.k);
  for (let i = 0; i < n; i++) {
    nearestCells.clear();
    similarities(space, i, cents, byTerm, cellScores);
    for (let c = 0; c < cells; c++) nearestCells.offer(c, cellScores[c]!);
    itemCells.set(nearestCells.index, i * p);
  }
  const members: number[][] = Array.from({ length: cells }, () => []);
  for (const j of candidates) members[itemCells[j * p]!]!.push(j);

  const kk = Math.max(0, Math.min(k, m - 1));
  const neighbours = new Int32Array(n * kk);
  const sims = new Float32Array(n * kk);
  const top = new TopK(kk);
  const { d, dense, sparse } = space;
  // Item i's words scattered into a dense row, so each comparison is one pass over j's words.
  const row = new Float32Array(sparse.cols);
  for (let i = 0; i < n; i++) {
    top.clear();
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
      row[sparse.indices[q]!] = sparse.values[q]!;
    const o = i * d;
    for (let q = 0; q < p; q++) {
      for (const j of members[itemCells[i * p + q]!]!) {
        if (j === i) continue;
        let s = denseDot(dense, o, dense, j * d, d);
        for (let e = sparse.indptr[j]!; e < sparse.indptr[j + 1]!; e++)
          s += sparse.values[e]! * row[sparse.indices[e]!]!;
        top.offer(j, s);
      }
    }
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++) row[sparse.indices[q]!] = 0;
    // A tiny cell may hold fewer than k candidates: repeat the best ones found.
    const filled = top.size;
    for (let t = filled; t < kk; t++) {
      top.index[t] = filled > 0 ? top.index[t % filled]! : i;
      top.value[t] = filled > 0 ? top.value[t % filled]! : 1;
    }
    neighbours.set(top.index, i * kk);
    sims.set(top.value, i * kk);
  }
  return { neighbours, sims, k: kk };
}
