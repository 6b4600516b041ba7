/**
 * Clusters too small to be a topic are folded into the others when K was chosen from the data.
 * k-means with words in the space leaves a few clusters of one to three comments held together by
 * a shared word ("hey", a name) or by nothing at all: on a 500-comment tutorial, four of fifteen
 * clusters held 1, 2, 2 and 3 comments ("can you do swift" alone, beside a Request topic of 17). A
 * creator reads them as topics with a heading of their own, and their tags are those comments'
 * stray words. Their members move to the most similar remaining cluster, smallest cluster first,
 * so K falls by one for each. A fixed K (benchmarks, `--clusters`) is honoured as given.
 */
import {
  centreWeights,
  computeCentroids,
  scoringCentroids,
  similarities,
  type FusedSpace,
} from './space';

/** Below this many items every cluster is kept (a handful of comments has no noise to remove). */
const MIN_ITEMS = 20;

/**
 * The fewest comments a topic holds: 1% of the input, at least 3 and at most 25 (BERTopic's
 * default minimum is 10 whatever the size; a topic of 25 among 10,000 comments is still kept).
 */
export function minClusterSize(n: number): number {
  if (n < MIN_ITEMS) return 1;
  return Math.max(3, Math.min(25, Math.round(n / 100)));
}

/**
 * New assignments in which every non-empty cluster holds at least `minSize` items (counting every
 * item, also zero-weight duplicates, since the creator sees them), unless one cluster is left. The
 * freed ids stay empty (the caller renumbers); `assignments` is not modified. Deterministic: the
 * smallest cluster goes first (ties: the higher id), its members to the best other cluster by
 * similarity to the centres of the remaining clusters in `space`.
 */
export function absorbSmallClusters(
  space: FusedSpace,
  assignments: Int32Array,
  k: number,
  weights: ArrayLike<number>,
  minSize: number,
): Int32Array {
  const out = Int32Array.from(assignments);
  const sizes = new Int32Array(k);
  for (const c of out) sizes[c]!++;
  const scores = new Float64Array(k);
  for (;;) {
    let live = 0;
    let smallest = -1;
    for (let c = 0; c < k; c++) {
      if (sizes[c] === 0) continue;
      live++;
      if (sizes[c]! < minSize && (smallest < 0 || sizes[c]! <= sizes[smallest]!)) smallest = c;
    }
    if (smallest < 0 || live <= 1) return out;
    const cents = scoringCentroids(
      computeCentroids(space, out, k, centreWeights(out, k, weights)),
      space.sparse.cols,
    );
    for (let i = 0; i < space.n; i++) {
      if (out[i] !== smallest) continue;
      similarities(space, i, cents, scores);
      let best = -1;
      for (let c = 0; c < k; c++)
        if (c !== smallest && sizes[c]! > 0 && (best < 0 || scores[c]! > scores[best]!)) best = c;
      out[i] = best;
      sizes[best]!++;
    }
    sizes[smallest] = 0;
  }
}
