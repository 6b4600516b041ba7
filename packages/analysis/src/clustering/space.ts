/**
 * The fused feature space clustering works in: each item is the concatenation
 * [a * e, b * t] of its (centred, re-normalised) sentence embedding e and its TF-IDF row t,
 * with a^2 + b^2 = 1, so the cosine of two items is a^2 cos(e) + b^2 cos(t). Centroids are dense
 * (embedding dims + vocabulary size); no n x n matrix is ever built.
 */
import type { SparseMatrix } from './lexical';

export interface FusedSpace {
  n: number;
  /** Embedding dimensions. */
  d: number;
  /** n x d row-major, already multiplied by the semantic weight a. */
  dense: Float32Array;
  /** TF-IDF rows, values already multiplied by the lexical weight b. */
  sparse: SparseMatrix;
}

export interface Centroids {
  k: number;
  /** k x d. */
  dense: Float32Array;
  /** k x vocabulary. */
  sparse: Float32Array;
}

/*
 * The large arrays of a space live in shared memory (SharedArrayBuffer): tasks on worker threads
 * read them without a copy of their own, since typed arrays on a SharedArrayBuffer are shared, not
 * cloned, when posted to a worker. Access costs the same as on an ordinary buffer.
 */

/** A zeroed Float32Array of `length` in shared memory. */
export function sharedFloat32(length: number): Float32Array {
  return new Float32Array(new SharedArrayBuffer(length * 4));
}

/** A zeroed Int32Array of `length` in shared memory. */
export function sharedInt32(length: number): Int32Array {
  return new Int32Array(new SharedArrayBuffer(length * 4));
}

/** A zeroed Float64Array of `length` in shared memory. */
export function sharedFloat64(length: number): Float64Array {
  return new Float64Array(new SharedArrayBuffer(length * 8));
}

/** `a` itself when it is in shared memory, else a copy there. */
export function shared<T extends Float32Array | Int32Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const Ctor = a.constructor as new (buffer: SharedArrayBuffer) => T;
  const out = new Ctor(new SharedArrayBuffer(a.byteLength));
  out.set(a);
  return out;
}

/** The matrix with its arrays in shared memory (see `shared`). */
export function sharedMatrix(m: SparseMatrix): SparseMatrix {
  return { ...m, indptr: shared(m.indptr), indices: shared(m.indices), values: shared(m.values) };
}

/** Rows `rows` of a sparse matrix, as a new matrix in shared memory. */
export function sparseRows(m: SparseMatrix, rows: readonly number[]): SparseMatrix {
  let nnz = 0;
  for (const r of rows) nnz += m.indptr[r + 1]! - m.indptr[r]!;
  const indptr = sharedInt32(rows.length + 1);
  const indices = sharedInt32(nnz);
  const values = sharedFloat32(nnz);
  let p = 0;
  rows.forEach((r, i) => {
    for (let q = m.indptr[r]!; q < m.indptr[r + 1]!; q++) {
      indices[p] = m.indices[q]!;
      values[p++] = m.values[q]!;
    }
    indptr[i + 1] = p;
  });
  return { rows: rows.length, cols: m.cols, indptr, indices, values };
}

/** Dot product of `d` floats of `a` from `ao` and of `b` from `bo` (unrolled by four). */
export function denseDot(
  a: Float32Array,
  ao: number,
  b: Float32Array,
  bo: number,
  d: number,
): number {
  let s = 0;
  let t = 0;
  for (; t + 3 < d; t += 4)
    s +=
      a[ao + t]! * b[bo + t]! +
      a[ao + t + 1]! * b[bo + t + 1]! +
      a[ao + t + 2]! * b[bo + t + 2]! +
      a[ao + t + 3]! * b[bo + t + 3]!;
  for (; t < d; t++) s += a[ao + t]! * b[bo + t]!;
  return s;
}

/**
 * The best `k` (index, value) pairs offered, best first; equal values rank the smaller index first,
 * so the result does not depend on the order of the offers.
 */
export class TopK {
  readonly index: Int32Array;
  readonly value: Float32Array;
  size = 0;
  constructor(readonly k: number) {
    this.index = new Int32Array(k);
    this.value = new Float32Array(k);
  }
  clear(): void {
    this.size = 0;
  }
  offer(index: number, value: number): void {
    this.size = offerInto(this.index, this.value, 0, this.k, this.size, index, value);
  }
}

/**
 * TopK.offer on a list kept in `index`/`value` from `o` (capacity `k`, `size` filled): returns the
 * new size. Values are compared as stored (float32), so a list kept in a Float32Array ranks the same
 * wherever it lives.
 */
export function offerInto(
  index: Int32Array,
  value: Float32Array,
  o: number,
  k: number,
  size: number,
  item: number,
  score: number,
): number {
  const v = Math.fround(score);
  if (k === 0) return 0;
  if (size === k) {
    const last = value[o + k - 1]!;
    if (v < last || (v === last && item > index[o + k - 1]!)) return size;
  }
  let at = size < k ? size++ : k - 1;
  while (at > 0) {
    const prev = value[o + at - 1]!;
    if (prev > v || (prev === v && index[o + at - 1]! < item)) break;
    value[o + at] = prev;
    index[o + at] = index[o + at - 1]!;
    at--;
  }
  value[o + at] = v;
  index[o + at] = item;
  return size;
}

/**
 * Centring: the embeddings minus their (weighted) mean, re-normalised. Sentence encoders put every
 * text in a narrow cone, and removing the shared direction spreads topics apart.
 * The weighted mean of the embeddings (items with weight <= 0 left out).
 */
export function embeddingMean(
  vectors: readonly Float32Array[],
  weights: Float64Array,
): Float64Array {
  const n = vectors.length;
  const d = vectors[0]?.length ?? 0;
  const mean = new Float64Array(d);
  let total = 0;
  for (let i = 0; i < n; i++) {
    const w = weights[i]!;
    if (w <= 0) continue;
    total += w;
    const v = vectors[i]!;
    for (let j = 0; j < d; j++) mean[j]! += w * v[j]!;
  }
  if (total > 0) for (let j = 0; j < d; j++) mean[j]! /= total;
  return mean;
}

/** Writes `v` minus `mean`, scaled to unit length, into `out` at `o`. */
export function centredRow(
  v: ArrayLike<number>,
  mean: Float64Array,
  out: Float32Array,
  o: number,
): void {
  const d = mean.length;
  let norm = 0;
  for (let j = 0; j < d; j++) {
    const x = v[j]! - mean[j]!;
    out[o + j] = x;
    norm += x * x;
  }
  norm = Math.sqrt(norm) || 1;
  for (let j = 0; j < d; j++) out[o + j]! /= norm;
}

/** Each item's embedding as a row of one shared block: item i at `offsets[i]` (duplicates may share a row). */
export interface EmbeddingRows {
  store: Float32Array;
  offsets: Int32Array;
}

/**
 * The embeddings as rows of one shared block, without a copy when they already are views of one
 * SharedArrayBuffer (as the analysis pipeline stores them); otherwise copied into one.
 */
export function embeddingRows(vectors: readonly Float32Array[]): EmbeddingRows {
  const n = vectors.length;
  const d = vectors[0]?.length ?? 0;
  const buffer = vectors[0]?.buffer;
  if (
    buffer instanceof SharedArrayBuffer &&
    vectors.every((v) => v.buffer === buffer && v.length === d)
  ) {
    return {
      store: new Float32Array(buffer),
      offsets: Int32Array.from(vectors, (v) => v.byteOffset / 4),
    };
  }
  const store = sharedFloat32(n * d);
  vectors.forEach((v, i) => store.set(v, i * d));
  return { store, offsets: Int32Array.from({ length: n }, (_, i) => i * d) };
}

/** Builds the fused space; `lexicalWeight` is b^2 (share of the cosine given to words). */
export function buildSpace(
  dense: Float32Array,
  d: number,
  sparse: SparseMatrix,
  lexicalWeight: number,
): FusedSpace {
  const a = Math.sqrt(1 - lexicalWeight);
  const scaled = sharedFloat32(dense.length);
  for (let i = 0; i < dense.length; i++) scaled[i] = dense[i]! * a;
  return scaledSpace(scaled, d, sparse, lexicalWeight);
}

/**
 * The fused space over dense rows already multiplied by a (`scaled`, kept as given: its rows may be
 * written later) and the words multiplied by b here.
 */
export function scaledSpace(
  scaled: Float32Array,
  d: number,
  sparse: SparseMatrix,
  lexicalWeight: number,
): FusedSpace {
  const b = Math.sqrt(lexicalWeight);
  const values = sharedFloat32(sparse.values.length);
  for (let i = 0; i < values.length; i++) values[i] = sparse.values[i]! * b;
  return { n: sparse.rows, d, dense: scaled, sparse: { ...sparse, values } };
}

/** Dot product of item i with centroid c. */
export function similarity(space: FusedSpace, i: number, cents: Centroids, c: number): number {
  const { d, dense, sparse } = space;
  const V = sparse.cols;
  let s = denseDot(dense, i * d, cents.dense, c * d, d);
  const cs = cents.sparse;
  const vo = c * V;
  for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
    s += sparse.values[p]! * cs[vo + sparse.indices[p]!]!;
  return s;
}

/**
 * The centroids' word weights in term-major order (V x k). Scoring an item against every centroid
 * then reads, for each of its words, k weights from one contiguous run instead of k scattered places.
 * In shared memory, so tasks on worker threads read it without a copy.
 */
export function termMajorWords(cents: Centroids, V: number): Float32Array {
  const k = cents.k;
  const out = sharedFloat32(V * k);
  for (let c = 0; c < k; c++) {
    const o = c * V;
    for (let j = 0; j < V; j++) out[j * k + c] = cents.sparse[o + j]!;
  }
  return out;
}

/** What scoring items against centroids reads: the dense parts and the term-major word weights. */
export interface ScoringCentroids {
  k: number;
  dense: Float32Array;
  byTerm: Float32Array;
}

/** `cents` ready for scoring, in shared memory (read by tasks without a copy). */
export function scoringCentroids(cents: Centroids, V: number): ScoringCentroids {
  return { k: cents.k, dense: shared(cents.dense), byTerm: termMajorWords(cents, V) };
}

/**
 * Item i's similarity to every centroid into `out` (length >= k), through the term-major word
 * weights: the same sums in the same order as `similarity`, so the same values.
 */
export function similarities(
  space: FusedSpace,
  i: number,
  cents: ScoringCentroids,
  out: Float64Array,
): void {
  const { d, dense, sparse } = space;
  const { k, byTerm } = cents;
  const cd = cents.dense;
  const o = i * d;
  // Four centroids per pass over the item's row; each sum in denseDot's order (the same value).
  let c = 0;
  for (; c + 3 < k; c += 4) {
    const o0 = c * d;
    const o1 = o0 + d;
    const o2 = o1 + d;
    const o3 = o2 + d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let t = 0;
    for (; t + 3 < d; t += 4) {
      const a0 = dense[o + t]!;
      const a1 = dense[o + t + 1]!;
      const a2 = dense[o + t + 2]!;
      const a3 = dense[o + t + 3]!;
      s0 += a0 * cd[o0 + t]! + a1 * cd[o0 + t + 1]! + a2 * cd[o0 + t + 2]! + a3 * cd[o0 + t + 3]!;
      s1 += a0 * cd[o1 + t]! + a1 * cd[o1 + t + 1]! + a2 * cd[o1 + t + 2]! + a3 * cd[o1 + t + 3]!;
      s2 += a0 * cd[o2 + t]! + a1 * cd[o2 + t + 1]! + a2 * cd[o2 + t + 2]! + a3 * cd[o2 + t + 3]!;
      s3 += a0 * cd[o3 + t]! + a1 * cd[o3 + t + 1]! + a2 * cd[o3 + t + 2]! + a3 * cd[o3 + t + 3]!;
    }
    for (; t < d; t++) {
      const a = dense[o + t]!;
      s0 += a * cd[o0 + t]!;
      s1 += a * cd[o1 + t]!;
      s2 += a * cd[o2 + t]!;
      s3 += a * cd[o3 + t]!;
    }
    out[c] = s0;
    out[c + 1] = s1;
    out[c + 2] = s2;
    out[c + 3] = s3;
  }
  for (; c < k; c++) out[c] = denseDot(dense, o, cd, c * d, d);
  for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++) {
    const v = sparse.values[p]!;
    const w = sparse.indices[p]! * k;
    for (let j = 0; j < k; j++) out[j]! += v * byTerm[w + j]!;
  }
}

/** Dot product of items i and j. */
export function itemSimilarity(space: FusedSpace, i: number, j: number): number {
  const { d, dense, sparse } = space;
  let s = 0;
  const oi = i * d;
  const oj = j * d;
  for (let k = 0; k < d; k++) s += dense[oi + k]! * dense[oj + k]!;
  let p = sparse.indptr[i]!;
  let q = sparse.indptr[j]!;
  const pe = sparse.indptr[i + 1]!;
  const qe = sparse.indptr[j + 1]!;
  while (p < pe && q < qe) {
    const a = sparse.indices[p]!;
    const b = sparse.indices[q]!;
    if (a === b) {
      s += sparse.values[p]! * sparse.values[q]!;
      p++;
      q++;
    } else if (a < b) p++;
    else q++;
  }
  return s;
}

/**
 * Weighted means of the members of each cluster, normalised to unit length (spherical k-means).
 * Items with weight <= 0 do not pull centroids. Empty clusters get a zero centroid.
 */
export function computeCentroids(
  space: FusedSpace,
  assignments: Int32Array,
  k: number,
  weights: ArrayLike<number>,
): Centroids {
  const { n, d, dense, sparse } = space;
  const V = sparse.cols;
  const cd = new Float32Array(k * d);
  const cs = new Float32Array(k * V);
  for (let i = 0; i < n; i++) {
    const w = weights[i] as number;
    const c = assignments[i]!;
    if (w <= 0 || c < 0) continue;
    const o = i * d;
    const co = c * d;
    for (let j = 0; j < d; j++) cd[co + j]! += w * dense[o + j]!;
    const vo = c * V;
    for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
      cs[vo + sparse.indices[p]!]! += w * sparse.values[p]!;
  }
  for (let c = 0; c < k; c++) normaliseCentroid(cd, cs, c, d, V);
  return { k, dense: cd, sparse: cs };
}

/**
 * The weights centres are computed with: the items' own, except in a cluster made only of
 * zero-weight items (duplicates, spam), whose centre is its members' plain mean (weight 1 each), so
 * it is not a zero vector that every item scores 0 against. `weights` itself when no cluster is such.
 */
export function centreWeights(
  assignments: Int32Array,
  k: number,
  weights: ArrayLike<number>,
): ArrayLike<number> {
  const members = new Uint8Array(k);
  const weighted = new Uint8Array(k);
  for (let i = 0; i < assignments.length; i++) {
    const c = assignments[i]!;
    members[c] = 1;
    if ((weights[i] as number) > 0) weighted[c] = 1;
  }
  if (weighted.every((x, c) => x === 1 || members[c] === 0)) return weights;
  return Float64Array.from(assignments, (c, i) => (weighted[c] ? (weights[i] as number) : 1));
}

function normaliseCentroid(
  cd: Float32Array,
  cs: Float32Array,
  c: number,
  d: number,
  V: number,
): void {
  let norm = 0;
  for (let j = c * d; j < (c + 1) * d; j++) norm += cd[j]! * cd[j]!;
  for (let j = c * V; j < (c + 1) * V; j++) norm += cs[j]! * cs[j]!;
  if (norm <= 0) return;
  const inv = 1 / Math.sqrt(norm);
  for (let j = c * d; j < (c + 1) * d; j++) cd[j]! *= inv;
  for (let j = c * V; j < (c + 1) * V; j++) cs[j]! *= inv;
}

/** Centroids set to the given items themselves (for seeding). */
export function centroidsFromItems(space: FusedSpace, items: readonly number[]): Centroids {
  const { d, dense, sparse } = space;
  const k = items.length;
  const V = sparse.cols;
  const cd = new Float32Array(k * d);
  const cs = new Float32Array(k * V);
  items.forEach((i, c) => {
    cd.set(dense.subarray(i * d, (i + 1) * d), c * d);
    for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
      cs[c * V + sparse.indices[p]!] = sparse.values[p]!;
    normaliseCentroid(cd, cs, c, d, V);
  });
  return { k, dense: cd, sparse: cs };
}

/** Top principal directions of the embeddings and the variance along each. */
export interface PcaBasis {
  r: number;
  d: number;
  /** r x d, orthonormal rows. */
  components: Float32Array;
  /** Variance along each component (per item). */
  variances: Float64Array;
}

/**
 * The top `r` principal directions of the (centred) embeddings, estimated from a sample by
 * orthogonal iteration on the d x d covariance.
 */
export function pcaBasis(
  dense: Float32Array,
  d: number,
  r: number,
  sample: readonly number[],
  random: () => number,
): PcaBasis {
  const cov = covariance(dense, d, sample);
  // Q: r orthonormal columns stored as rows (r x d).
  let q: Float64Array = new Float64Array(r * d);
  for (let t = 0; t < q.length; t++) q[t] = random() - 0.5;
  orthonormalise(q, r, d);
  // A few iterations suffice: clustering needs a good subspace, not exact eigenvectors.
  const lambdas = new Float64Array(r);
  for (let it = 0; it < 5; it++) {
    const z = multiplyRows(cov, q, r, d);
    // Rayleigh quotient q' C q: the variance along each direction.
    for (let c = 0; c < r; c++) {
      let lambda = 0;
      for (let a = 0; a < d; a++) lambda += z[c * d + a]! * q[c * d + a]!;
      lambdas[c] = lambda;
    }
    orthonormalise(z, r, d);
    q = z;
  }
  const variances = Float64Array.from(lambdas, (l) => l / Math.max(1, sample.length));
  return { r, d, components: Float32Array.from(q), variances };
}

/**
 * Items `from`..`to`-1's coordinates on the basis ((to - from) x r, not normalised), each embedding
 * centred and normalised on the fly (`centredRow`) rather than from an n x d centred copy (98 MB at
 * 50,000 comments).
 */
export function projectCentredRows(
  rows: EmbeddingRows,
  mean: Float64Array,
  basis: PcaBasis,
  from: number,
  to: number,
): Float32Array {
  const { d, r } = basis;
  const out = new Float32Array((to - from) * r);
  const row = new Float32Array(d);
  for (let i = from; i < to; i++) {
    const o = rows.offsets[i]!;
    centredRow(rows.store.subarray(o, o + d), mean, row, 0);
    projectRow(row, 0, basis, out, (i - from) * r);
  }
  return out;
}

/** The coordinates of the row at `o` of `dense` on the basis, into `out` at `w`. */
function projectRow(
  dense: Float32Array,
  o: number,
  basis: PcaBasis,
  out: Float32Array,
  w: number,
): void {
  const { r, d, components } = basis;
  let c = 0;
  // Four components at a time: each embedding value is loaded once for four dot products.
  for (; c + 3 < r; c += 4) {
    const q0 = c * d;
    const q1 = q0 + d;
    const q2 = q1 + d;
    const q3 = q2 + d;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    for (let j = 0; j < d; j++) {
      const x = dense[o + j]!;
      s0 += x * components[q0 + j]!;
      s1 += x * components[q1 + j]!;
      s2 += x * components[q2 + j]!;
      s3 += x * components[q3 + j]!;
    }
    out[w + c] = s0;
    out[w + c + 1] = s1;
    out[w + c + 2] = s2;
    out[w + c + 3] = s3;
  }
  for (; c < r; c++) {
    const qo = c * d;
    let s = 0;
    for (let j = 0; j < d; j++) s += dense[o + j]! * components[qo + j]!;
    out[w + c] = s;
  }
}

/**
 * Unit rows from projected coordinates, with optional (partial) whitening: component c is scaled
 * by variance^-whiten, so topics that differ along low-variance directions are not drowned by the
 * few dominant ones. Variances are floored at 1% of the largest so near-empty directions are not
 * blown up.
 */
export function whitenedRows(
  projected: Float32Array,
  n: number,
  basis: PcaBasis,
  whiten: number,
): Float32Array {
  const { r } = basis;
  const scale = new Float64Array(r).fill(1);
  if (whiten > 0) {
    for (let c = 0; c < r; c++) scale[c] = Math.max(basis.variances[c]!, 1e-12);
    const floor = Math.max(...scale) / 100;
    for (let c = 0; c < r; c++) scale[c] = Math.pow(Math.max(scale[c]!, floor), -whiten);
  }
  const out = new Float32Array(n * r);
  for (let i = 0; i < n; i++) {
    let norm = 0;
    for (let c = 0; c < r; c++) {
      const v = projected[i * r + c]! * scale[c]!;
      out[i * r + c] = v;
      norm += v * v;
    }
    norm = Math.sqrt(norm) || 1;
    for (let c = 0; c < r; c++) out[i * r + c]! /= norm;
  }
  return out;
}

/** Four sums of products, each summed in index order (so each equals the plain one-at-a-time dot product). */
const sums4 = new Float64Array(4);

/**
 * x[xo..xo+len) against four rows of y starting at y0, y0 + step, y0 + 2 step and y0 + 3 step, in
 * one pass: each x value is read once for four products. The results are left in `sums4`.
 */
function dots4(
  x: Float64Array,
  xo: number,
  y: Float64Array,
  y0: number,
  step: number,
  len: number,
): Float64Array {
  const y1 = y0 + step;
  const y2 = y1 + step;
  const y3 = y2 + step;
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  for (let t = 0; t < len; t++) {
    const v = x[xo + t]!;
    s0 += v * y[y0 + t]!;
    s1 += v * y[y1 + t]!;
    s2 += v * y[y2 + t]!;
    s3 += v * y[y3 + t]!;
  }
  sums4[0] = s0;
  sums4[1] = s1;
  sums4[2] = s2;
  sums4[3] = s3;
  return sums4;
}

/** x[xo..xo+len) . y[yo..yo+len), summed in index order. */
function dot(x: Float64Array, xo: number, y: Float64Array, yo: number, len: number): number {
  let s = 0;
  for (let t = 0; t < len; t++) s += x[xo + t]! * y[yo + t]!;
  return s;
}

/**
 * The (uncentred) scatter matrix sum_t x_t x_t' of the sampled rows, d x d. Each entry is one dot
 * product over the samples in sample order (so the sums are the same, bit for bit, as adding one
 * sample at a time), four entries at a time over a transposed copy: each sample column is read once
 * for four products and the reads are sequential, about 3 x faster than rank-one updates.
 */
function covariance(dense: Float32Array, d: number, sample: readonly number[]): Float64Array {
  const m = sample.length;
  const xt = new Float64Array(d * m);
  for (let t = 0; t < m; t++) {
    const o = sample[t]! * d;
    for (let a = 0; a < d; a++) xt[a * m + t] = dense[o + a]!;
  }
  const cov = new Float64Array(d * d);
  for (let a = 0; a < d; a++) {
    let b = a;
    for (; b + 3 < d; b += 4) cov.set(dots4(xt, a * m, xt, b * m, m, m), a * d + b);
    for (; b < d; b++) cov[a * d + b] = dot(xt, a * m, xt, b * m, m);
  }
  for (let a = 0; a < d; a++) for (let b = 0; b < a; b++) cov[a * d + b] = cov[b * d + a]!;
  return cov;
}

/** Rows of C q' for a symmetric d x d matrix C and r rows q (r x d), four rows of q per pass over C. */
function multiplyRows(cov: Float64Array, q: Float64Array, r: number, d: number): Float64Array {
  const z = new Float64Array(r * d);
  let c = 0;
  for (; c + 3 < r; c += 4)
    for (let a = 0; a < d; a++) {
      const s = dots4(cov, a * d, q, c * d, d, d);
      for (let j = 0; j < 4; j++) z[(c + j) * d + a] = s[j]!;
    }
  for (; c < r; c++) for (let a = 0; a < d; a++) z[c * d + a] = dot(cov, a * d, q, c * d, d);
  return z;
}

/** Modified Gram-Schmidt on the rows of an r x d matrix. */
function orthonormalise(m: Float64Array, r: number, d: number): void {
  for (let c = 0; c < r; c++) {
    const co = c * d;
    for (let p = 0; p < c; p++) {
      const po = p * d;
      let dot = 0;
      for (let j = 0; j < d; j++) dot += m[co + j]! * m[po + j]!;
      for (let j = 0; j < d; j++) m[co + j]! -= dot * m[po + j]!;
    }
    let norm = 0;
    for (let j = 0; j < d; j++) norm += m[co + j]! * m[co + j]!;
    norm = Math.sqrt(norm) || 1;
    for (let j = 0; j < d; j++) m[co + j]! /= norm;
  }
}

/** Each item's nearest neighbours (see nearestNeighbours and neighbours.ts). */
export interface Neighbours {
  /** n x k row-major item indices, best first (self excluded). */
  neighbours: Int32Array;
  sims: Float32Array;
  k: number;
}

/** Rows of items compared together against every candidate (keeps them in cache). */
const KNN_BLOCK = 32;

/**
 * The `k` nearest neighbours of every item among `candidates` (default: every item) by fused
 * cosine: dense dot products in blocks of rows, plus the sparse ones through an inverted index.
 * Returns an n x k row-major array of item indices (self excluded) and their similarities.
 * Cost O(n x candidates x d): callers bound `candidates` for large inputs.
 */
export function nearestNeighbours(
  space: FusedSpace,
  k: number,
  candidates?: readonly number[],
): Neighbours {
  const { n, d, dense, sparse } = space;
  const cand = candidates ?? Array.from({ length: n }, (_, i) => i);
  const m = cand.length;
  const V = sparse.cols;
  // Inverted index (CSC) of the candidates' sparse rows; entries hold candidate positions.
  const colStart = new Int32Array(V + 1);
  for (const r of cand)
    for (let p = sparse.indptr[r]!; p < sparse.indptr[r + 1]!; p++)
      colStart[sparse.indices[p]! + 1]!++;
  for (let c = 0; c < V; c++) colStart[c + 1]! += colStart[c]!;
  const colPos = new Int32Array(colStart[V]!);
  const colVals = new Float32Array(colStart[V]!);
  const fill = colStart.slice(0, V);
  cand.forEach((r, pos) => {
    for (let p = sparse.indptr[r]!; p < sparse.indptr[r + 1]!; p++) {
      const at = fill[sparse.indices[p]!]!++;
      colPos[at] = pos;
      colVals[at] = sparse.values[p]!;
    }
  });
  // Candidate embeddings packed contiguously.
  const cd = new Float32Array(m * d);
  cand.forEach((r, pos) => cd.set(dense.subarray(r * d, (r + 1) * d), pos * d));

  const kk = Math.max(0, Math.min(k, m - 1));
  const neighbours = new Int32Array(n * kk);
  const sims = new Float32Array(n * kk);
  const scores = new Float32Array(KNN_BLOCK * m);
  const top = new TopK(kk);
  for (let i0 = 0; i0 < n; i0 += KNN_BLOCK) {
    const i1 = Math.min(n, i0 + KNN_BLOCK);
    for (let pos = 0; pos < m; pos++) {
      const q = pos * d;
      for (let i = i0; i < i1; i++) scores[(i - i0) * m + pos] = denseDot(dense, i * d, cd, q, d);
    }
    for (let i = i0; i < i1; i++) {
      const row = (i - i0) * m;
      for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++) {
        const c = sparse.indices[p]!;
        const v = sparse.values[p]!;
        for (let e = colStart[c]!; e < colStart[c + 1]!; e++)
          scores[row + colPos[e]!]! += v * colVals[e]!;
      }
      top.clear();
      for (let pos = 0; pos < m; pos++)
        if (cand[pos] !== i) top.offer(cand[pos]!, scores[row + pos]!);
      neighbours.set(top.index.subarray(0, kk), i * kk);
      sims.set(top.value.subarray(0, kk), i * kk);
    }
  }
  return { neighbours, sims, k: kk };
}

/**
 * Neighbourhood smoothing: each item becomes itself plus `beta` times the mean of its nearest
 * neighbours, each part (embedding, words) re-normalised and re-weighted as in the input space.
 * Short texts share few words; borrowing their neighbours' words and directions makes topic
 * members agree where their own few words do not.
 */
export function smoothSpace(
  space: FusedSpace,
  knn: Pick<Neighbours, 'neighbours' | 'k'>,
  beta: number,
): FusedSpace {
  return joinSmoothed(space, [{ from: 0, value: smoothRows(space, knn, beta, 0, space.n) }]);
}

/** Items from..to-1 of a smoothed space: their embedding rows and their words' CSR rows. */
export interface SmoothedRows {
  /** (to - from) x d, in shared memory. */
  dense: Float32Array;
  /** to - from + 1 offsets into `indices` and `values`, from 0. */
  indptr: Int32Array;
  indices: Int32Array;
  values: Float32Array;
}

/**
 * Items from..to-1 of smoothSpace's result. Each item's row depends only on its own and its
 * neighbours' rows, so the items can be smoothed in ranges on any thread (joinSmoothed).
 */
export function smoothRows(
  space: FusedSpace,
  knn: Pick<Neighbours, 'neighbours' | 'k'>,
  beta: number,
  from: number,
  to: number,
): SmoothedRows {
  const { d, dense, sparse } = space;
  const kk = knn.k;
  const out = sharedFloat32((to - from) * d);
  const indptr = new Int32Array(to - from + 1);
  // Word weights are accumulated in a dense row (touched columns remembered), then packed into
  // typed arrays that grow by doubling: 50,000 comments stay far below the memory budget.
  const acc = new Float32Array(sparse.cols);
  const seen = new Uint8Array(sparse.cols);
  const touched: number[] = [];
  const ownWords = sparse.indptr[to]! - sparse.indptr[from]!;
  let indices = new Int32Array(Math.max(16, ownWords * 4));
  let values = new Float32Array(indices.length);
  let used = 0;
  const w = kk > 0 ? beta / kk : 0;
  for (let i = from; i < to; i++) {
    const o = (i - from) * d;
    const io = i * d;
    let denseNorm0 = 0;
    for (let t = 0; t < d; t++) denseNorm0 += dense[io + t]! * dense[io + t]!;
    let sparseNorm0 = 0;
    for (let p = sparse.indptr[i]!; p < sparse.indptr[i + 1]!; p++)
      sparseNorm0 += sparse.values[p]! * sparse.values[p]!;
    touched.length = 0;
    for (let m = -1; m < kk; m++) {
      const j = m < 0 ? i : knn.neighbours[i * kk + m]!;
      const weight = m < 0 ? 1 : w;
      const q = j * d;
      for (let t = 0; t < d; t++) out[o + t]! += weight * dense[q + t]!;
      for (let p = sparse.indptr[j]!; p < sparse.indptr[j + 1]!; p++) {
        const c = sparse.indices[p]!;
        if (seen[c] === 0) {
          seen[c] = 1;
          touched.push(c);
        }
        acc[c]! += weight * sparse.values[p]!;
      }
    }
    let dn = 0;
    for (let t = 0; t < d; t++) dn += out[o + t]! * out[o + t]!;
    const dScale = dn > 0 ? Math.sqrt(denseNorm0 / dn) : 0;
    for (let t = 0; t < d; t++) out[o + t]! *= dScale;
    touched.sort((a, b) => a - b);
    let sn = 0;
    for (const c of touched) sn += acc[c]! * acc[c]!;
    const sScale = sn > 0 && sparseNorm0 > 0 ? Math.sqrt(sparseNorm0 / sn) : 0;
    if (used + touched.length > indices.length) {
      const size = Math.max(indices.length * 2, used + touched.length);
      const ni = new Int32Array(size);
      ni.set(indices.subarray(0, used));
      const nv = new Float32Array(size);
      nv.set(values.subarray(0, used));
      indices = ni;
      values = nv;
    }
    for (const c of touched) {
      if (sScale > 0) {
        indices[used] = c;
        values[used++] = acc[c]! * sScale;
      }
      acc[c] = 0;
      seen[c] = 0;
    }
    indptr[i - from + 1] = used;
  }
  // views, not copies: joinSmoothed copies them into shared memory (a worker hands them over whole)
  return {
    dense: out,
    indptr,
    indices: indices.subarray(0, used),
    values: values.subarray(0, used),
  };
}

/** The smoothed space from smoothRows' parts (each with its first item), in shared memory. */
export function joinSmoothed(
  space: FusedSpace,
  parts: readonly { from: number; value: SmoothedRows }[],
): FusedSpace {
  const { n, d } = space;
  let nnz = 0;
  for (const { value } of parts) nnz += value.indices.length;
  const one = parts.length === 1 ? parts[0]!.value : null;
  const dense = one ? one.dense : sharedFloat32(n * d);
  const indptr = sharedInt32(n + 1);
  const indices = sharedInt32(nnz);
  const values = sharedFloat32(nnz);
  let at = 0;
  for (const { from, value } of parts) {
    if (!one) dense.set(value.dense, from * d);
    const rows = value.indptr.length - 1;
    for (let r = 1; r <= rows; r++) indptr[from + r] = at + value.indptr[r]!;
    indices.set(value.indices, at);
    values.set(value.values, at);
    at += value.indices.length;
  }
  return { n, d, dense, sparse: { rows: n, cols: space.sparse.cols, indptr, indices, values } };
}
