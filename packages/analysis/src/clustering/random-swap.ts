/**
 * Swaps after k-means, after Fränti and Kivijärvi's random swap clustering. Lloyd iterations only
 * move each centroid a little, so k-means stops in local optima where two topics share a cluster
 * while another topic is cut in two, or a cluster holds only stray items (StackOverflow at K = 20:
 * one seed in three). A swap relocates one centroid across the space: a cluster gives way, drawn
 * by how little the objective would lose if its members moved to their second-best centroid, and
 * its centroid goes to one half of another cluster, drawn by how much cutting that cluster in two
 * (2-means) would gain. The items choose between the remaining centroids and the new one (a local
 * repartition); a swap that loses at most a little there is judged after two Lloyd iterations
 * and kept when the k-means objective rose.
 *
 * The objective of a partition in spherical k-means is the sum of the norms of its clusters'
 * weighted sums (each item's similarity to its cluster's normalised mean, summed). A run keeps every
 * item's similarity to every centroid, so a trial only scores the items against the centroids that
 * change: the new one in the repartition, and in each Lloyd iteration after it the clusters that
 * more than DRIFT of their weight joined or left since they were scored (a few items barely move a
 * centroid). The objective, from the sums, is exact for whatever partition a trial reaches.
 */
import { sphericalKMeans, type KMeansResult } from './kmeans';
import { createRandom, weightedPick } from './random';
import type { Centroids, FusedSpace } from './space';
import { subSpace } from './choose-k';
import { groupSums } from './split-merge';

/** A swap must raise the objective by at least this share to be kept (rounding headroom). */
const MIN_GAIN = 1e-7;
/**
 * A repartition that loses at most this share of the objective is worth Lloyd iterations (on
 * StackOverflow the swaps that won after them had lost up to 1.2% before); one that changes it by
 * less than NO_CHANGE moved next to nothing.
 */
const LOSS_TO_CHECK = 0.02;
const NO_CHANGE = 1e-5;
/** Lloyd iterations that judge a swap. */
const POLISH_ITERATIONS = 2;
/** Share of a cluster's weight that must join or leave it before its similarities are rescored. */
const DRIFT = 0.05;

/** The partition a run of swaps works on: assignments, cluster sums and every item's similarities. */
interface SwapState {
  assignments: Int32Array;
  /** k x d and k x V weighted sums of each cluster's members. */
  dense: Float64Array;
  sparse: Float64Array;
  /** Per cluster, the norm of its sum (its share of the objective). */
  norms: Float64Array;
  /** n x k: each item's similarity to each cluster's normalised mean, when its column was scored. */
  sims: Float32Array;
  /** Per cluster, its weight, and the weight that joined or left it since its column was scored. */
  mass: Float64Array;
  drift: Float64Array;
  objective: number;
}

/**
 * Up to `trials` swaps on the k-means result `start` (computed on `space`); returns a converged
 * k-means result at least as good as `start` (start itself when no swap helped).
 */
export function randomSwaps(
  space: FusedSpace,
  start: KMeansResult,
  k: number,
  weights: ArrayLike<number>,
  random: () => number,
  trials: number,
): KMeansResult {
  const { n, d, sparse } = space;
  const V = sparse.cols;
  const active = Float64Array.from({ length: n }, (_, i) => Math.max(0, weights[i] as number));
  if (k < 2 || trials <= 0 || active.filter((w) => w > 0).length <= k) return start;
  let state = swapState(space, start.assignments, k, active);
  let leaving = leaveOdds(state, k, active);
  let halves = bisectAll(space, state, k, active, random);
  if (!halves.gain.some((g) => g > 0)) return start;
  const simNew = new Float64Array(n);
  const target = new Int32Array(n);
  let kept = 0;
  for (let t = 0; t < trials; t++) {
    const out = weightedPick(leaving, random);
    const cut = weightedPick(halves.gain, random);
    // The new centroid: the second half of the cluster cut.
    const halfNorm = sumNorm(halves.dense, halves.sparse, cut, d, V);
    scoreColumn(space, halves.dense, halves.sparse, halfNorm, cut, simNew, 1, 0);
    // Local repartition: the removed cluster's members choose among the other centroids and the
    // new one (which takes the removed cluster's id); everyone else may only move to the new one.
    const dSum = Float64Array.from(state.dense);
    const sSum = Float64Array.from(state.sparse);
    dSum.fill(0, out * d, (out + 1) * d);
    sSum.fill(0, out * V, (out + 1) * V);
    const changed = new Uint8Array(k);
    changed[out] = 1;
    const mass = Float64Array.from(state.mass);
    const drift = Float64Array.from(state.drift);
    mass[out] = 0;
    drift[out] = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const own = state.assignments[i]!;
      let to = own;
      if (own === out) {
        let bs = simNew[i]!;
        for (let c = 0; c < k; c++) {
          const s = state.sims[i * k + c]!;
          if (c !== out && s > bs) {
            bs = s;
            to = c;
          }
        }
      } else if (simNew[i]! > state.sims[i * k + own]!) to = out;
      target[i] = to;
      const w = active[i]!;
      if (w <= 0 || (to === own && own !== out)) continue;
      if (own !== out) {
        addRow(space, i, -w, dSum, sSum, own);
        mass[own]! -= w;
        drift[own]! += w;
      }
      addRow(space, i, w, dSum, sSum, to);
      mass[to]! += w;
      drift[to]! += w;
      changed[own] = changed[to] = 1;
    }
    const norms = Float64Array.from(state.norms);
    let objective = 0;
    for (let c = 0; c < k; c++) {
      if (changed[c]) norms[c] = sumNorm(dSum, sSum, c, d, V);
      objective += norms[c]!;
    }
    // The repartition alone undervalues a swap (the other centroids have not followed yet), so
    // swaps that lose little, and move something, are judged after Lloyd iterations.
    const delta = objective - state.objective;
    if (delta < -LOSS_TO_CHECK * state.objective || Math.abs(delta) < NO_CHANGE * state.objective)
      continue;
    const trial: SwapState = {
      assignments: target.slice(),
      dense: dSum,
      sparse: sSum,
      norms,
      sims: Float32Array.from(state.sims),
      mass,
      drift,
      objective,
    };
    lloydSteps(space, trial, active, POLISH_ITERATIONS);
    if (!(trial.objective > state.objective * (1 + MIN_GAIN))) continue;
    kept++;
    state = trial;
    leaving = leaveOdds(state, k, active);
    halves = bisectAll(space, state, k, active, random);
  }
  if (kept === 0) return start;
  return sphericalKMeans(space, k, weights, random, {
    initial: centroidsOf(state.dense, state.sparse, state.norms, k, d, V),
  });
}

/** The swap state of a partition: its sums, their norms and every item's similarity to each centroid. */
function swapState(
  space: FusedSpace,
  assignments: Int32Array,
  k: number,
  active: Float64Array,
): SwapState {
  const { n, d } = space;
  const V = space.sparse.cols;
  const { dense, sparse, mass } = groupSums(space, assignments, k, active);
  const norms = Float64Array.from({ length: k }, (_, c) => sumNorm(dense, sparse, c, d, V));
  const sims = new Float32Array(n * k);
  for (let c = 0; c < k; c++) scoreColumn(space, dense, sparse, norms[c]!, c, sims, k, c);
  return {
    assignments: Int32Array.from(assignments),
    dense,
    sparse,
    norms,
    sims,
    mass,
    drift: new Float64Array(k),
    objective: norms.reduce((a, b) => a + b, 0),
  };
}

/**
 * Per cluster, the odds of being the one removed: the inverse square of the objective lost if its
 * members moved to their second-best centroid, so clusters that duplicate a neighbour or hold
 * stray items go first.
 */
function leaveOdds(state: SwapState, k: number, active: Float64Array): Float64Array {
  const cost = new Float64Array(k);
  const n = state.assignments.length;
  for (let i = 0; i < n; i++) {
    const w = active[i]!;
    if (w <= 0) continue;
    const own = state.assignments[i]!;
    let second = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < k; c++) {
      const s = state.sims[i * k + c]!;
      if (c !== own && s > second) second = s;
    }
    cost[own]! += w * (state.sims[i * k + own]! - second);
  }
  return Float64Array.from(cost, (c) => 1 / Math.max(1e-9, c) ** 2);
}

/** Adds w x item i's row to cluster c's sums. */
function addRow(
  space: FusedSpace,
  i: number,
  w: number,
  sumsDense: Float64Array,
  sumsSparse: Float64Array,
  c: number,
): void {
  const { d, dense, sparse } = space;
  for (let j = 0; j < d; j++) sumsDense[c * d + j]! += w * dense[i * d + j]!;
  const base = c * sparse.cols;
  for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
    sumsSparse[base + sparse.indices[q]!]! += w * sparse.values[q]!;
}

/** The norm of cluster c's sum: its share of the objective. */
function sumNorm(
  sumsDense: Float64Array,
  sumsSparse: Float64Array,
  c: number,
  d: number,
  V: number,
): number {
  let s = 0;
  for (let j = c * d; j < (c + 1) * d; j++) s += sumsDense[j]! * sumsDense[j]!;
  for (let j = c * V; j < (c + 1) * V; j++) s += sumsSparse[j]! * sumsSparse[j]!;
  return Math.sqrt(s);
}

/** The clusters' normalised means (centroids) from their sums and norms. */
function centroidsOf(
  sumsDense: Float64Array,
  sumsSparse: Float64Array,
  norms: Float64Array,
  k: number,
  d: number,
  V: number,
): Centroids {
  const cd = new Float32Array(k * d);
  const cs = new Float32Array(k * V);
  for (let c = 0; c < k; c++) {
    const inv = norms[c]! > 0 ? 1 / norms[c]! : 0;
    for (let j = c * d; j < (c + 1) * d; j++) cd[j] = sumsDense[j]! * inv;
    for (let j = c * V; j < (c + 1) * V; j++) cs[j] = sumsSparse[j]! * inv;
  }
  return { k, dense: cd, sparse: cs };
}

/**
 * Up to `iterations` Lloyd iterations on `state` in place. A cluster's column of similarities is
 * scored again only once more than DRIFT of its weight joined or left it since it was last scored:
 * a few items more or less barely move a centroid, and the objective, from the sums, stays exact
 * whichever partition the iterations reach.
 */
function lloydSteps(
  space: FusedSpace,
  state: SwapState,
  active: Float64Array,
  iterations: number,
): void {
  const { n, d } = space;
  const V = space.sparse.cols;
  const k = state.norms.length;
  const { assignments, sims, mass, drift } = state;
  for (let it = 0; it <= iterations; it++) {
    for (let c = 0; c < k; c++)
      if (drift[c]! > DRIFT * mass[c]!) {
        scoreColumn(space, state.dense, state.sparse, state.norms[c]!, c, sims, k, c);
        drift[c] = 0;
      }
    if (it === iterations) break;
    const moved = new Uint8Array(k);
    let moves = 0;
    for (let i = 0; i < n; i++) {
      let to = 0;
      let bs = Number.NEGATIVE_INFINITY;
      for (let c = 0; c < k; c++)
        if (sims[i * k + c]! > bs) {
          bs = sims[i * k + c]!;
          to = c;
        }
      const own = assignments[i]!;
      if (to === own) continue;
      assignments[i] = to;
      const w = active[i]!;
      if (w > 0) {
        addRow(space, i, -w, state.dense, state.sparse, own);
        addRow(space, i, w, state.dense, state.sparse, to);
        mass[own]! -= w;
        mass[to]! += w;
        drift[own]! += w;
        drift[to]! += w;
      }
      moved[own] = moved[to] = 1;
      moves++;
    }
    if (moves === 0) break;
    for (let c = 0; c < k; c++)
      if (moved[c]) state.norms[c] = sumNorm(state.dense, state.sparse, c, d, V);
  }
  state.objective = state.norms.reduce((a, b) => a + b, 0);
}

/**
 * Every item's similarity to row c of the sums normalised (a centroid), written to
 * out[i x stride + at]: a column of `sims` (stride k, at c) or a plain list (stride 1, at 0).
 */
function scoreColumn(
  space: FusedSpace,
  sumsDense: Float64Array,
  sumsSparse: Float64Array,
  norm: number,
  c: number,
  out: Float32Array | Float64Array,
  stride: number,
  at: number,
): void {
  const { n, d, dense, sparse } = space;
  const V = sparse.cols;
  const inv = norm > 0 ? 1 / norm : 0;
  const cd = c * d;
  const cv = c * V;
  for (let i = 0; i < n; i++) {
    let s = 0;
    for (let j = 0; j < d; j++) s += dense[i * d + j]! * sumsDense[cd + j]!;
    for (let q = sparse.indptr[i]!; q < sparse.indptr[i + 1]!; q++)
      s += sparse.values[q]! * sumsSparse[cv + sparse.indices[q]!]!;
    out[i * stride + at] = s * inv;
  }
}

interface Halves {
  /** Per cluster, the odds of being cut: the squared objective gained by cutting it in two. */
  gain: Float64Array;
  /** Per cluster, the weighted sum of its second half. */
  dense: Float64Array;
  sparse: Float64Array;
}

/** Every cluster's 2-means halves: the gain of cutting it and the sum of its second half. */
function bisectAll(
  space: FusedSpace,
  state: SwapState,
  k: number,
  active: Float64Array,
  random: () => number,
): Halves {
  const { n, d } = space;
  const V = space.sparse.cols;
  const members: number[][] = Array.from({ length: k }, () => []);
  for (let i = 0; i < n; i++) if (active[i]! > 0) members[state.assignments[i]!]!.push(i);
  const gain = new Float64Array(k);
  const hd = new Float64Array(k * d);
  const hs = new Float64Array(k * V);
  for (let c = 0; c < k; c++) {
    const m = members[c]!;
    if (m.length < 4) continue;
    const sub = subSpace(space, m);
    const w = Float64Array.from(m, (i) => active[i]!);
    const km = sphericalKMeans(sub, 2, w, random, { maxIterations: 6 });
    const d0 = new Float64Array(2 * d);
    const s0 = new Float64Array(2 * V);
    m.forEach((i, t) => addRow(space, i, w[t]!, d0, s0, km.assignments[t]!));
    const g = sumNorm(d0, s0, 0, d, V) + sumNorm(d0, s0, 1, d, V) - state.norms[c]!;
    gain[c] = Math.max(0, g) ** 2;
    hd.set(d0.subarray(d, 2 * d), c * d);
    hs.set(s0.subarray(V, 2 * V), c * V);
  }
  return { gain, dense: hd, sparse: hs };
}

/** The random-swap task (a runner carries it out: parallel/runner.ts). */
export const randomSwapTasks = {
  randomSwaps: (input: {
    space: FusedSpace;
    start: KMeansResult;
    k: number;
    weights: Float64Array;
    seed: number;
    trials: number;
  }) =>
    randomSwaps(
      input.space,
      input.start,
      input.k,
      input.weights,
      createRandom(input.seed),
      input.trials,
    ),
};
