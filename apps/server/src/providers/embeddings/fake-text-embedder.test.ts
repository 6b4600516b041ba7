import { describe, expect, it } from 'vitest';
import { FakeTextEmbedder } from './fake-text-embedder';
import { cosine } from './vector-math';

describe('FakeTextEmbedder', () => {
  it('is deterministic, normalised and puts texts sharing words closer', async () => {
    const embedder = new FakeTextEmbedder({ dimensions: 128, batchSize: 2 });
    const texts = [
      'the audio is too quiet',
      'audio too quiet please fix',
      'great pasta recipe',
      '',
    ];
    const progress: number[] = [];
    const a = await embedder.embed(texts, { onProgress: (p) => progress.push(p.done) });
    const b = await new FakeTextEmbedder({ dimensions: 128 }).embed(texts);
    expect(progress).toEqual([2, 4]);
    expect(a.map((v) => Array.from(v))).toEqual(b.map((v) => Array.from(v)));
    for (const v of a) expect(Math.hypot(...v)).toBeCloseTo(1, 5);
    expect(cosine(a[0]!, a[1]!)).toBeGreaterThan(cosine(a[0]!, a[2]!) + 0.3);
    expect(embedder.calls).toEqual([texts]);
  });

  it('honours an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      new FakeTextEmbedder().embed(['x'], { signal: controller.signal }),
    ).rejects.toThrow(/abort/i);
  });
});
