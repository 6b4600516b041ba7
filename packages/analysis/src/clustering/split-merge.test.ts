import { describe, expect, it } from 'vitest';
import { groupSums, linkage, splitMergeRound, sumDot, withinSimilarity } from './split-merge';
import { topics } from './topics.test-support';

describe('linkage', () => {
  it('scores two halves of one topic near 1 and two topics far lower', () => {
    const { space, truth } = topics();
    // Groups: topic 0's first 12 items, its last 12, and topic 1.
    const labels = Int32Array.from(truth, (t, i) =>
      t === 0 ? (i < 12 ? 0 : 1) : t === 1 ? 2 : -1,
    );
    const ones = new Float64Array(space.n).fill(1);
    const g = groupSums(space, labels, 3, ones);
    const norms = Float64Array.from([0, 1, 2], (c) => sumDot(g, c, c));
    const within = withinSimilarity(g, norms);
    const same = linkage(g, within, 0, 1, sumDot(g, 0, 1), 1);
    const other = linkage(g, within, 0, 2, sumDot(g, 0, 2), 1);
    expect(same).toBeGreaterThan(0.8);
    expect(other).toBeLessThan(0.3);
  });
});

describe('splitMergeRound', () => {
  it('merges the two clusters of one topic and splits the mixed one', () => {
    const { space, truth } = topics();
    // Cluster 0 and 1: topic 0 cut in two; cluster 2: topic 1; cluster 3: topics 2 and 3 lumped.
    const labels = Int32Array.from(truth, (t, i) => (t === 0 ? (i < 12 ? 0 : 1) : t === 1 ? 2 : 3));
    const ones = new Float64Array(space.n).fill(1);
    const out = splitMergeRound(space, labels, 4, ones, 1);
    expect(out).not.toBeNull();
    const groupOf = (t: number): Set<number> =>
      new Set(truth.flatMap((x, i) => (x === t ? [out![i]!] : [])));
    // Every topic now sits in one cluster of its own.
    const clusters = [0, 1, 2, 3].map((t) => groupOf(t));
    for (const c of clusters) expect(c.size).toBe(1);
    expect(new Set(clusters.map((c) => [...c][0])).size).toBe(4);
    // Deterministic for a seed.
    expect(Array.from(splitMergeRound(space, labels, 4, ones, 1)!)).toEqual(Array.from(out!));
  });

  it('makes no swap when every cluster is one topic', () => {
    const { space, truth } = topics();
    const ones = new Float64Array(space.n).fill(1);
    expect(splitMergeRound(space, Int32Array.from(truth), 4, ones, 1)).toBeNull();
  });
});
