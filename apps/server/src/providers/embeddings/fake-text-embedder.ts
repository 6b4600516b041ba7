import type { EmbedOptions, TextEmbedder } from '@app/analysis';
import { l2NormalizeInPlace, throwIfAborted } from './vector-math';

/** FNV-1a 32-bit hash: deterministic on every platform, no dependencies. */
function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export interface FakeTextEmbedderOptions {
  /** Vector length (default 256). */
  dimensions?: number;
  /** Texts per progress callback (default 64), mirroring the real adapters' batching. */
  batchSize?: number;
}

/**
 * Deterministic hashed bag-of-words embedder for tests and demos: lower-cased word tokens and
 * their character trigrams are hashed into signed buckets and the vector is L2-normalised, so
 * texts sharing words are close and identical texts are identical. No model, no I/O.
 */
export class FakeTextEmbedder implements TextEmbedder {
  readonly name: string;
  readonly dimensions: number;
  private readonly batchSize: number;
  /** Every batch passed to embed(), for tests that assert on how the embedder was called. */
  readonly calls: string[][] = [];

  constructor(options: FakeTextEmbedderOptions = {}) {
    this.dimensions = options.dimensions ?? 256;
    this.batchSize = options.batchSize ?? 64;
    this.name = `fake:hashed-bow:${this.dimensions}`;
  }

  // async so that an aborted signal rejects the promise instead of throwing synchronously
  // eslint-disable-next-line @typescript-eslint/require-await
  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    this.calls.push([...texts]);
    const out: Float32Array[] = [];
    for (let start = 0; start < texts.length; start += this.batchSize) {
      throwIfAborted(options.signal);
      for (const text of texts.slice(start, start + this.batchSize)) out.push(this.vector(text));
      options.onProgress?.({ done: out.length, total: texts.length });
    }
    return out;
  }

  private vector(text: string): Float32Array {
    const v = new Float32Array(this.dimensions);
    const words = text.toLowerCase().match(/[\p{L}\p{N}]+|\p{Extended_Pictographic}/gu) ?? [];
    const add = (feature: string, weight: number): void => {
      const h = fnv1a(feature);
      v[h % this.dimensions]! += (h & 0x80000000 ? -1 : 1) * weight;
    };
    for (const word of words) {
      add(`w:${word}`, 1);
      const padded = `#${word}#`;
      for (let i = 0; i + 3 <= padded.length; i++) add(`t:${padded.slice(i, i + 3)}`, 0.3);
    }
    // An empty text still gets a stable unit vector, like the real adapters' placeholder.
    if (words.length === 0) add('empty', 1);
    return l2NormalizeInPlace(v);
  }
}
