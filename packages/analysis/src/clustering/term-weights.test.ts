import { describe, expect, it } from 'vitest';
import type { SparseMatrix } from './lexical';
import { concentrationWeights, reweightTerms } from './term-weights';

/** Rows given as lists of term columns, each row L2-normalised with equal values. */
function rows(cols: number, lists: number[][]): SparseMatrix {
  const indptr = new Int32Array(lists.length + 1);
  const indices: number[] = [];
  const values: number[] = [];
  lists.forEach((l, i) => {
    for (const c of l) {
      indices.push(c);
      values.push(1 / Math.sqrt(l.length));
    }
    indptr[i + 1] = indices.length;
  });
  return {
    rows: lists.length,
    cols,
    indptr,
    indices: Int32Array.from(indices),
    values: Float32Array.from(values),
  };
}

describe('term reweighting', () => {
  // Term 0 only in cluster 0, term 1 only in cluster 1, term 2 evenly in both, term 3 mostly in 0.
  const m = rows(4, [[0, 2, 3], [0, 2, 3], [0, 3], [1, 2], [1, 2, 3], [1]]);
  const assignments = Int32Array.from([0, 0, 0, 1, 1, 1]);
  const weights = new Float64Array(6).fill(1);

  it('weights terms of one cluster above terms spread over the clusters', () => {
    const w = concentrationWeights(m, assignments, 2, weights);
    expect(w[0]).toBeGreaterThan(w[3]!);
    expect(w[1]).toBeGreaterThan(w[3]!);
    expect(w[3]).toBeGreaterThan(w[2]!);
    expect(w[2]).toBeCloseTo(0, 6);
    for (const x of w) expect(x).toBeGreaterThanOrEqual(0);
    for (const x of w) expect(x).toBeLessThanOrEqual(1);
  });

  it('ignores zero-weight items and is neutral for a single cluster', () => {
    const w = concentrationWeights(m, assignments, 2, Float64Array.from([1, 1, 1, 1, 0, 1]));
    // Without item 4, term 3 only occurs in cluster 0, like term 0.
    expect(w[3]).toBeCloseTo(w[0]!, 6);
    expect([...concentrationWeights(m, assignments, 1, weights)]).toEqual([1, 1, 1, 1]);
  });

  it('re-normalises rows to the given length', () => {
    const r = reweightTerms(m, concentrationWeights(m, assignments, 2, weights), 0.5);
    for (let i = 0; i < r.rows; i++) {
      let norm = 0;
      for (let p = r.indptr[i]!; p < r.indptr[i + 1]!; p++) norm += r.values[p]! ** 2;
      expect(Math.sqrt(norm)).toBeCloseTo(0.5, 5);
    }
  });
});
