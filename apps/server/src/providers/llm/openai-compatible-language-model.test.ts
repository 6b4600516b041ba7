import type { CompletionRequest } from '@app/analysis';
import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from './create-language-model';
import { FakeLanguageModel } from './fake-language-model';
import { LanguageModelError } from './language-model-error';
import { json, startStubServer, type StubHandler } from './local-stub-server.test-support';
import { OpenAiCompatibleLanguageModel, parseModelJson } from './openai-compatible-language-model';

const schema = {
  type: 'object',
  properties: { heading: { type: 'string' } },
  required: ['heading'],
  additionalProperties: false,
};
const request: CompletionRequest = {
  system: 'You label clusters of YouTube comments.',
  user: '<comments>\nthe audio is too quiet\n</comments>',
  schemaName: 'cluster_label',
  jsonSchema: schema,
  maxTokens: 200,
  temperature: 0,
};

/** A chat-completions reply in OpenAI's wire format. */
const chat =
  (content: string | null, extra: Record<string, unknown> = {}): StubHandler =>
  (req, res) =>
    json(res, 200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: (req.body as { model: string }).model,
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, ...extra },
          finish_reason: 'stop',
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
    });
const fail =
  (status: number, message: string, headers: Record<string, string> = {}): StubHandler =>
  (_req, res) =>
    json(res, status, { error: { message, type: 'invalid_request_error', code: null } }, headers);

let stub: Awaited<ReturnType<typeof startStubServer>> | undefined;
afterEach(async () => {
  await stub?.close();
  stub = undefined;
});

async function modelFor(
  handlers: StubHandler[],
  extra: Partial<ConstructorParameters<typeof OpenAiCompatibleLanguageModel>[0]> = {},
) {
  stub = await startStubServer(handlers);
  return new OpenAiCompatibleLanguageModel({
    baseUrl: stub.url,
    model: 'gpt-test',
    apiKey: 'sk-secret',
    retryBaseMs: 1,
    ...extra,
  });
}

const catchError = async (p: Promise<unknown>) =>
  (await p.catch((e: unknown) => e)) as LanguageModelError;

describe('OpenAiCompatibleLanguageModel', () => {
  it('asks for schema-shaped JSON and parses the answer', async () => {
    const model = await modelFor([chat('{"heading":"Audio too quiet"}')]);
    expect(await model.completeJson(request)).toEqual({ heading: 'Audio too quiet' });
    const sent = stub!.requests[0]!;
    expect(sent.url).toBe('/v1/chat/completions');
    expect(sent.headers.authorization).toBe('Bearer sk-secret');
    expect(sent.body).toEqual({
      model: 'gpt-test',
      messages: [
        { role: 'system', content: request.system },
        { role: 'user', content: request.user },
      ],
      response_format: {
        type: 'json_schema',
        json_schema: { name: 'cluster_label', schema, strict: true },
      },
      temperature: 0,
      max_tokens: 200,
    });
  });

  it('tolerates a ```json fence', async () => {
    const model = await modelFor([chat('Here it is:\n```json\n{"heading":"Fenced"}\n```')]);
    expect(await model.completeJson(request)).toEqual({ heading: 'Fenced' });
  });

  it('reports invalid JSON without retrying', async () => {
    const model = await modelFor([chat('Sure! The heading is Audio.')]);
    const error = await catchError(model.completeJson(request));
    expect(error).toBeInstanceOf(LanguageModelError);
    expect(error.kind).toBe('invalid_json');
    expect(stub!.requests).toHaveLength(1);
  });

  it('reports a refusal', async () => {
    const model = await modelFor([chat(null, { refusal: 'I cannot help with that.' })]);
    const error = await catchError(model.completeJson(request));
    expect(error.kind).toBe('refused');
  });

  it('retries a 500 and then succeeds', async () => {
    const model = await modelFor([
      fail(500, 'upstream exploded'),
      chat('{"heading":"Second try"}'),
    ]);
    expect(await model.completeJson(request)).toEqual({ heading: 'Second try' });
    expect(stub!.requests).toHaveLength(2);
  });

  it('waits for Retry-After on 429 and then succeeds', async () => {
    const model = await modelFor([
      fail(429, 'Rate limit reached', { 'retry-after': '0.05' }),
      chat('{"heading":"After wait"}'),
    ]);
    expect(await model.completeJson(request)).toEqual({ heading: 'After wait' });
    expect(stub!.requests).toHaveLength(2);
  });

  it('gives up after maxRetries with an http error that never shows the key', async () => {
    const model = await modelFor([fail(503, 'overloaded')], { maxRetries: 2 });
    const error = await catchError(model.completeJson(request));
    expect(error.kind).toBe('http');
    expect(error.status).toBe(503);
    expect(error.message).toMatch(/503: overloaded/);
    expect(error.message).not.toContain('sk-secret');
    expect(stub!.requests).toHaveLength(3);
  });

  it('times out each attempt and retries, then reports a timeout', async () => {
    const model = await modelFor([() => undefined], { timeoutMs: 100, maxRetries: 1 });
    const error = await catchError(model.completeJson(request));
    expect(error.kind).toBe('timeout');
    expect(stub!.requests).toHaveLength(2);
  });

  it('recovers from one timeout', async () => {
    const model = await modelFor([() => undefined, chat('{"heading":"Late"}')], { timeoutMs: 100 });
    expect(await model.completeJson(request)).toEqual({ heading: 'Late' });
  });

  it('falls back to json_object when the server rejects json_schema, and stays there', async () => {
    const model = await modelFor([
      fail(
        400,
        "Invalid parameter: 'response_format' of type 'json_schema' is not supported with this model.",
      ),
      chat('{"heading":"Plain JSON"}'),
      chat('{"heading":"Again"}'),
    ]);
    expect(await model.completeJson(request)).toEqual({ heading: 'Plain JSON' });
    expect(await model.completeJson(request)).toEqual({ heading: 'Again' });
    const bodies = stub!.requests.map(
      (r) => r.body as { response_format: unknown; messages: { content: string }[] },
    );
    expect(bodies[0]!.response_format).toMatchObject({ type: 'json_schema' });
    expect(bodies[1]!.response_format).toEqual({ type: 'json_object' });
    expect(bodies[2]!.response_format).toEqual({ type: 'json_object' });
    // The schema moves into the system prompt, which must mention JSON for json_object mode.
    expect(bodies[1]!.messages[0]!.content).toContain(JSON.stringify(schema));
    expect(bodies[1]!.messages[0]!.content).toMatch(/JSON/);
  });

  it('does not retry other client errors', async () => {
    const model = await modelFor([fail(401, 'Incorrect API key provided')]);
    const first = await catchError(model.completeJson(request));
    // the json_schema -> json_object fallback is tried once on 400 only, never on 401
    expect(first.status).toBe(401);
    expect(stub!.requests).toHaveLength(1);
  });

  it('stops when the caller aborts', async () => {
    const model = await modelFor([() => undefined], { timeoutMs: 10_000 });
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    await expect(model.completeJson({ ...request, signal: controller.signal })).rejects.toThrow(
      /abort/i,
    );
    expect(stub!.requests).toHaveLength(1);
  });

  it('accepts a base URL ending in /v1', async () => {
    stub = await startStubServer([chat('{"heading":"x"}')]);
    const model = new OpenAiCompatibleLanguageModel({ baseUrl: `${stub.url}/v1/`, model: 'm' });
    await model.completeJson(request);
    expect(stub.requests[0]!.url).toBe('/v1/chat/completions');
    expect(stub.requests[0]!.headers.authorization).toBeUndefined();
  });
});

describe('parseModelJson', () => {
  it('reads bare, fenced and embedded JSON', () => {
    expect(parseModelJson('{"a":1}')).toEqual({ a: 1 });
    expect(parseModelJson('```\n{"a":2}\n```')).toEqual({ a: 2 });
    expect(parseModelJson('Result: {"a":3} hope this helps')).toEqual({ a: 3 });
    expect(() => parseModelJson('{"a":')).toThrow(LanguageModelError);
  });
});

describe('createLanguageModel', () => {
  it('returns null without a URL or a model', () => {
    expect(createLanguageModel({})).toBeNull();
    expect(createLanguageModel({ apiUrl: 'http://127.0.0.1:1' })).toBeNull();
    expect(createLanguageModel({ model: 'm' })).toBeNull();
    expect(createLanguageModel({ apiUrl: 'http://127.0.0.1:1', model: 'm' })?.name).toBe(
      'openai:m',
    );
  });
});

describe('FakeLanguageModel', () => {
  it('replays scripted replies, records requests and fails when the script is empty', async () => {
    const fake = new FakeLanguageModel([
      { heading: 'A' },
      new LanguageModelError('timeout', 'slow'),
      (r: CompletionRequest) => ({ echo: r.schemaName }),
    ]);
    expect(await fake.completeJson(request)).toEqual({ heading: 'A' });
    await expect(fake.completeJson(request)).rejects.toMatchObject({ kind: 'timeout' });
    expect(await fake.completeJson(request)).toEqual({ echo: 'cluster_label' });
    await expect(fake.completeJson(request)).rejects.toBeInstanceOf(LanguageModelError);
    expect(fake.requests).toHaveLength(4);
  });
});

describe('OpenAiCompatibleLanguageModel with servers that reject parameters', () => {
  it('switches to max_completion_tokens and drops temperature when told so, then keeps json_schema', async () => {
    const model = await modelFor([
      fail(
        400,
        "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      ),
      fail(
        400,
        "Unsupported value: 'temperature' does not support 0 with this model. Only the default (1) value is supported.",
      ),
      chat('{"heading":"Reasoning model"}'),
    ]);
    expect(await model.completeJson(request)).toEqual({ heading: 'Reasoning model' });
    const last = stub!.requests[2]!.body as Record<string, unknown>;
    expect(last.max_completion_tokens).toBe(200);
    expect(last).not.toHaveProperty('max_tokens');
    expect(last).not.toHaveProperty('temperature');
    expect(last.response_format).toMatchObject({ type: 'json_schema' });
  });

  it('gives up with the http error when nothing is left to adapt', async () => {
    const model = await modelFor([fail(400, 'messages: too long')]);
    const error = await catchError(model.completeJson(request));
    expect(error.status).toBe(400);
    // json_schema, then json_object: two tries, no retries with backoff for a client error
    expect(stub!.requests).toHaveLength(2);
  });
});
