import { describe, expect, it } from 'vitest';
import { sphericalKMeans } from './kmeans';
import { randomSwaps } from './random-swap';
import { createRandom } from './random';
import { computeCentroids } from './space';
import { topics } from './topics.test-support';

/** Topic 0 cut in two clusters, topics 2 and 3 lumped in one: a local optimum of k-means. */
function stuckStart() {
  const { space, truth } = topics();
  const ones = new Float64Array(space.n).fill(1);
  const labels = Int32Array.from(truth, (t, i) => (t === 0 ? (i < 12 ? 0 : 1) : t === 1 ? 2 : 3));
  const start = sphericalKMeans(space, 4, ones, createRandom(1), {
    initial: computeCentroids(space, labels, 4, ones),
  });
  return { space, truth, ones, start };
}

/** The clusters each topic's items ended in. */
function clustersOf(truth: number[], assignments: Int32Array): Set<number>[] {
  return [0, 1, 2, 3].map(
    (t) => new Set(truth.flatMap((x, i) => (x === t ? [assignments[i]!] : []))),
  );
}

describe('randomSwaps', () => {
  it('moves the centroid of a cut topic to the lumped one: every topic gets its own cluster', () => {
    const { space, truth, ones, start } = stuckStart();
    // Lloyd iterations alone stay stuck: topics 2 and 3 share a cluster.
    const before = clustersOf(truth, start.assignments);
    expect(before[2]).toEqual(before[3]);

    const out = randomSwaps(space, start, 4, ones, createRandom(3), 8);
    const after = clustersOf(truth, out.assignments);
    for (const c of after) expect(c.size).toBe(1);
    expect(new Set(after.map((c) => [...c][0])).size).toBe(4);
    expect(out.objective).toBeGreaterThan(start.objective);
  });

  it('is deterministic for a seed', () => {
    const { space, ones, start } = stuckStart();
    const a = randomSwaps(space, start, 4, ones, createRandom(9), 8);
    const b = randomSwaps(space, start, 4, ones, createRandom(9), 8);
    expect(Array.from(a.assignments)).toEqual(Array.from(b.assignments));
  });

  it('keeps a result no swap improves, and does nothing without trials or a second cluster', () => {
    const { space, truth, ones } = stuckStart();
    const good = sphericalKMeans(space, 4, ones, createRandom(1), {
      initial: computeCentroids(space, Int32Array.from(truth), 4, ones),
    });
    expect(randomSwaps(space, good, 4, ones, createRandom(3), 8)).toBe(good);
    expect(randomSwaps(space, good, 4, ones, createRandom(3), 0)).toBe(good);
    const one = sphericalKMeans(space, 1, ones, createRandom(1));
    expect(randomSwaps(space, one, 1, ones, createRandom(3), 8)).toBe(one);
  });
});
