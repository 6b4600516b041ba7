import { describe, expect, it } from 'vitest';
import { absorbSmallClusters, minClusterSize } from './small-clusters';
import { topics } from './topics.test-support';

describe('minClusterSize', () => {
  it('is 1% of the input, at least 3 and at most 25, and keeps everything under 20 items', () => {
    expect([10, 19, 20, 100, 499, 500, 1000, 2500, 10_000].map(minClusterSize)).toEqual([
      1, 1, 3, 3, 5, 5, 10, 25, 25,
    ]);
  });
});

describe('absorbSmallClusters', () => {
  const ones = (n: number) => new Float64Array(n).fill(1);
  // topics(): topic 0 holds items 0-23, topic 1 items 24-29, topic 2 30-35, topic 3 36-41.

  it("moves a tiny cluster's members to the cluster of their own topic, and nothing else", () => {
    const { space, truth } = topics();
    // Two items of topic 1 split off into a cluster of their own (id 4).
    const labels = Int32Array.from(truth, (t, i) => (i === 24 || i === 25 ? 4 : t));
    const out = absorbSmallClusters(space, labels, 5, ones(space.n), 3);
    expect(Array.from(out)).toEqual(truth);
    expect(Array.from(labels)).not.toEqual(truth); // the input is left as it was
  });

  it('leaves clusters at the minimum alone, and absorbs the smallest first', () => {
    const { space, truth } = topics();
    // Topic 3 cut into a cluster of 2 (id 4) and one of 4 (id 3): with a minimum of 3 the 2 join
    // the 4 (same topic); with a minimum of 5 they do, and the 6 then stand.
    const labels = Int32Array.from(truth, (t, i) => (i === 36 || i === 37 ? 4 : t));
    expect(Array.from(absorbSmallClusters(space, labels, 5, ones(space.n), 3))).toEqual(truth);
    expect(Array.from(absorbSmallClusters(space, labels, 5, ones(space.n), 5))).toEqual(truth);
    expect(
      Array.from(absorbSmallClusters(space, Int32Array.from(truth), 4, ones(space.n), 6)),
    ).toEqual(truth);
  });

  it('never empties the last cluster, and counts zero-weight items in a size', () => {
    const { space, truth } = topics();
    const all = new Int32Array(space.n);
    expect(Array.from(absorbSmallClusters(space, all, 1, ones(space.n), 100))).toEqual(
      Array.from(all),
    );
    // Topic 1's six items, five of them duplicates (weight 0), are a cluster of six, not of one.
    const weights = Float64Array.from(truth, (_, i) => (i >= 25 && i <= 29 ? 0 : 1));
    expect(Array.from(absorbSmallClusters(space, Int32Array.from(truth), 4, weights, 6))).toEqual(
      truth,
    );
  });

  it("finds a cluster of duplicates' own topic for its stray members", () => {
    const { space, truth } = topics();
    // Topic 2's comments (30-35) are all duplicates (weight 0) but two, which k-means put apart
    // (id 4): they belong with the duplicates, whose centre is their plain mean.
    const weights = Float64Array.from(truth, (t, i) => (t === 2 && i !== 30 && i !== 31 ? 0 : 1));
    const labels = Int32Array.from(truth, (t, i) => (i === 30 || i === 31 ? 4 : t));
    expect(Array.from(absorbSmallClusters(space, labels, 5, weights, 3))).toEqual(truth);
  });
});
