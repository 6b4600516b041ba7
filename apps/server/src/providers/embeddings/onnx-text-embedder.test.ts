import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { LOCAL_MAX_CHARS, OnnxTextEmbedder, isModelPath } from './onnx-text-embedder';
import { ensureConvertedUseLite } from './use-lite/converted-model-cache';
import { cosine } from './vector-math';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
/**
 * A transformers.js model folder: USE-lite converted from its npm package (fp32 and q8), as the
 * embedded default does, in a temporary folder named like the model.
 */
const tempDir = mkdtempSync(path.join(tmpdir(), 'chorus-onnx-'));
const modelDir = path.join(tempDir, 'universal-sentence-encoder-lite');
for (const dtype of ['fp32', 'q8'] as const) ensureConvertedUseLite({ targetDir: modelDir, dtype });
afterAll(() => rmSync(tempDir, { recursive: true, force: true }));

describe('isModelPath', () => {
  it('tells folders from hub ids', () => {
    expect(isModelPath('/abs/folder')).toBe(true);
    expect(isModelPath('./models/x')).toBe(true);
    expect(isModelPath('Xenova/all-MiniLM-L6-v2')).toBe(false);
  });
});

describe('OnnxTextEmbedder on a USE-lite folder', () => {
  const texts = [
    'The audio is way too quiet in this video',
    'I can barely hear the sound, the volume is too low',
    'This pasta recipe looks delicious',
    '',
    '   ',
    '🔥🔥🔥',
  ];

  it('returns one unit vector per text, in order, with progress after each batch', async () => {
    const embedder = new OnnxTextEmbedder({
      model: modelDir,
      dtype: 'fp32',
      batchSize: 4,
      sessions: 1,
    });
    expect(embedder.name).toBe('onnx:universal-sentence-encoder-lite:fp32');
    expect(embedder.dimensions).toBe(512);
    const progress: number[] = [];
    const vectors = await embedder.embed(texts, { onProgress: (p) => progress.push(p.done) });
    expect(vectors).toHaveLength(texts.length);
    expect(progress).toEqual([4, 6]);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    // Paraphrases are closer than an unrelated sentence.
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(
      cosine(vectors[0]!, vectors[2]!) + 0.2,
    );
    // Empty and blank comments get the same placeholder vector rather than crashing.
    expect(cosine(vectors[3]!, vectors[4]!)).toBeCloseTo(1, 5);
  });

  it('embeds a 1 MB comment as its first characters, the same vector as those alone', async () => {
    const embedder = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 4 });
    const head = 'The audio is way too quiet in this video. '.repeat(200);
    const [long, cut] = await embedder.embed([
      head + 'word '.repeat(200_000),
      head.slice(0, LOCAL_MAX_CHARS),
    ]);
    expect(cosine(long!, cut!)).toBeCloseTo(1, 6);
  });

  it('runs batches on side-by-side sessions with the same vectors, in input order', async () => {
    const many = Array.from({ length: 9 }, (_, i) => `${texts[i % 3]} (${i})`);
    const one = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 2, sessions: 1 });
    const two = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 2, sessions: 2 });
    const progress: number[] = [];
    const [a, b] = [
      await one.embed(many),
      await two.embed(many, { onProgress: (p) => progress.push(p.done) }),
    ];
    for (let i = 0; i < many.length; i++) expect(cosine(a[i]!, b[i]!)).toBeGreaterThan(0.99999);
    // every batch reports once, counts only grow, and the last report is the total
    expect(progress).toHaveLength(5);
    expect([...progress].sort((x, y) => x - y)).toEqual(progress);
    expect(progress.at(-1)).toBe(many.length);
  });

  it('gives the same vector for a text alone or inside a batch (fp32)', async () => {
    const embedder = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 64 });
    const [alone] = await embedder.embed([texts[2]!]);
    const batch = await embedder.embed(texts);
    expect(cosine(alone!, batch[2]!)).toBeGreaterThan(0.99999);
  });

  it("uses the model's pooled sentence_embedding output, equal to the pipeline's mean pooling", async () => {
    // the adapter fetches only `sentence_embedding`; transformers.js' own pipeline computes the
    // token-level output and mean-pools it: the vectors must be the same
    const { env, pipeline } = await import('@huggingface/transformers');
    env.allowRemoteModels = false;
    env.localModelPath = path.dirname(modelDir) + path.sep;
    const extractor = await pipeline('feature-extraction', path.basename(modelDir), {
      dtype: 'fp32',
    });
    const sample = texts.slice(0, 3);
    const reference = await extractor(sample, { pooling: 'mean', normalize: true });
    const data = reference.data as Float32Array;
    const embedder = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 3 });
    const vectors = await embedder.embed(sample);
    sample.forEach((_, i) => {
      const expected = data.slice(i * 512, (i + 1) * 512);
      expect(cosine(vectors[i]!, expected)).toBeGreaterThan(0.99999);
    });
  });

  it('loads the quantised model and agrees with fp32', async () => {
    const q8 = new OnnxTextEmbedder({ model: modelDir, dtype: 'q8' });
    const fp32 = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32' });
    const [a, b] = await Promise.all([q8.embed(texts.slice(0, 3)), fp32.embed(texts.slice(0, 3))]);
    for (let i = 0; i < 3; i++) expect(cosine(a[i]!, b[i]!)).toBeGreaterThan(0.98);
  });

  it('stops at the next batch when the signal is aborted', async () => {
    const embedder = new OnnxTextEmbedder({ model: modelDir, dtype: 'fp32', batchSize: 2 });
    const controller = new AbortController();
    const run = embedder.embed(texts, {
      signal: controller.signal,
      onProgress: (p) => {
        if (p.done === 2) controller.abort();
      },
    });
    await expect(run).rejects.toThrow(/abort/i);
  });

  it('reports a folder without a model clearly and never goes to a hub', async () => {
    const embedder = new OnnxTextEmbedder({ model: path.join(repoRoot, 'no-such-model-folder') });
    await expect(embedder.embed(['hello'])).rejects.toThrow(/no config.json/);
  });
});
