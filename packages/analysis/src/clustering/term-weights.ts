/**
 * Term reweighting from a first clustering: words concentrated in few clusters are topic words,
 * words spread evenly over all clusters are noise for clustering ("use", "get", "new"). Each term
 * is weighted by 1 - H/ln k, H the entropy of its clusters; the TF-IDF rows are rescaled by it.
 */
import type { SparseMatrix } from './lexical';
import { sharedFloat32 } from './space';

/**
 * Per term, 1 - (entropy of its weighted occurrences over the k clusters) / ln k. `prior`
 * pseudo-occurrences are spread over the clusters by size first, so a term seen twice is not
 * taken as perfectly concentrated. Items with weight <= 0 do not count.
 */
export function concentrationWeights(
  tfidf: SparseMatrix,
  assignments: Int32Array,
  k: number,
  weights: ArrayLike<number>,
  prior = 1,
): Float64Array {
  const V = tfidf.cols;
  const out = new Float64Array(V).fill(1);
  if (k < 2) return out;
  const counts = new Float64Array(V * k);
  const sizes = new Float64Array(k);
  let total = 0;
  for (let i = 0; i < tfidf.rows; i++) {
    const w = weights[i] as number;
    if (!(w > 0)) continue;
    const c = assignments[i]!;
    sizes[c]! += w;
    total += w;
    for (let p = tfidf.indptr[i]!; p < tfidf.indptr[i + 1]!; p++)
      counts[tfidf.indices[p]! * k + c]! += w;
  }
  if (!(total > 0)) return out;
  const priorShare = Float64Array.from(sizes, (s) => (prior * s) / total);
  const logK = Math.log(k);
  for (let t = 0; t < V; t++) {
    const o = t * k;
    let sum = 0;
    for (let c = 0; c < k; c++) sum += counts[o + c]! + priorShare[c]!;
    if (!(sum > 0)) continue;
    let h = 0;
    for (let c = 0; c < k; c++) {
      const q = (counts[o + c]! + priorShare[c]!) / sum;
      if (q > 0) h -= q * Math.log(q);
    }
    out[t] = Math.max(0, 1 - h / logK);
  }
  return out;
}

/**
 * The rows with each term's value multiplied by its weight, re-normalised to length `scale`
 * (rows whose every term has weight 0 become empty).
 */
export function reweightTerms(
  tfidf: SparseMatrix,
  termWeights: Float64Array,
  scale = 1,
): SparseMatrix {
  const values = sharedFloat32(tfidf.values.length);
  for (let i = 0; i < tfidf.rows; i++) {
    let norm = 0;
    for (let p = tfidf.indptr[i]!; p < tfidf.indptr[i + 1]!; p++) {
      const v = tfidf.values[p]! * termWeights[tfidf.indices[p]!]!;
      values[p] = v;
      norm += v * v;
    }
    const s = norm > 0 ? scale / Math.sqrt(norm) : 0;
    for (let p = tfidf.indptr[i]!; p < tfidf.indptr[i + 1]!; p++) values[p]! *= s;
  }
  return { ...tfidf, values };
}
