import { describe, expect, it } from 'vitest';
import { engagementWeight, measureClusters, sharesToPercentages } from './shares';

const tenths = (xs: number[]): number => xs.reduce((s, x) => s + Math.round(x * 10), 0);

describe('sharesToPercentages', () => {
  it('sums to exactly 100.0 at one decimal, largest remainders first', () => {
    expect(sharesToPercentages([1, 1, 1])).toEqual([33.4, 33.3, 33.3]);
    expect(sharesToPercentages([2, 1])).toEqual([66.7, 33.3]);
    for (const values of [
      [7, 5, 3, 1, 1, 1],
      [1, 999],
      [13, 13, 13, 13, 13, 13, 13],
      [0, 5, 0],
    ]) {
      const p = sharesToPercentages(values);
      expect(tenths(p)).toBe(1000);
      p.forEach((x) => expect(Math.round(x * 10) / 10).toBe(x));
    }
  });

  it('splits evenly when every value is zero and handles the empty list', () => {
    expect(sharesToPercentages([0, 0])).toEqual([50, 50]);
    expect(sharesToPercentages([])).toEqual([]);
  });
});

describe('measureClusters', () => {
  it('counts every comment as likes + 1 for engagement', () => {
    expect(engagementWeight(0)).toBe(1);
    expect(engagementWeight(9)).toBe(10);
    // Cluster 0: 3 comments, 0 likes; cluster 1: 1 comment with 5 likes -> engagement 3 vs 6.
    const m = measureClusters(Int32Array.from([0, 0, 1, 0]), [0, 0, 5, 0], 2);
    expect(m.size).toEqual([3, 1]);
    expect(m.likeCount).toEqual([0, 5]);
    expect(m.percentage).toEqual([75, 25]);
    expect(m.engagementPercentage).toEqual([33.3, 66.7]);
  });
});
