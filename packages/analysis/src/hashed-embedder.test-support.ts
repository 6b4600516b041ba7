import type { EmbedOptions, TextEmbedder } from './ports';

/**
 * Local stand-in for the server's embedders: hashed words, L2-normalised. Keeps every text it
 * embedded in `seen`; waits `delayMs` per call once `after` texts have been embedded (default: never).
 */
export class HashedEmbedder implements TextEmbedder {
  readonly name = 'test:hashed';
  readonly dimensions = 128;
  readonly seen: string[] = [];
  constructor(
    private readonly after = Number.POSITIVE_INFINITY,
    private readonly delayMs = 0,
  ) {}
  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    if (this.seen.length >= this.after) await new Promise((r) => setTimeout(r, this.delayMs));
    this.seen.push(...texts);
    const out = texts.map((text) => {
      const v = new Float32Array(this.dimensions);
      for (const w of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? ['empty']) {
        let h = 0x811c9dc5;
        for (let i = 0; i < w.length; i++) h = Math.imul(h ^ w.charCodeAt(i), 0x01000193);
        v[(h >>> 0) % this.dimensions]! += 1;
      }
      const norm = Math.hypot(...v) || 1;
      return v.map((x) => x / norm);
    });
    options.onProgress?.({ done: texts.length, total: texts.length });
    return out;
  }
}
