import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { canonicalJson, readReference } from '../use-lite-reference.test-support';
import { sourcePackageDir } from './converted-model-cache';
import { makeTokenizerFiles } from './tokenizer-files';

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

  it("matches the reference conversion's tokenizer files (recorded as SHA-256 of their canonical JSON)", () => {
    const { tokenizerSha256 } = readReference();
    const names = [
      'tokenizer.json',
      'tokenizer_config.json',
      'special_tokens_map.json',
      'config.json',
    ];
    expect(Object.keys(tokenizerSha256).sort()).toEqual([...names].sort());
    for (const name of names) {
      const hash = createHash('sha256')
        .update(canonicalJson(JSON.parse(files[name]!)))
        .digest('hex');
      expect(hash, name).toBe(tokenizerSha256[name]);
    }
  });

  it('rejects something that is not a vocabulary', () => {
    expect(() => makeTokenizerFiles({})).toThrow(/vocab.json/);
  });
});
