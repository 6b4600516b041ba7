import { describe, expect, it } from 'vitest';
import { pipelinePool } from '../pipeline/runners';
import { sphericalKMeans, sphericalKMeansOn, type KMeansResult } from './kmeans';
import { buildTfidf } from './lexical';
import { createRandom } from './random';
import { silhouette, subSpace, widenCentroids } from './choose-k';
import { buildSpace, itemSimilarity, smoothSpace, sparseRows, type FusedSpace } from './space';

/** `n` items around `topics` directions with words of their own; some share text exactly. */
function space(n: number, topics: number, seed = 3) {
  const random = createRandom(seed);
  const gauss = () => Math.sqrt(-2 * Math.log(random() + 1e-12)) * Math.cos(2 * Math.PI * random());
  const d = 16;
  const centres = Array.from({ length: topics }, () => Float32Array.from({ length: d }, gauss));
  const dense = new Float32Array(n * d);
  const texts: string[] = [];
  for (let i = 0; i < n; i++) {
    const t = i % topics;
    let norm = 0;
    for (let j = 0; j < d; j++) {
      const v = centres[t]![j]! + 1.2 * gauss();
      dense[i * d + j] = v;
      norm += v * v;
    }
    for (let j = 0; j < d; j++) dense[i * d + j]! /= Math.sqrt(norm);
    texts.push(`topic${t} w${Math.floor(random() * 30)} v${Math.floor(random() * 200)}`);
  }
  return buildSpace(dense, d, buildTfidf(texts), 0.6);
}

function expectSame(a: KMeansResult, b: KMeansResult): void {
  expect(Array.from(a.assignments)).toEqual(Array.from(b.assignments));
  expect(Array.from(a.centroids.dense)).toEqual(Array.from(b.centroids.dense));
  expect(Array.from(a.centroids.sparse)).toEqual(Array.from(b.centroids.sparse));
  expect(Array.from(a.best)).toEqual(Array.from(b.best));
  expect(a.objective).toBe(b.objective);
}

describe('sphericalKMeans', () => {
  it('skips settled items by their bounds and still ends exactly where scoring every centroid does', () => {
    const s = space(2500, 12);
    const weights = Float64Array.from({ length: s.n }, (_, i) => (i % 7 === 3 ? 0 : 1 + (i % 3)));
    for (const k of [2, 9, 17]) {
      const bounded = sphericalKMeans(s, k, weights, createRandom(k));
      const plain = sphericalKMeans(s, k, weights, createRandom(k), { bounded: false });
      expectSame(bounded, plain);
      expect(new Set(bounded.assignments).size).toBe(k);
    }
  });

  it('reseeds an emptied cluster the same way with bounds as without', () => {
    // 40 copies of 3 texts and 5 clusters: k-means++ runs out of distinct seeds and clusters empty.
    const base = space(3, 3, 9);
    const n = 120;
    const d = base.d;
    const dense = new Float32Array(n * d);
    for (let i = 0; i < n; i++)
      dense.set(base.dense.subarray((i % 3) * d, ((i % 3) + 1) * d), i * d);
    const texts = Array.from({ length: n }, (_, i) => `alpha${i % 3} beta${i % 3}`);
    const s = buildSpace(dense, d, buildTfidf(texts, { minDf: 1 }), 0.5);
    const weights = new Float64Array(n).fill(1);
    const bounded = sphericalKMeans(s, 5, weights, createRandom(1));
    expectSame(bounded, sphericalKMeans(s, 5, weights, createRandom(1), { bounded: false }));
  });

  it('gives the same result with its assignment steps on worker threads', async () => {
    const s = space(4000, 10, 5);
    const weights = new Float64Array(s.n).fill(1);
    const pool = pipelinePool(2);
    try {
      const threaded = await sphericalKMeansOn(pool, s, 12, weights, createRandom(4));
      expectSame(threaded, sphericalKMeans(s, 12, weights, createRandom(4)));
      expectSame(threaded, sphericalKMeans(s, 12, weights, createRandom(4), { bounded: false }));
    } finally {
      await pool.close();
    }
  });
});

describe('subSpace', () => {
  it('keeps only the word columns its rows use, and k-means there matches k-means on all columns', () => {
    const s = space(2000, 10);
    // Every third item of the first two topics: a sample that leaves most words unused.
    const rows = Array.from({ length: s.n }, (_, i) => i).filter((i) => i % 3 === 0 && i % 10 < 2);
    const sub = subSpace(s, rows);
    const wide: FusedSpace = {
      n: rows.length,
      d: s.d,
      dense: Float32Array.from(
        rows.flatMap((r) => Array.from(s.dense.subarray(r * s.d, (r + 1) * s.d))),
      ),
      sparse: sparseRows(s.sparse, rows),
    };
    expect(sub.sparse.cols).toBeLessThan(s.sparse.cols);
    expect(sub.columns.length).toBe(sub.sparse.cols);
    expect(Array.from(sub.columns)).toEqual(
      [...new Set(wide.sparse.indices)].sort((a, b) => a - b),
    );
    const weights = new Float64Array(rows.length).fill(1);
    for (const k of [2, 5]) {
      const narrow = sphericalKMeans(sub, k, weights, createRandom(k));
      const full = sphericalKMeans(wide, k, weights, createRandom(k));
      expect(Array.from(narrow.assignments)).toEqual(Array.from(full.assignments));
      expect(narrow.objective).toBe(full.objective);
      const widened = widenCentroids(narrow.centroids, sub, s.sparse.cols);
      expect(Array.from(widened.sparse)).toEqual(Array.from(full.centroids.sparse));
      expect(Array.from(widened.dense)).toEqual(Array.from(full.centroids.dense));
    }
  });
});

describe('silhouette', () => {
  /** The textbook silhouette from every pair's cosine distance (1 - similarity). */
  function pairwiseSilhouette(sp: FusedSpace, labels: Int32Array, k: number): number {
    const counts = new Int32Array(k);
    for (const c of labels) counts[c]!++;
    let total = 0;
    for (let i = 0; i < sp.n; i++) {
      const sums = new Float64Array(k);
      for (let j = 0; j < sp.n; j++) if (j !== i) sums[labels[j]!]! += 1 - itemSimilarity(sp, i, j);
      const own = labels[i]!;
      if (counts[own]! <= 1) continue;
      const a = sums[own]! / (counts[own]! - 1);
      let b = Number.POSITIVE_INFINITY;
      for (let c = 0; c < k; c++)
        if (c !== own && counts[c]! > 0) b = Math.min(b, sums[c]! / counts[c]!);
      if (!Number.isFinite(b)) continue;
      total += (b - a) / Math.max(a, b);
    }
    return total / sp.n;
  }

  it('equals the silhouette computed from every pair, singletons and empty clusters included', () => {
    const s = space(900, 6);
    // Smoothed rows carry their neighbours' words too, as the space choosing K does.
    const neighbours = Int32Array.from(
      { length: s.n * 3 },
      (_, t) => (Math.floor(t / 3) + 1 + (t % 3) * 7) % s.n,
    );
    const smoothed = smoothSpace(s, { neighbours, k: 3 }, 1);
    const sample = Array.from({ length: 120 }, (_, i) => (i * 7) % smoothed.n);
    const sub = subSpace(smoothed, sample);
    const weights = new Float64Array(sub.n).fill(1);
    for (const k of [2, 5, 9]) {
      const labels = sphericalKMeans(sub, k, weights, createRandom(k)).assignments;
      expect(silhouette(sub, labels, k)).toBeCloseTo(pairwiseSilhouette(sub, labels, k), 10);
    }
    // cluster 3 holds one item (its silhouette is 0), cluster 4 none
    const odd = Int32Array.from({ length: sub.n }, (_, i) => (i === 0 ? 3 : i % 3));
    expect(silhouette(sub, odd, 5)).toBeCloseTo(pairwiseSilhouette(sub, odd, 5), 10);
  });
});
