import { describe, expect, it, vi } from 'vitest';
import { allFixtureComments, withoutLabels } from '../comment-fixtures.test-support';
import { HashedEmbedder } from '../hashed-embedder.test-support';
import { inputComment } from '../input-comment.test-support';
import { analyseComments, type AnalysisResult } from '../pipeline/analyse';
import { embeddingText } from '../prepare/prepare-comments';
import type { EmbedOptions, TextEmbedder } from '../ports';
import { PrefetchEmbedder } from './prefetch-embedder';

const withoutTimings = ({ timingsMs: _t, ...rest }: AnalysisResult) => rest;

/**
 * The hashed embedder, recording each call's texts and how many calls ran at once. The calls
 * `held` picks wait until `release()` lets the oldest go.
 */
class RecordingEmbedder implements TextEmbedder {
  readonly name = 'test:hashed';
  readonly dimensions = 128;
  readonly calls: string[][] = [];
  readonly signals: (AbortSignal | undefined)[] = [];
  running = 0;
  mostAtOnce = 0;
  private readonly hashed = new HashedEmbedder();
  private readonly waiting: (() => void)[] = [];
  constructor(
    private readonly held: (call: number) => boolean = () => false,
    private readonly fail: (call: number) => Error | null = () => null,
  ) {}
  release(): void {
    this.waiting.shift()?.();
  }
  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const call = this.calls.push([...texts]) - 1;
    this.signals.push(options.signal);
    this.running++;
    this.mostAtOnce = Math.max(this.mostAtOnce, this.running);
    try {
      if (this.held(call)) await new Promise<void>((r) => this.waiting.push(r));
      options.signal?.throwIfAborted();
      const error = this.fail(call);
      if (error) throw error;
      return await this.hashed.embed(texts, options);
    } finally {
      this.running--;
    }
  }
  get embedded(): string[] {
    return this.calls.flat();
  }
}

const texts = (n: number, prefix = 't') => Array.from({ length: n }, (_, i) => `${prefix} ${i}`);

describe('PrefetchEmbedder', () => {
  it('lets an analysis fed page by page embed no text twice and give the same report', async () => {
    // Invented comments with markup and entities the cleaning removes, and copies across pages.
    const comments = [
      ...withoutLabels(allFixtureComments()),
      inputComment('<b>Loved</b> the bread &amp; the crust', { id: 'html1' }),
      inputComment('Loved the bread & the crust', { id: 'html2' }),
      inputComment('  same   crust   here  ', { id: 'ws1' }),
    ];
    expect(comments.some((c) => embeddingText(c) !== c.text)).toBe(true);
    const plain = new RecordingEmbedder();
    const expected = await analyseComments(comments, { embedder: plain }, { seed: 5 });

    const inner = new RecordingEmbedder();
    const prefetch = new PrefetchEmbedder(inner, { batchSize: 64 });
    for (let at = 0; at < comments.length; at += 25)
      prefetch.prefetch(comments.slice(at, at + 25).map(embeddingText));
    // every page is embedded before the analysis asks
    const distinct = new Set(comments.map(embeddingText)).size;
    await vi.waitFor(() => expect(prefetch.cached).toBe(distinct));
    const before = inner.calls.length;
    const result = await analyseComments(comments, { embedder: prefetch }, { seed: 5 });

    expect(withoutTimings(result)).toEqual(withoutTimings(expected));
    expect(inner.calls.length).toBe(before); // the analysis embedded nothing itself
    expect(inner.embedded.length).toBe(new Set(inner.embedded).size);
    expect(new Set(inner.embedded)).toEqual(new Set(plain.embedded));
    expect(prefetch.cached).toBe(0); // every vector was handed out and let go
  });

  it('embeds queued texts in order, in batches, one call at a time, each text once', async () => {
    const inner = new RecordingEmbedder();
    const prefetch = new PrefetchEmbedder(inner, { batchSize: 256 });
    prefetch.prefetch(texts(300));
    prefetch.prefetch([...texts(100), ...texts(300, 'u')]);
    await vi.waitFor(() => expect(prefetch.cached).toBe(600));
    expect(inner.calls.map((c) => c.length)).toEqual([256, 256, 88]);
    expect(inner.embedded).toEqual([...texts(300), ...texts(300, 'u')]);
    expect(inner.mostAtOnce).toBe(1);
  });

  it('hands out cached vectors once, waits for those in flight and embeds the rest itself', async () => {
    const inner = new RecordingEmbedder((call) => call === 0);
    const reference = new HashedEmbedder();
    const prefetch = new PrefetchEmbedder(inner, { batchSize: 2 });
    prefetch.prefetch(['a', 'b', 'c', 'd', 'e', 'f']);
    await vi.waitFor(() => expect(inner.calls.length).toBe(1)); // a, b in flight
    const progress: number[] = [];
    const asked = prefetch.embed(['b', 'x', 'e', 'a'], {
      onProgress: (p) => progress.push(p.done),
    });
    inner.release();
    expect(await asked).toEqual(await reference.embed(['b', 'x', 'e', 'a']));
    // a and b were awaited; e was still queued and x unknown: both embedded by this call
    expect(inner.calls[0]).toEqual(['a', 'b']);
    expect(inner.calls).toContainEqual(['x', 'e']);
    expect(progress.at(-1)).toBe(4);
    expect(inner.mostAtOnce).toBe(1);
    await vi.waitFor(() => expect(prefetch.cached).toBe(3)); // c, d, f
    expect(inner.embedded.filter((t) => t !== 'x').sort()).toEqual(['a', 'b', 'c', 'd', 'e', 'f']);
    // a vector handed out is forgotten: asked again, it is embedded again
    const calls = inner.calls.length;
    await prefetch.embed(['c', 'a']);
    expect(inner.calls.slice(calls)).toEqual([['a']]);
    expect(prefetch.cached).toBe(2);
  });

  it('keeps a background failure and throws it from the next embed, never unhandled', async () => {
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const failure = new Error('the model crashed');
      const inner = new RecordingEmbedder(undefined, (call) => (call === 0 ? failure : null));
      const prefetch = new PrefetchEmbedder(inner, { batchSize: 2 });
      prefetch.prefetch(['a', 'b', 'c', 'd']);
      await vi.waitFor(() => expect(inner.calls.length).toBe(1));
      await new Promise((r) => setTimeout(r, 20));
      expect(inner.calls).toEqual([['a', 'b']]); // the queue stopped with the failure
      await expect(prefetch.embed(['c'])).rejects.toBe(failure);
      prefetch.prefetch(['e']);
      await new Promise((r) => setTimeout(r, 20));
      expect(inner.calls).toHaveLength(1);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('stops on its signal: the call in flight gets it, queued texts are dropped', async () => {
    const inner = new RecordingEmbedder((call) => call === 0);
    const controller = new AbortController();
    const prefetch = new PrefetchEmbedder(inner, { batchSize: 2, signal: controller.signal });
    prefetch.prefetch(['a', 'b', 'c', 'd']);
    await vi.waitFor(() => expect(inner.calls.length).toBe(1));
    controller.abort(new Error('cancelled'));
    expect(inner.signals[0]?.aborted).toBe(true);
    inner.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(inner.calls).toEqual([['a', 'b']]);
    expect(prefetch.cached).toBe(0);
    prefetch.prefetch(['e']);
    await new Promise((r) => setTimeout(r, 20));
    expect(inner.calls).toHaveLength(1);
    // a stopped prefetch is no failure: asked for, the texts are embedded then
    await expect(prefetch.embed(['a', 'c'])).resolves.toHaveLength(2);
    expect(inner.calls.at(-1)).toEqual(['a', 'c']);
  });

  it('stop() ends the background embedding', async () => {
    const inner = new RecordingEmbedder((call) => call === 0);
    const prefetch = new PrefetchEmbedder(inner, { batchSize: 1 });
    prefetch.prefetch(['a', 'b', 'c']);
    await vi.waitFor(() => expect(inner.calls.length).toBe(1));
    prefetch.stop();
    inner.release();
    await new Promise((r) => setTimeout(r, 20));
    expect(inner.calls).toEqual([['a']]);
  });
});
