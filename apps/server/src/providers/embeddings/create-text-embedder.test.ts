import { describe, expect, it } from 'vitest';
import { createTextEmbedder } from './create-text-embedder';
import { EmbeddedUseLiteEmbedder } from './embedded-use-lite-embedder';
import { FakeTextEmbedder } from './fake-text-embedder';
import { OnnxTextEmbedder } from './onnx-text-embedder';
import { OpenAiCompatibleTextEmbedder } from './openai-compatible-text-embedder';

describe('createTextEmbedder', () => {
  const dataDir = '/tmp/chorus-unused-data-dir';

  it('defaults to the embedded model, q8', () => {
    const embedder = createTextEmbedder({ dataDir });
    expect(embedder).toBeInstanceOf(EmbeddedUseLiteEmbedder);
    expect(embedder.name).toBe('embedded:universal-sentence-encoder-lite:q8');
    expect(createTextEmbedder({ dataDir, dtype: 'fp32' }).name).toBe(
      'embedded:universal-sentence-encoder-lite:fp32',
    );
  });

  it('builds each provider and names the missing variable when misconfigured', () => {
    expect(createTextEmbedder({ dataDir, provider: 'fake' })).toBeInstanceOf(FakeTextEmbedder);
    expect(
      createTextEmbedder({ dataDir, provider: 'onnx', model: 'Xenova/all-MiniLM-L6-v2' }),
    ).toBeInstanceOf(OnnxTextEmbedder);
    expect(() => createTextEmbedder({ dataDir, provider: 'onnx' })).toThrow(/EMBEDDINGS_MODEL/);
    expect(
      createTextEmbedder({
        dataDir,
        provider: 'openai',
        apiUrl: 'http://127.0.0.1:1',
        apiModel: 'nomic-embed-text',
      }),
    ).toBeInstanceOf(OpenAiCompatibleTextEmbedder);
    expect(() =>
      createTextEmbedder({ dataDir, provider: 'openai', apiUrl: 'http://127.0.0.1:1' }),
    ).toThrow(/EMBEDDINGS_API_MODEL/);
  });
});
