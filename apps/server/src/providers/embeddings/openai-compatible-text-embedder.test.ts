import { afterEach, describe, expect, it } from 'vitest';
import { json, startStubServer, type StubHandler } from '../llm/local-stub-server.test-support';
import {
  OpenAiCompatibleTextEmbedder,
  REMOTE_MAX_CHARS,
  openAiUrl,
} from './openai-compatible-text-embedder';
import { EMPTY_TEXT_PLACEHOLDER } from './vector-math';

/** A fake embedding: the text's length and its count of the letter "a", unnormalised. */
const vectorFor = (text: string) => [text.length, (text.match(/a/g) ?? []).length + 1, 0];

/** Answers like OpenAI's /v1/embeddings, but in reversed order to check the index handling. */
const embeddingsReply: StubHandler = (request, res) => {
  const { input, model } = request.body as { input: string[]; model: string };
  const data = input
    .map((text, index) => ({ object: 'embedding', index, embedding: vectorFor(text) }))
    .reverse();
  json(res, 200, { object: 'list', data, model, usage: { prompt_tokens: 1, total_tokens: 1 } });
};

const errorReply =
  (status: number, message: string, headers: Record<string, string> = {}): StubHandler =>
  (_req, res) =>
    json(res, status, { error: { message, type: 'server_error', code: null } }, headers);

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

describe('openAiUrl', () => {
  it('accepts a base URL with or without /v1', () => {
    expect(openAiUrl('http://h:1', 'embeddings')).toBe('http://h:1/v1/embeddings');
    expect(openAiUrl('http://h:1/v1/', 'embeddings')).toBe('http://h:1/v1/embeddings');
  });
});

describe('OpenAiCompatibleTextEmbedder', () => {
  it('batches, sends model/input/bearer key, restores index order and normalises', async () => {
    stub = await startStubServer([embeddingsReply]);
    const embedder = new OpenAiCompatibleTextEmbedder({
      baseUrl: `${stub.url}/v1`,
      model: 'm1',
      apiKey: 'sk-test',
      batchSize: 2,
    });
    const texts = ['aaa', 'b', 'banana', ''];
    const progress: number[] = [];
    const vectors = await embedder.embed(texts, { onProgress: (p) => progress.push(p.done) });
    expect(stub.requests).toHaveLength(2);
    expect(stub.requests[0]!.url).toBe('/v1/embeddings');
    expect(stub.requests[0]!.headers.authorization).toBe('Bearer sk-test');
    expect(stub.requests[0]!.body).toEqual({ model: 'm1', input: ['aaa', 'b'] });
    expect(stub.requests[1]!.body).toEqual({
      model: 'm1',
      input: ['banana', EMPTY_TEXT_PLACEHOLDER],
    });
    expect(progress).toEqual([2, 4]);
    expect(embedder.dimensions).toBe(3);
    texts.forEach((text, i) => {
      const raw = vectorFor(text === '' ? EMPTY_TEXT_PLACEHOLDER : text);
      const norm = Math.hypot(...raw);
      raw.forEach((x, d) => expect(vectors[i]![d]).toBeCloseTo(x / norm, 6));
    });
  });

  it('sends a very long comment cut to its first characters, never inside an emoji', async () => {
    stub = await startStubServer([embeddingsReply]);
    const emoji = '😀'.repeat(REMOTE_MAX_CHARS);
    await new OpenAiCompatibleTextEmbedder({ baseUrl: stub.url, model: 'm' }).embed([
      'x'.repeat(REMOTE_MAX_CHARS + 10),
      'y' + emoji,
    ]);
    const [plain, pairs] = (stub.requests[0]!.body as { input: string[] }).input;
    expect(plain).toBe('x'.repeat(REMOTE_MAX_CHARS));
    // "y" then surrogate pairs: the cut falls after a whole emoji, one short of the limit
    expect(pairs).toBe('y' + '😀'.repeat((REMOTE_MAX_CHARS - 2) / 2));
  });

  it('sends no authorization header without a key', async () => {
    stub = await startStubServer([embeddingsReply]);
    await new OpenAiCompatibleTextEmbedder({ baseUrl: stub.url, model: 'm' }).embed(['x']);
    expect(stub.requests[0]!.url).toBe('/v1/embeddings');
    expect(stub.requests[0]!.headers.authorization).toBeUndefined();
  });

  it('retries 429 and 5xx with backoff, then succeeds', async () => {
    stub = await startStubServer([
      errorReply(429, 'slow down', { 'retry-after': '0' }),
      errorReply(503, 'busy'),
      embeddingsReply,
    ]);
    const embedder = new OpenAiCompatibleTextEmbedder({
      baseUrl: stub.url,
      model: 'm',
      retryBaseMs: 1,
    });
    const vectors = await embedder.embed(['hello']);
    expect(stub.requests).toHaveLength(3);
    expect(vectors).toHaveLength(1);
  });

  it('gives up after maxRetries with the server message', async () => {
    stub = await startStubServer([errorReply(500, 'model crashed')]);
    const embedder = new OpenAiCompatibleTextEmbedder({
      baseUrl: stub.url,
      model: 'm',
      retryBaseMs: 1,
      maxRetries: 2,
    });
    await expect(embedder.embed(['hello'])).rejects.toThrow(/answered 500: model crashed/);
    expect(stub.requests).toHaveLength(3);
  });

  it('does not retry a client error and reports it', async () => {
    stub = await startStubServer([errorReply(401, 'Incorrect API key provided')]);
    const embedder = new OpenAiCompatibleTextEmbedder({
      baseUrl: stub.url,
      model: 'm',
      apiKey: 'sk-secret',
      retryBaseMs: 1,
    });
    const error = (await embedder.embed(['hello']).catch((e: unknown) => e)) as Error;
    expect(error.message).toMatch(/answered 401: Incorrect API key provided/);
    expect(error.message).not.toContain('sk-secret');
    expect(stub.requests).toHaveLength(1);
  });

  it('times out a hanging server and retries', async () => {
    stub = await startStubServer([() => undefined, embeddingsReply]);
    const embedder = new OpenAiCompatibleTextEmbedder({
      baseUrl: stub.url,
      model: 'm',
      timeoutMs: 200,
      retryBaseMs: 1,
    });
    expect(await embedder.embed(['hi'])).toHaveLength(1);
    expect(stub.requests).toHaveLength(2);
  });

  it('rejects a reply with the wrong number of vectors', async () => {
    stub = await startStubServer([
      (_req, res) => json(res, 200, { data: [{ index: 0, embedding: [1, 0] }] }),
    ]);
    const embedder = new OpenAiCompatibleTextEmbedder({ baseUrl: stub.url, model: 'm' });
    await expect(embedder.embed(['a', 'b'])).rejects.toThrow(/returned 1 vectors for 2 texts/);
  });
});
