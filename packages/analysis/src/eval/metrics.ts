/**
 * External clustering-quality metrics used by the benchmarks: normalised mutual information and
 * clustering accuracy under the best one-to-one cluster-to-class mapping (Hungarian algorithm),
 * the protocol of SCCL and most short-text clustering papers.
 */

function checkLengths(a: ArrayLike<number>, b: ArrayLike<number>): void {
  if (a.length !== b.length)
    throw new Error(`label arrays differ in length (${a.length} vs ${b.length})`);
}

/** Maps arbitrary integer labels to 0..m-1 (in first-seen order). */
function compact(labels: ArrayLike<number>): { ids: Int32Array; count: number } {
  const map = new Map<number, number>();
  const ids = new Int32Array(labels.length);
  for (let i = 0; i < labels.length; i++) {
    const l = labels[i] as number;
    let id = map.get(l);
    if (id === undefined) {
      id = map.size;
      map.set(l, id);
    }
    ids[i] = id;
  }
  return { ids, count: map.size };
}

/** Contingency table rows = clusters of `a`, columns = clusters of `b`. */
export function contingency(a: ArrayLike<number>, b: ArrayLike<number>): number[][] {
  checkLengths(a, b);
  const ca = compact(a);
  const cb = compact(b);
  const table = Array.from({ length: ca.count }, () => new Array<number>(cb.count).fill(0));
  for (let i = 0; i < a.length; i++)
    (table[ca.ids[i] as number] as number[])[cb.ids[i] as number]! += 1;
  return table;
}

/**
 * Normalised mutual information with arithmetic-mean normalisation,
 * NMI = 2 I(U;V) / (H(U) + H(V)), as scikit-learn's default. In [0, 1]; 1 when both partitions
 * are identical up to renaming; defined as 1 when both are a single cluster.
 */
export function normalizedMutualInfo(
  truth: ArrayLike<number>,
  predicted: ArrayLike<number>,
): number {
  const table = contingency(truth, predicted);
  const n = truth.length;
  if (n === 0) return 1;
  const rows = table.map((r) => r.reduce((s, v) => s + v, 0));
  const cols = new Array<number>(table[0]?.length ?? 0).fill(0);
  for (const r of table) r.forEach((v, j) => (cols[j]! += v));
  const entropy = (counts: number[]): number =>
    counts.reduce((h, c) => (c > 0 ? h - (c / n) * Math.log(c / n) : h), 0);
  const hu = entropy(rows);
  const hv = entropy(cols);
  if (hu === 0 && hv === 0) return 1;
  let mi = 0;
  table.forEach((r, i) =>
    r.forEach((v, j) => {
      if (v > 0) mi += (v / n) * Math.log((v * n) / ((rows[i] as number) * (cols[j] as number)));
    }),
  );
  const nmi = (2 * mi) / (hu + hv);
  return Math.max(0, Math.min(1, nmi));
}

/**
 * Solves the rectangular assignment problem (rows <= columns) minimising total cost with the
 * O(n^2 m) Hungarian algorithm (potentials + shortest augmenting paths).
 * Returns, for each row, the column assigned to it.
 */
export function hungarian(cost: number[][]): number[] {
  const n = cost.length;
  if (n === 0) return [];
  const m = cost[0]!.length;
  if (m < n) throw new Error('hungarian: needs rows <= columns');
  const INF = Number.POSITIVE_INFINITY;
  const u = new Array<number>(n + 1).fill(0);
  const v = new Array<number>(m + 1).fill(0);
  const p = new Array<number>(m + 1).fill(0); // p[j] = row (1-based) matched to column j
  const way = new Array<number>(m + 1).fill(0);
  for (let i = 1; i <= n; i++) {
    p[0] = i;
    let j0 = 0;
    const minv = new Array<number>(m + 1).fill(INF);
    const used = new Array<boolean>(m + 1).fill(false);
    do {
      used[j0] = true;
      const i0 = p[j0]!;
      let delta = INF;
      let j1 = 0;
      for (let j = 1; j <= m; j++) {
        if (used[j]) continue;
        const cur = cost[i0 - 1]![j - 1]! - u[i0]! - v[j]!;
        if (cur < minv[j]!) {
          minv[j] = cur;
          way[j] = j0;
        }
        if (minv[j]! < delta) {
          delta = minv[j]!;
          j1 = j;
        }
      }
      for (let j = 0; j <= m; j++) {
        if (used[j]) {
          u[p[j]!]! += delta;
          v[j]! -= delta;
        } else minv[j]! -= delta;
      }
      j0 = j1;
    } while (p[j0] !== 0);
    do {
      const j1 = way[j0]!;
      p[j0] = p[j1]!;
      j0 = j1;
    } while (j0 !== 0);
  }
  const assignment = new Array<number>(n).fill(-1);
  for (let j = 1; j <= m; j++) if (p[j]! > 0) assignment[p[j]! - 1] = j - 1;
  return assignment;
}

/**
 * Clustering accuracy: the share of items whose cluster maps to their class under the best
 * one-to-one mapping between clusters and classes (Hungarian). In [0, 1]. Works when the number
 * of clusters differs from the number of classes (unmatched clusters count as errors).
 */
export function clusteringAccuracy(truth: ArrayLike<number>, predicted: ArrayLike<number>): number {
  checkLengths(truth, predicted);
  const n = truth.length;
  if (n === 0) return 1;
  const table = contingency(predicted, truth); // rows clusters, cols classes
  const size = Math.max(table.length, table[0]?.length ?? 0);
  const square = Array.from({ length: size }, (_, i) =>
    Array.from({ length: size }, (_, j) => -(table[i]?.[j] ?? 0)),
  );
  const match = hungarian(square);
  let correct = 0;
  match.forEach((j, i) => (correct += table[i]?.[j] ?? 0));
  return correct / n;
}
