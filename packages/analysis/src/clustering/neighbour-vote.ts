/**
 * The last step of clustering: every item takes the cluster that maximises its similarity to the
 * cluster's centre plus `strength` x the share of its nearest neighbours in that cluster. k-means
 * decides each item by its centre alone, so an item whose own words are few or generic ("how do I
 * set this up?") lands by chance between two topics; its neighbours, found on the whole text's
 * meaning and words, usually agree on one. One pass, from the clusters k-means left (no iteration:
 * the neighbours' votes are those clusters).
 */
import {
  computeCentroids,
  scoringCentroids,
  similarities,
  type FusedSpace,
  type Neighbours,
} from './space';

/** New assignments (same k); `assignments` is not modified. */
export function neighbourVote(
  space: FusedSpace,
  assignments: Int32Array,
  k: number,
  weights: ArrayLike<number>,
  knn: Pick<Neighbours, 'neighbours' | 'k'>,
  strength: number,
): Int32Array {
  const out = Int32Array.from(assignments);
  if (k < 2 || knn.k === 0 || strength <= 0) return out;
  const cents = scoringCentroids(
    computeCentroids(space, assignments, k, weights),
    space.sparse.cols,
  );
  const scores = new Float64Array(k);
  const share = strength / knn.k;
  for (let i = 0; i < space.n; i++) {
    similarities(space, i, cents, scores);
    for (let m = 0; m < knn.k; m++) scores[assignments[knn.neighbours[i * knn.k + m]!]!]! += share;
    let best = 0;
    for (let c = 1; c < k; c++) if (scores[c]! > scores[best]!) best = c;
    out[i] = best;
  }
  return out;
}
