import { describe, expect, it } from 'vitest';
import { buildTfidf } from './lexical';
import { neighbourVote } from './neighbour-vote';
import { buildSpace } from './space';

/**
 * Two clusters on the plane, around (1, 0) and (0, 1), and one item in between, a little closer to
 * the first and counted in it (similarity 0.84 to its centre, 0.69 to the second's); its nearest
 * neighbours (given) are all in the second.
 */
function plane() {
  const points = [
    [1, 0],
    [0.99, 0.14],
    [0.99, -0.14],
    [0, 1],
    [0.14, 0.99],
    [-0.14, 0.99],
    [0.72, 0.69],
  ];
  const dense = Float32Array.from(
    points.flatMap(([x, y]) => {
      const norm = Math.hypot(x!, y!);
      return [x! / norm, y! / norm];
    }),
  );
  const space = buildSpace(dense, 2, buildTfidf(points.map(() => '')), 0);
  const assignments = Int32Array.from([0, 0, 0, 1, 1, 1, 0]);
  // Each item's 3 neighbours: its own cluster's other members; the last item's: the second cluster.
  const neighbours = Int32Array.from(
    [
      [1, 2, 6],
      [0, 2, 6],
      [0, 1, 6],
      [4, 5, 6],
      [3, 5, 6],
      [3, 4, 6],
      [3, 4, 5],
    ].flat(),
  );
  return { space, assignments, knn: { neighbours, k: 3 } };
}

describe('neighbourVote', () => {
  it('moves an item between two centres to the cluster its neighbours are in', () => {
    const { space, assignments, knn } = plane();
    const ones = new Float64Array(space.n).fill(1);
    const out = neighbourVote(space, assignments, 2, ones, knn, 0.2);
    expect(Array.from(out)).toEqual([0, 0, 0, 1, 1, 1, 1]);
    // The input is left as it was.
    expect(assignments[6]).toBe(0);
  });

  it('leaves clear members where they are, and changes nothing at strength 0', () => {
    const { space, assignments, knn } = plane();
    const ones = new Float64Array(space.n).fill(1);
    // A weak vote cannot outweigh the gap between the centres for the item in between.
    expect(Array.from(neighbourVote(space, assignments, 2, ones, knn, 0.05))).toEqual(
      Array.from(assignments),
    );
    expect(Array.from(neighbourVote(space, assignments, 2, ones, knn, 0))).toEqual(
      Array.from(assignments),
    );
  });
});
