/**
 * Records the reference values the embedding tests compare the embedded model with:
 *
 *   npx tsx scripts/make-use-lite-reference.ts PATH/TO/universal-sentence-encoder-lite
 *
 * PATH is a transformers.js folder of Universal Sentence Encoder lite made by the model's reference
 * conversion (config.json, tokenizer files, onnx/model.onnx). Writes
 * apps/server/src/providers/embeddings/testdata/use-lite-reference.json: the SHA-256 of each tokenizer
 * file's canonical JSON and the fp32 vectors of the tests' reference texts (int8, a scale each).
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createHash } from 'node:crypto';
import { OnnxTextEmbedder } from '../apps/server/src/providers/embeddings/onnx-text-embedder';
import { cosine } from '../apps/server/src/providers/embeddings/vector-math';
import {
  REFERENCE_TEXTS,
  canonicalJson,
  packVectors,
  readReference,
  referenceFile,
  type UseLiteReference,
} from '../apps/server/src/providers/embeddings/use-lite-reference.test-support';

const folder = process.argv[2];
if (!folder || !existsSync(path.join(folder, 'onnx/model.onnx'))) {
  console.error(
    'usage: npx tsx scripts/make-use-lite-reference.ts MODEL_FOLDER (with onnx/model.onnx)',
  );
  process.exit(2);
}
const tokenizerSha256: Record<string, string> = {};
for (const name of [
  'tokenizer.json',
  'tokenizer_config.json',
  'special_tokens_map.json',
  'config.json',
]) {
  const value = JSON.parse(readFileSync(path.join(folder, name), 'utf8')) as unknown;
  tokenizerSha256[name] = createHash('sha256').update(canonicalJson(value)).digest('hex');
}
const embedder = new OnnxTextEmbedder({ model: path.resolve(folder), dtype: 'fp32', sessions: 1 });
const vectors = await embedder.embed(REFERENCE_TEXTS);
const reference: UseLiteReference = {
  tokenizerSha256,
  texts: [...REFERENCE_TEXTS],
  ...packVectors(vectors),
};
mkdirSync(path.dirname(referenceFile), { recursive: true });
writeFileSync(referenceFile, `${JSON.stringify(reference, null, 2)}\n`);
// the packed vectors must stand for the originals
const packed = readReference().vectors;
const worst = Math.min(...vectors.map((v, i) => cosine(v, packed[i]!)));
console.log(
  `wrote ${path.relative(process.cwd(), referenceFile)} (worst cosine after packing ${worst.toFixed(6)})`,
);
