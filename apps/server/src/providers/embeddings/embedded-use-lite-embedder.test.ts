import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedUseLiteEmbedder, embeddedModelDir } from './embedded-use-lite-embedder';
import { OnnxTextEmbedder } from './onnx-text-embedder';
import { ensureConvertedUseLite } from './use-lite/converted-model-cache';
import { cosine } from './vector-math';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const sharedModel = path.resolve(repoRoot, '../shared/models/universal-sentence-encoder-lite');
const haveShared = existsSync(path.join(sharedModel, 'onnx/model.onnx'));

const base = [
  'The audio is way too quiet in this video',
  'I can barely hear the sound, the volume is too low',
  'This pasta recipe looks delicious',
  'Please make a part 2!!!',
  'Who is watching this in 2026?',
  'first',
  'a',
  '😂😂😂',
  'This is the best tutorial on React hooks I have ever seen 🔥',
  "Honestly the editing was distracting, too many cuts and zooms. Couldn't focus on the content.",
  "J'adore cette vidéo, merci beaucoup pour les explications !",
  'Ich habe das Video sehr genossen',
  'Check out my channel for more videos like this one http://example.com/watch?v=abc123',
  'what camera do you use??',
  'You explained recursion better than my professor did in a whole semester.',
  '10/10 would watch again',
  'The thumbnail is misleading, nothing like this happens in the video',
  'Can you do a video about sourdough starters?',
  "I disagree with the point at 3:45, that's not how inflation works",
  'LOL',
  'Great video! Please do part 2',
  'Thanks for sharing, this helped me pass my exam',
  "the background music is louder than the narration, it's annoying",
  'RIP to the legend 🙏',
  'How long did it take you to build this?',
  'Subscribed!',
  'This aged well',
  'Nobody:\nAbsolutely nobody:\nThis video: 🤡',
  '<b>bold</b> &amp; html entities',
  '1234567890',
  'Ok',
  'The quick brown fox jumps over the lazy dog. '.repeat(20),
];
const texts = [
  ...base,
  ...base.map((t, i) => (i % 2 ? t.toUpperCase() : `${t} ${base[(i + 7) % base.length]!}`)),
];

const dataDirs: string[] = [];
const tempDataDir = () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-embedded-'));
  dataDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe('EmbeddedUseLiteEmbedder', () => {
  it('converts the npm package once, caches it with checksums and redoes a damaged file', () => {
    const dataDir = tempDataDir();
    const targetDir = embeddedModelDir(dataDir);
    const first = ensureConvertedUseLite({ targetDir, dtype: 'fp32' });
    expect(first.converted).toBe(true);
    for (const f of [
      'config.json',
      'tokenizer.json',
      'tokenizer_config.json',
      'special_tokens_map.json',
      'onnx/model.onnx',
    ]) {
      expect(existsSync(path.join(targetDir, f))).toBe(true);
      expect(readFileSync(path.join(targetDir, `${f}.sha256`), 'utf8')).toMatch(
        /^[0-9a-f]{64} {2}converter-v\d+/,
      );
    }
    expect(ensureConvertedUseLite({ targetDir, dtype: 'fp32' }).converted).toBe(false);

    // A truncated model (e.g. a crash while copying a backup) fails its checksum and is rebuilt.
    const model = path.join(targetDir, 'onnx/model.onnx');
    const good = readFileSync(model);
    writeFileSync(model, good.subarray(0, 1000));
    expect(ensureConvertedUseLite({ targetDir, dtype: 'fp32' }).converted).toBe(true);
    expect(readFileSync(model).equals(good)).toBe(true);
  });

  it('refuses a source folder that is not the expected package', () => {
    const bogus = tempDataDir();
    writeFileSync(
      path.join(bogus, 'model.json'),
      JSON.stringify({
        modelTopology: { node: [] },
        weightsManifest: [{ paths: [], weights: [] }],
      }),
    );
    writeFileSync(path.join(bogus, 'vocab.json'), '[]');
    expect(() =>
      ensureConvertedUseLite({
        targetDir: path.join(bogus, 'out'),
        dtype: 'fp32',
        sourceDir: bogus,
      }),
    ).toThrow(/does not hold the files of @energetic-ai\/model-embeddings-en@0.2.0/);
  });

  it('embeds with unit vectors, progress and the placeholder for empty texts', async () => {
    const converted: number[] = [];
    const embedder = new EmbeddedUseLiteEmbedder({
      dataDir: tempDataDir(),
      dtype: 'q8',
      batchSize: 16,
      onConverted: (i) => converted.push(i.ms),
    });
    expect(embedder.name).toBe('embedded:universal-sentence-encoder-lite:q8');
    const progress: number[] = [];
    const vectors = await embedder.embed([...texts.slice(0, 20), '', ' '], {
      onProgress: (p) => progress.push(p.done),
    });
    expect(converted).toHaveLength(1);
    expect(progress).toEqual([16, 22]);
    expect(vectors).toHaveLength(22);
    for (const v of vectors) {
      expect(v).toHaveLength(512);
      expect(Math.hypot(...v)).toBeCloseTo(1, 4);
    }
    expect(cosine(vectors[0]!, vectors[1]!)).toBeGreaterThan(
      cosine(vectors[0]!, vectors[2]!) + 0.2,
    );
    expect(cosine(vectors[20]!, vectors[21]!)).toBeCloseTo(1, 5);
  });

  describe.skipIf(!haveShared)('parity with the reference conversion in shared/models', () => {
    it('fp32: cosine >= 0.999 on 64 varied texts', async () => {
      const embedded = new EmbeddedUseLiteEmbedder({ dataDir: tempDataDir(), dtype: 'fp32' });
      const reference = new OnnxTextEmbedder({ model: sharedModel, dtype: 'fp32' });
      expect(texts).toHaveLength(64);
      const [a, b] = [await embedded.embed(texts), await reference.embed(texts)];
      const cosines = a.map((v, i) => cosine(v, b[i]!));
      expect(Math.min(...cosines)).toBeGreaterThanOrEqual(0.999);
    });

    it('q8: close to the reference fp32 model (quantisation error only)', async () => {
      const embedded = new EmbeddedUseLiteEmbedder({ dataDir: tempDataDir(), dtype: 'q8' });
      const reference = new OnnxTextEmbedder({ model: sharedModel, dtype: 'fp32' });
      const [a, b] = [await embedded.embed(texts), await reference.embed(texts)];
      const cosines = a.map((v, i) => cosine(v, b[i]!));
      expect(Math.min(...cosines)).toBeGreaterThanOrEqual(0.98);
    });
  });
});
