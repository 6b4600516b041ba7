import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { sourcePackageDir } from './converted-model-cache';
import { makeTokenizerFiles } from './tokenizer-files';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../../..');
const sharedModel = path.resolve(repoRoot, '../shared/models/universal-sentence-encoder-lite');

describe('makeTokenizerFiles', () => {
  const vocab = JSON.parse(
    readFileSync(path.join(sourcePackageDir(), 'vocab.json'), 'utf8'),
  ) as unknown;
  const files = makeTokenizerFiles(vocab);

  it('builds a Unigram tokenizer with reserved private-use ids and no special tokens', () => {
    const tokenizer = JSON.parse(files['tokenizer.json']!) as {
      normalizer: unknown;
      model: { type: string; vocab: [string, number][] };
    };
    expect(tokenizer.normalizer).toEqual({ type: 'NFKC' });
    expect(tokenizer.model.type).toBe('Unigram');
    expect(tokenizer.model.vocab).toHaveLength(8000);
    expect(tokenizer.model.vocab[0]).toEqual(['\ue000<unk>', 0]);
    expect(tokenizer.model.vocab.every(([, score]) => typeof score === 'number')).toBe(true);
  });

  it.skipIf(!existsSync(sharedModel))(
    'matches the reference files of shared/models (make_tokenizer.py)',
    () => {
      for (const name of [
        'tokenizer.json',
        'tokenizer_config.json',
        'special_tokens_map.json',
        'config.json',
      ]) {
        expect(JSON.parse(files[name]!), name).toEqual(
          JSON.parse(readFileSync(path.join(sharedModel, name), 'utf8')),
        );
      }
    },
  );

  it('rejects something that is not a vocabulary', () => {
    expect(() => makeTokenizerFiles({})).toThrow(/vocab.json/);
  });
});
