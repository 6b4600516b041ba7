import { describe, expect, it } from 'vitest';
import { ClusterVectorCache } from './vector-cache';

const vectors = (n: number) => Array.from({ length: n }, () => new Float32Array(2));

describe('ClusterVectorCache', () => {
  it('computes once per key, shares a run in flight, and evicts the least recently used beyond the bound', async () => {
    const cache = new ClusterVectorCache(10);
    let runs = 0;
    const compute = (n: number) => async () => {
      runs += 1;
      await Promise.resolve();
      return vectors(n);
    };
    const [a1, a2] = await Promise.all([cache.get('a', compute(4)), cache.get('a', compute(4))]);
    expect(a1).toBe(a2);
    expect(runs).toBe(1);
    await cache.get('b', compute(4));
    await cache.get('a', compute(4)); // a is now the most recent
    await cache.get('c', compute(4)); // 12 > 10: b goes
    expect(runs).toBe(3);
    await cache.get('a', compute(4));
    expect(runs).toBe(3);
    await cache.get('b', compute(4));
    expect(runs).toBe(4);
  });

  it('does not keep a failed computation', async () => {
    const cache = new ClusterVectorCache();
    await expect(cache.get('x', () => Promise.reject(new Error('embedder down')))).rejects.toThrow(
      'embedder down',
    );
    expect(cache.size).toBe(0);
    expect(await cache.get('x', () => Promise.resolve(vectors(1)))).toHaveLength(1);
  });
});
