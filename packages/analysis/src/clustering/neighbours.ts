/**
 * Nearest neighbours for neighbourhood smoothing: exact below a few thousand candidates, else an
 * inverted-file search (the candidates are split into about sqrt(m) cells by a quick k-means, and
 * every item is compared only with the candidates of its `probes` nearest cells). The per-item
 * loops run in ranges of items on the task runner (worker threads for large inputs).
 */
import { overRanges, stitch, type TaskRunner } from '../parallel/runner';
import { subSpace, widenCentroids } from './choose-k';
import { kmeansTasks, sphericalKMeansOn } from './kmeans';
import { sampleIndices } from './random';
import {
  TopK,
  denseDot,
  nearestNeighbours,
  similarities,
  scoringCentroids,
  type Centroids,
  type FusedSpace,
  type ScoringCentroids,
  type Neighbours,
} from './space';

/** Up to this many candidates the neighbour search is exact (no cells; about 1 s at 3,000). */
export const EXACT_NEIGHBOURS_LIMIT = 3000;
/** Items the cells are learned from (when they are not given). */
const CELL_SAMPLE = 3000;

/**
 * Item i's nearest cells, best first: `top`'s index after this (its capacity is the probes);
 * `scores` is a buffer of cents.k.
 */
export function rankCells(
  space: FusedSpace,
  i: number,
  cents: ScoringCentroids,
  top: TopK,
  scores: Float64Array,
): Int32Array {
  top.clear();
  similarities(space, i, cents, scores);
  for (let c = 0; c < cents.k; c++) top.offer(c, scores[c]!);
  return top.index;
}

/** Items `from`..`to`-1: each one's `probes` nearest cells, best first ((to - from) x probes). */
export function nearestCells(
  space: FusedSpace,
  cents: ScoringCentroids,
  probes: number,
  from: number,
  to: number,
): Int32Array {
  const out = new Int32Array((to - from) * probes);
  const top = new TopK(probes);
  const scores = new Float64Array(cents.k);
  for (let i = from; i < to; i++)
    out.set(rankCells(space, i, cents, top, scores), (i - from) * probes);
  return out;
}

/**
 * The cells of the search for `m` candidates, about sqrt(m) of them: a quick k-means on `sample`
 * (a space of sampled candidates; their centroids, over `sample`'s own word columns).
 */
export async function cellCentroids(
  sample: FusedSpace,
  m: number,
  random: () => number,
  runner: TaskRunner<NeighbourTasks>,
): Promise<Centroids> {
  const count = Math.max(2, Math.round(Math.sqrt(m)));
  const ones = new Float64Array(sample.n).fill(1);
  return (await sphericalKMeansOn(runner, sample, count, ones, random, { maxIterations: 8 }))
    .centroids;
}

/** The candidates filed under each cell, as offsets into one list (cell c: start[c]..start[c+1]). */
export interface CellMembers {
  start: Int32Array;
  items: Int32Array;
}

/**
 * Items `from`..`to`-1: the `k` most similar members of their probed cells (self excluded), as
 * (to - from) x k rows of neighbours and similarities.
 */
export function searchCells(
  space: FusedSpace,
  members: CellMembers,
  itemCells: Int32Array,
  probes: number,
  k: number,
  from: number,
  to: number,
): { neighbours: Int32Array; sims: Float32Array } {
  const neighbours = new Int32Array((to - from) * k);
  const sims = new Float32Array((to - from) * k);
  const top = new TopK(k);
  const { d, dense, sparse } = space;
  // Item i's words scattered into a dense row, so each comparison is one pass over j's words.
  const row = new Float32Array(sparse.cols);
  for (let i = from; i < to; i++) {
    top.clear();
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
      row[sparse.indices[q]!] = sparse.values[q]!;
    const o = i * d;
    for (let q = 0; q < probes; q++) {
      const cell = itemCells[i * probes + q]!;
      for (let t = members.start[cell]!; t < members.start[cell + 1]!; t++) {
        const j = members.items[t]!;
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
    for (let t = filled; t < k; t++) {
      top.index[t] = filled > 0 ? top.index[t % filled]! : i;
      top.value[t] = filled > 0 ? top.value[t % filled]! : 1;
    }
    neighbours.set(top.index, (i - from) * k);
    sims.set(top.value, (i - from) * k);
  }
  return { neighbours, sims };
}

/**
 * The `k` nearest candidates of every item by fused cosine. Exact for small inputs; approximate
 * (inverted file, `probes` cells per item) for large ones, where it costs about
 * n x probes x sqrt(m) comparisons instead of n x m. The cells are learned here from a sample of
 * the candidates unless `cells` gives them (the lead phase learns them before every item is
 * embedded, see lead.ts). The result does not depend on the runner.
 */
export async function findNeighbours(
  space: FusedSpace,
  k: number,
  candidates: readonly number[],
  random: () => number,
  runner: TaskRunner<NeighbourTasks>,
  probes = 8,
  cells: ScoringCentroids | null = null,
): Promise<Neighbours> {
  const m = candidates.length;
  if (m <= EXACT_NEIGHBOURS_LIMIT) return nearestNeighbours(space, k, candidates);
  const cents = cells ?? (await learnCells(space, candidates, random, runner));
  const cellCount = cents.k;

  // Each item's `probes` nearest cells; each candidate is filed under its nearest one.
  const n = space.n;
  const p = Math.min(probes, cellCount);
  const cellParts = await overRanges(runner, n, (from, to) =>
    runner.run('nearestCells', { space, cents, probes: p, from, to }),
  );
  const itemCells = stitch(new Int32Array(n * p), cellParts, p, (part) => part);
  const start = new Int32Array(cellCount + 1);
  for (const j of candidates) start[itemCells[j * p]! + 1]!++;
  for (let c = 0; c < cellCount; c++) start[c + 1]! += start[c]!;
  const items = new Int32Array(m);
  const fill = start.slice(0, cellCount);
  for (const j of candidates) items[fill[itemCells[j * p]!]!++] = j;

  const kk = Math.max(0, Math.min(k, m - 1));
  const members = { start, items };
  const parts = await overRanges(runner, n, (from, to) =>
    runner.run('searchCells', { space, members, itemCells, probes: p, k: kk, from, to }),
  );
  return {
    neighbours: stitch(new Int32Array(n * kk), parts, kk, (part) => part.neighbours),
    sims: stitch(new Float32Array(n * kk), parts, kk, (part) => part.sims),
    k: kk,
  };
}

/** The cells for `candidates`, learned on a sample of them (cellCentroids). */
async function learnCells(
  space: FusedSpace,
  candidates: readonly number[],
  random: () => number,
  runner: TaskRunner<NeighbourTasks>,
): Promise<ScoringCentroids> {
  const m = candidates.length;
  const sub = subSpace(space, sampleIndices(candidates, Math.min(m, CELL_SAMPLE), random));
  const V = space.sparse.cols;
  return scoringCentroids(widenCentroids(await cellCentroids(sub, m, random, runner), sub, V), V);
}

/** The tasks of the neighbour search (with the k-means that learns its cells). */
export const neighbourTasks = {
  ...kmeansTasks,
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
};
export type NeighbourTasks = typeof neighbourTasks;
