/**
 * Percentages that add up to exactly 100.0 at one decimal (largest-remainder / Hamilton method):
 * every share is floored to tenths, then the tenths still missing go to the largest remainders
 * (ties to the lower index, so the result is deterministic). All-zero input gives equal shares.
 */
export function sharesToPercentages(values: readonly number[]): number[] {
  const n = values.length;
  if (n === 0) return [];
  const total = values.reduce((sum, v) => sum + Math.max(0, v), 0);
  const weights = total > 0 ? values.map((v) => Math.max(0, v)) : values.map(() => 1);
  const sum = total > 0 ? total : n;
  const TENTHS = 1000;
  const exact = weights.map((w) => (w / sum) * TENTHS);
  const floors = exact.map((x) => Math.floor(x + 1e-9));
  let missing = TENTHS - floors.reduce((a, b) => a + b, 0);
  const order = exact
    .map((x, i) => ({ i, rem: x - floors[i]! }))
    .sort((a, b) => b.rem - a.rem || a.i - b.i);
  for (let k = 0; missing > 0 && k < order.length; k++, missing--) floors[order[k]!.i]! += 1;
  return floors.map((t) => t / 10);
}

/**
 * Engagement weight of one comment. Smoothing: every comment counts its likes + 1, so a video whose
 * comments have no likes yet (fresh uploads, sources without like counts) still gets engagement shares
 * equal to comment shares, and a topic of many unliked comments is not shown as 0% engagement.
 */
export function engagementWeight(likes: number): number {
  return Math.max(0, Number.isFinite(likes) ? likes : 0) + 1;
}

export interface ClusterMeasures {
  percentage: number[];
  engagementPercentage: number[];
  size: number[];
  likeCount: number[];
}

/**
 * Comment and engagement shares per cluster; `assignments[i]` is comment i's cluster in 0..k-1, or
 * negative for a comment set aside (in no cluster): the shares sum to 100 over the others.
 */
export function measureClusters(
  assignments: ArrayLike<number>,
  likes: readonly number[],
  k: number,
): ClusterMeasures {
  const size = new Array<number>(k).fill(0);
  const likeCount = new Array<number>(k).fill(0);
  const engagement = new Array<number>(k).fill(0);
  for (let i = 0; i < assignments.length; i++) {
    const c = assignments[i]!;
    if (c < 0 || c >= k) continue;
    const l = Math.max(0, Math.round(likes[i] ?? 0));
    size[c]! += 1;
    likeCount[c]! += l;
    engagement[c]! += engagementWeight(l);
  }
  return {
    percentage: sharesToPercentages(size),
    engagementPercentage: sharesToPercentages(engagement),
    size,
    likeCount,
  };
}
