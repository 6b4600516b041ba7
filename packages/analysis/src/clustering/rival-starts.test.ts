import { describe, expect, it } from 'vitest';
import type { KMeansResult } from './kmeans';
import { rivalStarts } from './rival-starts';

/** A start with the given partition and objective (centroids and similarities are not read). */
function start(assignments: number[], objective: number): KMeansResult {
  return {
    assignments: Int32Array.from(assignments),
    centroids: undefined as unknown as KMeansResult['centroids'],
    best: new Float32Array(assignments.length),
    objective,
  };
}

// Twelve items in three groups of four; the other partitions move a group's border.
const base = [0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2];
const relabelled = [2, 2, 2, 2, 0, 0, 0, 0, 1, 1, 1, 1];
const otherBorder = [0, 0, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2];
const thirdBorder = [0, 0, 0, 0, 1, 1, 2, 2, 2, 2, 2, 2];

describe('rivalStarts', () => {
  it('takes other partitions of nearly the best objective, best first', () => {
    const best = start(base, 1000);
    const a = start(otherBorder, 995);
    const b = start(thirdBorder, 998);
    expect(rivalStarts([a, best, b], best, 2)).toEqual([b, a]);
    expect(rivalStarts([a, best, b], best, 1)).toEqual([b]);
    expect(rivalStarts([a, best, b], best, 0)).toEqual([]);
  });

  it('skips the same partition under other cluster ids, and a copy of a rival taken', () => {
    const best = start(base, 1000);
    const same = start(relabelled, 999.9);
    const rival = start(otherBorder, 999);
    const rivalAgain = start(otherBorder, 998);
    expect(rivalStarts([best, same, rival, rivalAgain], best, 3)).toEqual([rival]);
  });

  it('skips partitions whose objective falls short by more than the tolerance', () => {
    const best = start(base, 1000);
    const far = start(otherBorder, 980);
    expect(rivalStarts([best, far], best, 2)).toEqual([]);
    expect(rivalStarts([best, far], best, 2, { tolerance: 0.05 })).toEqual([far]);
  });
});
