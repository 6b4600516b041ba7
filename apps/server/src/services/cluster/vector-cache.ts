/**
 * In-memory LRU of comment embeddings per analysis and cluster, so a chat conversation embeds a
 * cluster's comments once. Bounded by the total number of vectors held; concurrent requests for
 * the same key share one embedding run.
 */
export class ClusterVectorCache {
  private readonly entries = new Map<string, Promise<Float32Array[]>>();
  private readonly sizes = new Map<string, number>();
  private held = 0;

  constructor(private readonly maxVectors = 50_000) {}

  /** Returns the cached vectors for `key`, or computes them with `compute` (a failure is not cached). */
  async get(key: string, compute: () => Promise<Float32Array[]>): Promise<Float32Array[]> {
    const hit = this.entries.get(key);
    if (hit !== undefined) {
      // Re-insert: Map order is the recency order.
      this.entries.delete(key);
      this.entries.set(key, hit);
      return hit;
    }
    const pending = compute();
    this.entries.set(key, pending);
    try {
      const vectors = await pending;
      this.sizes.set(key, vectors.length);
      this.held += vectors.length;
      this.evict(key);
      return vectors;
    } catch (err) {
      if (this.entries.get(key) === pending) this.entries.delete(key);
      throw err;
    }
  }

  /** Number of cached entries (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  private evict(keep: string): void {
    for (const key of this.entries.keys()) {
      if (this.held <= this.maxVectors) break;
      if (key === keep) continue;
      const n = this.sizes.get(key);
      if (n === undefined) continue; // still computing
      this.entries.delete(key);
      this.sizes.delete(key);
      this.held -= n;
    }
  }
}
