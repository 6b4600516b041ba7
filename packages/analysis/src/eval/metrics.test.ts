import { describe, expect, it } from 'vitest';
import { clusteringAccuracy, contingency, hungarian, normalizedMutualInfo } from './metrics';

describe('normalizedMutualInfo', () => {
  it('is 1 for identical partitions and invariant to renaming clusters', () => {
    const truth = [0, 0, 1, 1, 2, 2];
    expect(normalizedMutualInfo(truth, truth)).toBeCloseTo(1, 10);
    expect(normalizedMutualInfo(truth, [5, 5, 9, 9, 1, 1])).toBeCloseTo(1, 10);
  });

  it('is 0 when the prediction carries no information about the classes', () => {
    expect(normalizedMutualInfo([0, 0, 1, 1], [0, 1, 0, 1])).toBeCloseTo(0, 10);
    expect(normalizedMutualInfo([0, 1, 0, 1], [3, 3, 3, 3])).toBeCloseTo(0, 10);
  });

  it('matches a value computed by hand (arithmetic normalisation, as scikit-learn)', () => {
    // truth [0,0,1,1], pred [0,0,0,1]: I = 0.2158, H(U) = 0.6931, H(V) = 0.5623 -> 0.3437
    // (scikit-learn's normalized_mutual_info_score gives the same 0.3437)
    const v = normalizedMutualInfo([0, 0, 1, 1], [0, 0, 0, 1]);
    const i =
      0.5 * Math.log((2 * 4) / (2 * 3)) +
      0.25 * Math.log((1 * 4) / (2 * 3)) +
      0.25 * Math.log((1 * 4) / (2 * 1));
    const hu = Math.log(2);
    const hv = -(0.75 * Math.log(0.75) + 0.25 * Math.log(0.25));
    expect(v).toBeCloseTo((2 * i) / (hu + hv), 10);
    expect(v).toBeCloseTo(0.3437, 3);
  });

  it('rejects label arrays of different lengths', () => {
    expect(() => normalizedMutualInfo([0, 1], [0])).toThrow(/length/);
  });
});

describe('hungarian', () => {
  it('finds the minimum-cost assignment', () => {
    const cost = [
      [4, 1, 3],
      [2, 0, 5],
      [3, 2, 2],
    ];
    const a = hungarian(cost);
    expect(a).toEqual([1, 0, 2]);
    expect(a.reduce((s, j, i) => s + cost[i]![j]!, 0)).toBe(5);
  });

  it('handles more columns than rows', () => {
    expect(hungarian([[5, 1, 9]])).toEqual([1]);
  });
});

describe('clusteringAccuracy', () => {
  it('is 1 for a perfect clustering under any renaming', () => {
    expect(clusteringAccuracy([0, 0, 1, 1, 2], [2, 2, 0, 0, 1])).toBe(1);
  });

  it('uses the best one-to-one mapping, not a majority vote', () => {
    // Both clusters are mostly class 0; one-to-one mapping can give class 0 to only one of them.
    const truth = [0, 0, 0, 1, 0, 0, 0, 1];
    const pred = [0, 0, 0, 0, 1, 1, 1, 1];
    expect(clusteringAccuracy(truth, pred)).toBeCloseTo(4 / 8, 10);
  });

  it('counts unmatched extra clusters as errors', () => {
    expect(clusteringAccuracy([0, 0, 0, 0], [0, 0, 1, 2])).toBe(0.5);
  });

  it('builds the contingency table clusters x classes', () => {
    expect(contingency([0, 0, 1], [1, 0, 0])).toEqual([
      [1, 1],
      [0, 1],
    ]);
  });
});
