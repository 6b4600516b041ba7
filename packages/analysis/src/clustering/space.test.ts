import { describe, expect, it } from 'vitest';
import { buildTfidf } from './lexical';
import { pipelineInline as inlineRunner, pipelinePool } from '../pipeline/runners';
import { findNeighbours } from './neighbours';
import { createRandom } from './random';
import {
  buildSpace,
  computeCentroids,
  embeddingMean,
  embeddingRows,
  itemSimilarity,
  nearestNeighbours,
  projectCentredRows,
  scoringCentroids,
  similarities,
  similarity,
  smoothSpace,
  type FusedSpace,
} from './space';

/** A fused space over hand-made 2-d embeddings and real words. */
function makeSpace(points: [number, number][], texts: string[], lexicalWeight = 0.5): FusedSpace {
  const dense = new Float32Array(points.length * 2);
  points.forEach(([x, y], i) => {
    const norm = Math.hypot(x, y) || 1;
    dense[i * 2] = x / norm;
    dense[i * 2 + 1] = y / norm;
  });
  return buildSpace(dense, 2, buildTfidf(texts, { minDf: 1, maxDfRatio: 1 }), lexicalWeight);
}

const TEXTS = [
  'guitar chords tutorial',
  'guitar chords for beginners',
  'beginner guitar tutorial',
  'pasta recipe with garlic',
  'garlic pasta sauce recipe',
  'easy pasta recipe',
];
const POINTS: [number, number][] = [
  [1, 0.1],
  [1, 0.2],
  [0.9, 0.1],
  [0.1, 1],
  [0.2, 1],
  [0.1, 0.9],
];

describe('nearestNeighbours', () => {
  it('finds each item’s most similar items by fused cosine, never itself', () => {
    const space = makeSpace(POINTS, TEXTS);
    const knn = nearestNeighbours(space, 2);
    expect(knn.k).toBe(2);
    for (let i = 0; i < 6; i++) {
      const mine = [...knn.neighbours.subarray(i * 2, i * 2 + 2)];
      expect(mine).not.toContain(i);
      // The two neighbours are the other members of the same topic (0-2 guitar, 3-5 pasta).
      const topic = i < 3 ? [0, 1, 2] : [3, 4, 5];
      expect(mine.every((j) => topic.includes(j))).toBe(true);
      // Similarities are the exact fused dot products, best first.
      expect(knn.sims[i * 2]).toBeCloseTo(itemSimilarity(space, i, mine[0]!), 5);
      expect(knn.sims[i * 2]!).toBeGreaterThanOrEqual(knn.sims[i * 2 + 1]!);
    }
  });

  it('searches only the given candidates', () => {
    const space = makeSpace(POINTS, TEXTS);
    const knn = nearestNeighbours(space, 1, [0, 3]);
    // Item 0 cannot be its own neighbour, so it gets 3; item 3 likewise gets 0.
    expect([...knn.neighbours]).toEqual([3, 0, 0, 0, 3, 3]);
  });
});

describe('smoothSpace', () => {
  it('lends neighbours’ words and keeps each part’s weight', () => {
    const space = makeSpace(POINTS, TEXTS);
    const smoothed = smoothSpace(space, nearestNeighbours(space, 2), 1);
    const norms = (s: FusedSpace, i: number) => {
      let dn = 0;
      for (let t = 0; t < s.d; t++) dn += s.dense[i * s.d + t]! ** 2;
      let sn = 0;
      for (let p = s.sparse.indptr[i]!; p < s.sparse.indptr[i + 1]!; p++)
        sn += s.sparse.values[p]! ** 2;
      return [dn, sn];
    };
    for (let i = 0; i < 6; i++) {
      const [d0, s0] = norms(space, i);
      const [d1, s1] = norms(smoothed, i);
      expect(d1).toBeCloseTo(d0!, 5);
      expect(s1).toBeCloseTo(s0!, 5);
      // More words than before: "easy pasta recipe" now also carries "garlic" and "sauce".
      expect(smoothed.sparse.indptr[i + 1]! - smoothed.sparse.indptr[i]!).toBeGreaterThanOrEqual(
        space.sparse.indptr[i + 1]! - space.sparse.indptr[i]!,
      );
    }
    // Two texts of one topic with no word in common become lexically similar.
    expect(itemSimilarity(smoothed, 2, 1)).toBeGreaterThan(itemSimilarity(space, 2, 1));
    expect(itemSimilarity(smoothed, 0, 3)).toBeLessThan(0.3);
  });
});

describe('findNeighbours', () => {
  it('above 3,000 candidates, finds most of the exact neighbours through its cells, the same on worker threads', async () => {
    // 4,000 points around 40 random centres in 16 dimensions, no words.
    const random = createRandom(5);
    const gauss = () =>
      Math.sqrt(-2 * Math.log(random() || 1e-9)) * Math.cos(2 * Math.PI * random());
    const d = 16;
    const centres = Array.from({ length: 40 }, () => Array.from({ length: d }, gauss));
    const n = 4000;
    const dense = new Float32Array(n * d);
    for (let i = 0; i < n; i++) {
      const c = centres[i % 40]!;
      let norm = 0;
      for (let t = 0; t < d; t++) {
        const v = c[t]! + 0.5 * gauss();
        dense[i * d + t] = v;
        norm += v * v;
      }
      for (let t = 0; t < d; t++) dense[i * d + t]! /= Math.sqrt(norm);
    }
    const space = buildSpace(dense, d, buildTfidf(Array(n).fill('')), 0);
    const all = Array.from({ length: n }, (_, i) => i);
    const exact = nearestNeighbours(space, 10, all);
    const approx = await findNeighbours(space, 10, all, createRandom(9), inlineRunner);
    const threaded = await findNeighbours(space, 10, all, createRandom(9), pipelinePool(2));
    expect(threaded.neighbours).toEqual(approx.neighbours);
    expect(threaded.sims).toEqual(approx.sims);
    let found = 0;
    for (let i = 0; i < n; i++) {
      const truth = new Set(exact.neighbours.subarray(i * 10, i * 10 + 10));
      const mine = approx.neighbours.subarray(i * 10, i * 10 + 10);
      expect(mine.includes(i)).toBe(false);
      for (const j of mine) if (truth.has(j)) found++;
    }
    expect(found / (n * 10)).toBeGreaterThan(0.8);
  });
});

describe('similarities', () => {
  it('scores an item against every centroid with the same values as similarity, one by one', () => {
    // 7 dims and 6 centroids: a block of four centroids and a remainder of two
    const random = createRandom(5);
    const n = 12;
    const d = 7;
    const dense = Float32Array.from({ length: n * d }, () => random() - 0.5);
    const texts = Array.from({ length: n }, (_, i) => `${TEXTS[i % 6]} ${i % 4 ? 'extra' : ''}`);
    const space = buildSpace(dense, d, buildTfidf(texts, { minDf: 1, maxDfRatio: 1 }), 0.6);
    const assignments = Int32Array.from({ length: n }, (_, i) => i % 6);
    const cents = computeCentroids(space, assignments, 6, new Float64Array(n).fill(1));
    const scoring = scoringCentroids(cents, space.sparse.cols);
    const out = new Float64Array(6);
    for (let i = 0; i < n; i++) {
      similarities(space, i, scoring, out);
      for (let c = 0; c < 6; c++) expect(out[c]).toBe(similarity(space, i, cents, c));
    }
  });
});

describe('embeddingRows and projectCentredRows', () => {
  const random = createRandom(11);
  const n = 9;
  const d = 6;
  const raw = Array.from({ length: n }, () =>
    Float32Array.from({ length: d }, () => random() - 0.3),
  );
  const weights = Float64Array.from({ length: n }, (_, i) => (i === 4 ? 0 : 1 + (i % 3)));
  const basis = {
    r: 3,
    d,
    components: Float32Array.from({ length: 3 * d }, () => random() - 0.5),
    variances: new Float64Array(3),
  };

  it('reads embeddings that share one SharedArrayBuffer in place, and copies others once', () => {
    const store = new Float32Array(new SharedArrayBuffer((n + 1) * d * 4));
    // out of order and with a duplicate, as the pipeline's de-duplicated store gives them
    const views = raw.map((v, i) => {
      const slot = i === 7 ? 2 : (i * 7) % (n + 1);
      store.set(v, slot * d);
      return store.subarray(slot * d, (slot + 1) * d);
    });
    const inPlace = embeddingRows(views);
    expect(inPlace.store.buffer).toBe(store.buffer);
    expect(Array.from(inPlace.offsets)).toEqual(views.map((v) => v.byteOffset / 4));
    const copied = embeddingRows(raw);
    expect(copied.store.buffer).toBeInstanceOf(SharedArrayBuffer);
    raw.forEach((v, i) => {
      const o = copied.offsets[i]!;
      expect(Array.from(copied.store.subarray(o, o + d))).toEqual(Array.from(v));
    });
  });

  it('projects each embedding centred on the weighted mean and scaled to unit length', () => {
    const mean = embeddingMean(raw, weights);
    const total = weights.reduce((a, b) => a + b, 0);
    for (let j = 0; j < d; j++)
      expect(mean[j]).toBeCloseTo(raw.reduce((s, v, i) => s + weights[i]! * v[j]!, 0) / total, 10);
    const out = projectCentredRows(embeddingRows(raw), mean, basis, 2, n);
    expect(out).toHaveLength((n - 2) * 3);
    for (let i = 2; i < n; i++) {
      const x = Array.from(raw[i]!, (v, j) => v - mean[j]!);
      const norm = Math.hypot(...x);
      for (let c = 0; c < 3; c++) {
        const expected = x.reduce((s, v, j) => s + (v / norm) * basis.components[c * d + j]!, 0);
        expect(out[(i - 2) * 3 + c]).toBeCloseTo(expected, 5);
      }
    }
  });
});
