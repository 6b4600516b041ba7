/**
 * The neighbour search of neighbours.ts (inverted file: each candidate filed under its nearest cell,
 * each item compared with the candidates of its `probes` nearest cells), fed one chunk of items at a
 * time as the pipeline embeds them, so that most of it is done before the last text is embedded.
 *
 * An arriving item is compared with the candidates already filed in the cells it probes, and, if it
 * is a candidate itself, offered to every item already waiting on its cell. Every (item, candidate)
 * pair the batch search compares is so compared exactly once, with the same arithmetic (the word
 * rows are sorted, so a sparse dot product adds the same terms in the same order whichever side is
 * scattered), and the lists rank equal similarities by index: the result is the batch search's,
 * whatever the order and the chunks the items arrive in (a unit test compares them).
 *
 * All state lives in shared memory, so a task on a worker thread updates it in place; chunks must be
 * fed one at a time.
 */
import type { ClusterLead } from './lead';
import { rankCells } from './neighbours';
import {
  denseDot,
  offerInto,
  projectCentredRows,
  scaledSpace,
  sharedFloat32,
  sharedInt32,
  TopK,
  whitenedRows,
  type EmbeddingRows,
  type FusedSpace,
  type Neighbours,
  type ScoringCentroids,
} from './space';

export interface NeighbourStream {
  n: number;
  /** Neighbours kept per item. */
  k: number;
  probes: number;
  /** The fused space: dense rows are written as their items arrive, the words are all there. */
  space: FusedSpace;
  cents: ScoringCentroids;
  /** 1 for items that can be neighbours (weight > 0). */
  candidate: Int32Array;
  /** 1 once an item has arrived. */
  arrived: Int32Array;
  /** n x probes: each item's nearest cells, best first. */
  itemCells: Int32Array;
  /** Per cell, the last candidate filed there (-1: none); memberNext links to the one before. */
  memberHead: Int32Array;
  memberNext: Int32Array;
  /** Per cell, the last (item, probe) node waiting on it (node = item x probes + probe). */
  proberHead: Int32Array;
  proberNext: Int32Array;
  /** n x k neighbour lists (best first) and their sizes. */
  topIndex: Int32Array;
  topValue: Float32Array;
  topSize: Int32Array;
}

/**
 * An empty stream over `n` items for the lead's space and cells (lead.cells must be set), keeping
 * `k` neighbours per item among the items of positive weight.
 */
export function createNeighbourStream(
  lead: ClusterLead,
  weights: Float64Array,
  k: number,
  probes = 8,
): NeighbourStream {
  const cents = lead.cells;
  if (!cents) throw new Error('createNeighbourStream: the lead has no cells (exact search)');
  const n = weights.length;
  const r = lead.basis.r;
  const p = Math.min(probes, cents.k);
  const candidate = sharedInt32(n);
  let m = 0;
  for (let i = 0; i < n; i++) {
    if (weights[i]! <= 0) continue;
    candidate[i] = 1;
    m++;
  }
  const kk = Math.max(0, Math.min(k, m - 1));
  const fill = (a: Int32Array): Int32Array => a.fill(-1);
  return {
    n,
    k: kk,
    probes: p,
    space: scaledSpace(sharedFloat32(n * r), r, lead.tfidf, lead.lexicalWeight),
    cents,
    candidate,
    arrived: sharedInt32(n),
    itemCells: sharedInt32(n * p),
    memberHead: fill(sharedInt32(cents.k)),
    memberNext: fill(sharedInt32(n)),
    proberHead: fill(sharedInt32(cents.k)),
    proberNext: fill(sharedInt32(n * p)),
    topIndex: sharedInt32(n * kk),
    topValue: sharedFloat32(n * kk),
    topSize: sharedInt32(n),
  };
}

/**
 * Items `items` arrive: their dense rows are computed from their embeddings (`rows`: the chunk's
 * embeddings, in the order of `items`) as the lead's space does, then they join the search.
 */
export function streamItems(
  stream: NeighbourStream,
  lead: Pick<ClusterLead, 'mean' | 'basis' | 'whiten' | 'lexicalWeight'>,
  items: Int32Array,
  rows: EmbeddingRows,
): void {
  const { basis } = lead;
  const r = basis.r;
  const m = items.length;
  const whitened = whitenedRows(
    projectCentredRows(rows, lead.mean, basis, 0, m),
    m,
    basis,
    lead.whiten,
  );
  const a = Math.sqrt(1 - lead.lexicalWeight);
  const dense = stream.space.dense;
  for (let t = 0; t < m; t++) {
    const o = items[t]! * r;
    for (let c = 0; c < r; c++) dense[o + c] = whitened[t * r + c]! * a;
  }
  const row = new Float32Array(stream.space.sparse.cols);
  const cellTop = new TopK(stream.probes);
  const scores = new Float64Array(stream.cents.k);
  for (let t = 0; t < m; t++) arrive(stream, items[t]!, row, cellTop, scores);
}

function arrive(
  s: NeighbourStream,
  i: number,
  row: Float32Array,
  cellTop: TopK,
  scores: Float64Array,
): void {
  if (s.arrived[i] === 1) throw new Error(`streamItems: item ${i} arrived twice`);
  s.arrived[i] = 1;
  const { k, probes: p, space } = s;
  const { d, dense, sparse } = space;
  s.itemCells.set(rankCells(space, i, s.cents, cellTop, scores), i * p);

  for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
    row[sparse.indices[q]!] = sparse.values[q]!;
  const oi = i * d;
  const similarityTo = (j: number): number => {
    let sim = denseDot(dense, oi, dense, j * d, d);
    for (let e = sparse.indptr[j]!; e < sparse.indptr[j + 1]!; e++)
      sim += sparse.values[e]! * row[sparse.indices[e]!]!;
    return sim;
  };
  // The candidates already filed in the cells it probes.
  let size = s.topSize[i]!;
  for (let q = 0; q < p; q++)
    for (let j = s.memberHead[s.itemCells[i * p + q]!]!; j >= 0; j = s.memberNext[j]!)
      size = offerInto(s.topIndex, s.topValue, i * k, k, size, j, similarityTo(j));
  s.topSize[i] = size;
  // A candidate is offered to the items already waiting on its cell, then filed there.
  const home = s.itemCells[i * p]!;
  if (s.candidate[i] === 1) {
    for (let node = s.proberHead[home]!; node >= 0; node = s.proberNext[node]!) {
      const j = Math.floor(node / p);
      s.topSize[j] = offerInto(s.topIndex, s.topValue, j * k, k, s.topSize[j]!, i, similarityTo(j));
    }
    s.memberNext[i] = s.memberHead[home]!;
    s.memberHead[home] = i;
  }
  for (let q = 0; q < p; q++) {
    const cell = s.itemCells[i * p + q]!;
    s.proberNext[i * p + q] = s.proberHead[cell]!;
    s.proberHead[cell] = i * p + q;
  }
  for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++) row[sparse.indices[q]!] = 0;
}

/**
 * The neighbour lists once every item has arrived, as findNeighbours returns them (an item whose
 * cells held fewer than k candidates repeats the best ones found).
 */
export function finishNeighbours(s: NeighbourStream): Neighbours {
  const { n, k } = s;
  for (let i = 0; i < n; i++) {
    if (s.arrived[i] !== 1) throw new Error(`finishNeighbours: item ${i} has not arrived`);
    const filled = s.topSize[i]!;
    for (let t = filled; t < k; t++) {
      s.topIndex[i * k + t] = filled > 0 ? s.topIndex[i * k + (t % filled)]! : i;
      s.topValue[i * k + t] = filled > 0 ? s.topValue[i * k + (t % filled)]! : 1;
    }
  }
  return { neighbours: s.topIndex, sims: s.topValue, k };
}

/** The stream's task: items joining it, updated in place in shared memory (one task at a time). */
export const neighbourStreamTasks = {
  streamNeighbours: (input: {
    stream: NeighbourStream;
    lead: Pick<ClusterLead, 'mean' | 'basis' | 'whiten' | 'lexicalWeight'>;
    items: Int32Array;
    rows: EmbeddingRows;
  }) => {
    streamItems(input.stream, input.lead, input.items, input.rows);
    return input.items.length;
  },
};
