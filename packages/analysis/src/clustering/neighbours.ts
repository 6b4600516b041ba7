/**
 * Nearest neighbours for neighbourhood smoothing: exact below a few thousand candidates, else an
 * inverted-file search (the candidates are split into about sqrt(m) cells by a quick k-means, and
 * every item is compared only with the candidates of its `probes` nearest cells).
 */
import { subSpace } from './choose-k';
import { sphericalKMeans } from './kmeans';
import { sampleIndices } from './random';
import { nearestNeighbours, similarity, type FusedSpace } from './space';

export interface Neighbours {
  /** n x k row-major item indices, best first (self excluded). */
  neighbours: Int32Array;
  sims: Float32Array;
  k: number;
}

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
  const bestVal = new Float32Array(p);
  for (let i = 0; i < n; i++) {
    bestVal.fill(-Infinity);
    const row = itemCells.subarray(i * p, (i + 1) * p);
    for (let c = 0; c < cells; c++) {
      const s = similarity(space, i, cents, c);
      if (s <= bestVal[p - 1]!) continue;
      let at = p - 1;
      while (at > 0 && bestVal[at - 1]! < s) {
        bestVal[at] = bestVal[at - 1]!;
        row[at] = row[at - 1]!;
        at--;
      }
      bestVal[at] = s;
      row[at] = c;
    }
  }
  const members: number[][] = Array.from({ length: cells }, () => []);
  for (const j of candidates) members[itemCells[j * p]!]!.push(j);

  const kk = Math.max(0, Math.min(k, m - 1));
  const neighbours = new Int32Array(n * kk);
  const sims = new Float32Array(n * kk);
  const topIdx = new Int32Array(kk);
  const topVal = new Float32Array(kk);
  const { d, dense, sparse } = space;
  // Item i's words scattered into a dense row, so each comparison is one pass over j's words.
  const row = new Float32Array(sparse.cols);
  for (let i = 0; i < n; i++) {
    let filled = 0;
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
      row[sparse.indices[q]!] = sparse.values[q]!;
    const o = i * d;
    for (let q = 0; q < p; q++) {
      for (const j of members[itemCells[i * p + q]!]!) {
        if (j === i) continue;
        const oj = j * d;
        let s = 0;
        let t = 0;
        for (; t + 3 < d; t += 4)
          s +=
            dense[o + t]! * dense[oj + t]! +
            dense[o + t + 1]! * dense[oj + t + 1]! +
            dense[o + t + 2]! * dense[oj + t + 2]! +
            dense[o + t + 3]! * dense[oj + t + 3]!;
        for (; t < d; t++) s += dense[o + t]! * dense[oj + t]!;
        for (let e = sparse.indptr[j]!; e < sparse.indptr[j + 1]!; e++)
          s += sparse.values[e]! * row[sparse.indices[e]!]!;
        if (filled === kk && s <= topVal[kk - 1]!) continue;
        let at = filled < kk ? filled++ : kk - 1;
        while (at > 0 && topVal[at - 1]! < s) {
          topVal[at] = topVal[at - 1]!;
          topIdx[at] = topIdx[at - 1]!;
          at--;
        }
        topVal[at] = s;
        topIdx[at] = j;
      }
    }
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++) row[sparse.indices[q]!] = 0;
    // A tiny cell may hold fewer than k candidates: repeat the best ones found.
    for (let t = filled; t < kk; t++) {
      topIdx[t] = filled > 0 ? topIdx[t % filled]! : i;
      topVal[t] = filled > 0 ? topVal[t % filled]! : 1;
    }
    neighbours.set(topIdx.subarray(0, kk), i * kk);
    sims.set(topVal.subarray(0, kk), i * kk);
  }
  return { neighbours, sims, k: kk };
}
