import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  EmbeddedUseLiteEmbedder,
  embeddedModelDir,
  prepareEmbeddedModel,
} from './embedded-use-lite-embedder';
import { REFERENCE_TEXTS, readReference } from './use-lite-reference.test-support';
import { ensureConvertedUseLite } from './use-lite/converted-model-cache';
import { cosine } from './vector-math';

const texts = REFERENCE_TEXTS;

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

  it('runs from a folder converted ahead of time (--prepare-model), read-only, for either dtype', async () => {
    const modelDir = path.join(tempDataDir(), 'models');
    const prepared = prepareEmbeddedModel(modelDir);
    expect(prepared.map((p) => [p.dtype, p.converted])).toEqual([
      ['q8', true],
      ['fp32', true],
    ]);
    expect(prepareEmbeddedModel(modelDir).map((p) => p.converted)).toEqual([false, false]);

    // As in the container image: the folder belongs to root and the server cannot write it.
    const writable = (dir: string, mode: number) => {
      chmodSync(dir, mode);
      chmodSync(path.join(dir, 'onnx'), mode);
    };
    writable(modelDir, 0o555);
    try {
      for (const dtype of ['q8', 'fp32'] as const) {
        const dataDir = tempDataDir();
        const converted: number[] = [];
        const embedder = new EmbeddedUseLiteEmbedder({
          dataDir,
          modelDir,
          dtype,
          onConverted: (i) => converted.push(i.ms),
        });
        const [a, b, c] = await embedder.embed(texts.slice(0, 3));
        expect(converted).toEqual([]);
        expect(cosine(a!, b!)).toBeGreaterThan(cosine(a!, c!) + 0.2);
        // nothing converted into DATA_DIR
        expect(readdirSync(dataDir)).toEqual([]);
      }
    } finally {
      writable(modelDir, 0o755);
    }
  });

  describe("parity with the model's reference conversion (its recorded fp32 vectors)", () => {
    const reference = readReference();

    it('fp32: cosine >= 0.999 on 64 varied texts', async () => {
      expect(reference.texts).toEqual(texts);
      expect(texts).toHaveLength(64);
      const embedded = new EmbeddedUseLiteEmbedder({ dataDir: tempDataDir(), dtype: 'fp32' });
      const a = await embedded.embed(texts);
      const cosines = a.map((v, i) => cosine(v, reference.vectors[i]!));
      expect(Math.min(...cosines)).toBeGreaterThanOrEqual(0.999);
    });

    it('q8: close to the reference fp32 model (quantisation error only)', async () => {
      const embedded = new EmbeddedUseLiteEmbedder({ dataDir: tempDataDir(), dtype: 'q8' });
      const a = await embedded.embed(texts);
      const cosines = a.map((v, i) => cosine(v, reference.vectors[i]!));
      expect(Math.min(...cosines)).toBeGreaterThanOrEqual(0.98);
    });

    it('the recorded vectors are unit vectors in which paraphrases are close', () => {
      const v = reference.vectors;
      // paraphrases (quiet audio) are closer than an unrelated text (a pasta recipe)
      expect(cosine(v[0]!, v[1]!)).toBeGreaterThan(cosine(v[0]!, v[2]!) + 0.2);
      for (const x of v) expect(Math.hypot(...x)).toBeCloseTo(1, 2);
    });
  });
});
