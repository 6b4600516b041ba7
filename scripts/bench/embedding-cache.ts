/**
 * Disk cache of sentence embeddings for benchmarks (never used by the product).
 *
 * Embedding the 42k benchmark texts with USE-lite takes minutes on 2 shared cores, so every
 * benchmark stores them once in `.cache/embeddings/<dataset>-<model>-<dtype>.f32` (raw
 * little-endian float32, row-major) next to a `.json` with the sha256 of the texts, their count
 * and the dimension. A cache whose sha does not match the texts is recomputed.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCsv } from '@app/analysis';

export { parseCsv };

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const sharedRoot = path.resolve(repoRoot, '../shared');
export const benchmarkDir = path.join(sharedRoot, 'datasets/short_text_clustering_benchmark');

export interface LabelledDataset {
  name: string;
  texts: string[];
  labels: number[];
}

/** Loads `<name>.csv` (columns label,text) from the shared short-text clustering benchmark. */
export function loadLabelledDataset(name: string, dir = benchmarkDir): LabelledDataset {
  const rows = parseCsv(readFileSync(path.join(dir, `${name}.csv`), 'utf8'));
  const header = rows[0] ?? [];
  const li = header.indexOf('label');
  const ti = header.indexOf('text');
  const texts: string[] = [];
  const labels: number[] = [];
  for (const r of rows.slice(1)) {
    if (r.length < 2) continue;
    labels.push(Number(r[li]));
    texts.push(r[ti] ?? '');
  }
  return { name, texts, labels };
}

export interface EmbeddingCacheOptions {
  model?: string;
  dtype?: 'q8' | 'fp32';
  batchSize?: number;
  modelsDir?: string;
  cacheDir?: string;
  onProgress?: (done: number, total: number) => void;
}

function textsSha(texts: readonly string[]): string {
  const h = createHash('sha256');
  for (const t of texts) h.update(t).update('\u0000');
  return h.digest('hex');
}

type Extractor = (
  texts: string[],
  options: { pooling: 'mean'; normalize: boolean },
) => Promise<{ data: Float32Array; dims: number[] }>;

const extractors = new Map<string, Promise<Extractor>>();

async function getExtractor(
  model: string,
  dtype: 'q8' | 'fp32',
  modelsDir: string,
): Promise<Extractor> {
  const key = `${modelsDir}|${model}|${dtype}`;
  let p = extractors.get(key);
  if (!p) {
    p = (async () => {
      const tf = await import('@huggingface/transformers');
      tf.env.allowRemoteModels = false;
      tf.env.localModelPath = modelsDir;
      const pipe = await tf.pipeline('feature-extraction', model, { dtype });
      return pipe;
    })();
    extractors.set(key, p);
  }
  return p;
}

/** Embeds texts with the local ONNX model (no cache). Returns L2-normalised vectors. */
export async function embedTexts(
  texts: readonly string[],
  options: EmbeddingCacheOptions = {},
): Promise<Float32Array[]> {
  const model = options.model ?? 'universal-sentence-encoder-lite';
  const dtype = options.dtype ?? 'q8';
  const batch = options.batchSize ?? 96;
  const extractor = await getExtractor(
    model,
    dtype,
    options.modelsDir ?? path.join(sharedRoot, 'models'),
  );
  const out: Float32Array[] = [];
  for (let i = 0; i < texts.length; i += batch) {
    // The tokenizer rejects empty strings awkwardly; a single space embeds as "nothing".
    const chunk = texts.slice(i, i + batch).map((t) => (t.trim() === '' ? ' ' : t));
    const res = await extractor(chunk, { pooling: 'mean', normalize: true });
    const dim = res.dims[1] ?? 0;
    for (let j = 0; j < chunk.length; j++) out.push(res.data.slice(j * dim, (j + 1) * dim));
    options.onProgress?.(Math.min(i + batch, texts.length), texts.length);
  }
  return out;
}

/**
 * Returns embeddings for `texts`, reading `.cache/embeddings/<key>-<model>-<dtype>.f32` when its
 * recorded sha matches the texts, else computing and writing it.
 */
export async function cachedEmbeddings(
  key: string,
  texts: readonly string[],
  options: EmbeddingCacheOptions = {},
): Promise<Float32Array[]> {
  const model = options.model ?? 'universal-sentence-encoder-lite';
  const dtype = options.dtype ?? 'q8';
  const dir = options.cacheDir ?? path.join(repoRoot, '.cache/embeddings');
  const base = path.join(dir, `${key}-${path.basename(model)}-${dtype}`);
  const sha = textsSha(texts);
  if (existsSync(`${base}.json`) && existsSync(`${base}.f32`)) {
    const meta = JSON.parse(readFileSync(`${base}.json`, 'utf8')) as {
      sha: string;
      n: number;
      dim: number;
    };
    if (meta.sha === sha && meta.n === texts.length) {
      const buf = readFileSync(`${base}.f32`);
      const all = new Float32Array(buf.buffer, buf.byteOffset, buf.byteLength / 4);
      const out: Float32Array[] = [];
      for (let i = 0; i < meta.n; i++) out.push(all.slice(i * meta.dim, (i + 1) * meta.dim));
      return out;
    }
  }
  const vectors = await embedTexts(texts, options);
  const dim = vectors[0]?.length ?? 0;
  const all = new Float32Array(vectors.length * dim);
  vectors.forEach((v, i) => all.set(v, i * dim));
  mkdirSync(dir, { recursive: true });
  writeFileSync(`${base}.f32.tmp`, Buffer.from(all.buffer));
  renameSync(`${base}.f32.tmp`, `${base}.f32`);
  writeFileSync(`${base}.json`, JSON.stringify({ sha, n: vectors.length, dim, model, dtype }));
  return vectors;
}

// `npx tsx scripts/bench/embedding-cache.ts [dataset...]` precomputes the caches.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const names = process.argv.slice(2);
  const list = names.length > 0 ? names : ['tweet', 'agnews', 'searchsnippets', 'stackoverflow'];
  for (const name of list) {
    const ds = loadLabelledDataset(name);
    const t0 = Date.now();
    let last = 0;
    await cachedEmbeddings(name, ds.texts, {
      onProgress: (d, t) => {
        if (d - last >= 2000 || d === t) {
          last = d;
          console.log(`${name}: ${d}/${t} (${((Date.now() - t0) / 1000).toFixed(1)} s)`);
        }
      },
    });
    console.log(
      `${name}: ready (${ds.texts.length} texts, ${((Date.now() - t0) / 1000).toFixed(1)} s)`,
    );
  }
}
