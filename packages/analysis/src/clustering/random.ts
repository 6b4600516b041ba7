/** Small seeded PRNG (mulberry32): deterministic across platforms, good enough for sampling. */
export function createRandom(seed: number): () => number {
  let a = (Math.floor(seed) ^ 0x9e3779b9) >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Picks an index with probability proportional to `weights` (all >= 0; falls back to uniform). */
export function weightedPick(weights: ArrayLike<number>, random: () => number): number {
  let total = 0;
  for (let i = 0; i < weights.length; i++) total += weights[i] as number;
  if (!(total > 0)) return Math.min(weights.length - 1, Math.floor(random() * weights.length));
  let r = random() * total;
  for (let i = 0; i < weights.length; i++) {
    r -= weights[i] as number;
    if (r < 0) return i;
  }
  return weights.length - 1;
}

/** Deterministic sample of `count` distinct indices from `pool` (partial Fisher-Yates). */
export function sampleIndices(
  pool: readonly number[],
  count: number,
  random: () => number,
): number[] {
  const a = pool.slice();
  const m = Math.min(count, a.length);
  for (let i = 0; i < m; i++) {
    const j = i + Math.floor(random() * (a.length - i));
    const t = a[i]!;
    a[i] = a[j]!;
    a[j] = t;
  }
  return a.slice(0, m).sort((x, y) => x - y);
}
