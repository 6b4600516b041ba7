/**
 * The cluster a comment joins once it is restored from the spam set aside: the one whose comments'
 * mean direction is closest to its vector (cosine), ties to the lower id; null with no cluster.
 * `clusters` maps a cluster id to vectors of some of its comments (a sample is enough); clusters
 * with no vector of the comment's dimensions are skipped.
 */
export function nearestCluster(
  vector: Float32Array,
  clusters: ReadonlyMap<number, readonly Float32Array[]>,
): number | null {
  let best: number | null = null;
  let bestScore = Number.NEGATIVE_INFINITY;
  const ids = [...clusters.keys()].sort((a, b) => a - b);
  for (const id of ids) {
    const vectors = clusters.get(id)!.filter((v) => v.length === vector.length);
    if (vectors.length === 0) continue;
    const mean = new Float64Array(vector.length);
    for (const v of vectors) for (let d = 0; d < v.length; d++) mean[d]! += v[d]!;
    let dot = 0;
    let norm = 0;
    let own = 0;
    for (let d = 0; d < vector.length; d++) {
      dot += mean[d]! * vector[d]!;
      norm += mean[d]! * mean[d]!;
      own += vector[d]! * vector[d]!;
    }
    const score = norm > 0 && own > 0 ? dot / Math.sqrt(norm * own) : -1;
    if (score > bestScore) {
      best = id;
      bestScore = score;
    }
  }
  return best;
}
