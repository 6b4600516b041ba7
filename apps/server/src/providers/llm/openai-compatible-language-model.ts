import type { CompletionRequest, LanguageModel } from '@app/analysis';
import { abortableSleep, abortReason } from '../abortable-sleep';
import { LanguageModelError } from './language-model-error';

export interface OpenAiCompatibleLanguageModelOptions {
  /** Base URL of the server, with or without the trailing `/v1`. */
  baseUrl: string;
  model: string;
  /** Sent as a bearer token when set. Never logged, never put in an error message. */
  apiKey?: string;
  /** Timeout of one attempt in ms (default 30 000). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error (default 2). */
  maxRetries?: number;
  /** Base delay of the exponential backoff in ms (default 500); tests make it small. */
  retryBaseMs?: number;
  /** Longest wait honoured from a Retry-After header, in ms (default 20 000). */
  maxRetryAfterMs?: number;
}

type ResponseFormatMode = 'json_schema' | 'json_object';
interface Compat {
  mode: ResponseFormatMode;
  tokensParam: 'max_tokens' | 'max_completion_tokens';
  temperature: boolean;
}

/** The request shape to try after a 400/422 with this message, or null when nothing is left to adapt. */
function adaptTo(compat: Compat, message: string): Compat | null {
  if (compat.tokensParam === 'max_tokens' && /max_tokens/.test(message)) {
    return { ...compat, tokensParam: 'max_completion_tokens' };
  }
  if (compat.temperature && /temperature/i.test(message)) return { ...compat, temperature: false };
  if (compat.mode === 'json_schema') return { ...compat, mode: 'json_object' };
  return null;
}

interface ChatCompletionReply {
  choices?: { message?: { content?: unknown; refusal?: unknown }; finish_reason?: unknown }[];
  error?: { message?: unknown; type?: unknown; code?: unknown };
}

/** Joins a base URL (with or without `/v1`) and an API path below `/v1`. */
function apiUrl(baseUrl: string, apiPath: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${/\/v1$/.test(base) ? base : `${base}/v1`}/${apiPath}`;
}

/**
 * Parses a model's JSON answer: tolerates a ```json fence and prose around one JSON object.
 * Throws a LanguageModelError of kind `invalid_json` when no JSON can be read.
 */
export function parseModelJson(content: string): unknown {
  const text = content.trim();
  const fenced = /```(?:json|JSON)?\s*\n?([\s\S]*?)```/.exec(text);
  const candidates = [fenced?.[1]?.trim(), text];
  const first = text.indexOf('{');
  const last = text.lastIndexOf('}');
  if (first >= 0 && last > first) candidates.push(text.slice(first, last + 1));
  for (const candidate of candidates) {
    if (!candidate) continue;
    try {
      return JSON.parse(candidate) as unknown;
    } catch {
      // try the next reading
    }
  }
  throw new LanguageModelError(
    'invalid_json',
    `The model did not answer with valid JSON (${text.slice(0, 80)}...)`,
  );
}

class RetryableError extends LanguageModelError {
  constructor(
    kind: 'timeout' | 'http',
    message: string,
    status?: number,
    readonly retryAfterMs?: number,
  ) {
    super(kind, message, status);
  }
}

/**
 * A chat model behind any OpenAI-compatible `/v1/chat/completions` endpoint, asked for JSON that
 * fits a schema (`response_format: json_schema`, falling back to `json_object` for servers that
 * reject it), with a per-attempt timeout and retries with exponential backoff and jitter.
 */
export class OpenAiCompatibleLanguageModel implements LanguageModel {
  readonly name: string;
  private readonly url: string;
  /**
   * What this server accepts, learnt from its 400 replies and kept for later calls: json_schema
   * or only json_object, `max_tokens` or (OpenAI reasoning models) `max_completion_tokens`, and
   * whether it accepts a temperature.
   */
  private compat: Compat = { mode: 'json_schema', tokensParam: 'max_tokens', temperature: true };

  constructor(private readonly options: OpenAiCompatibleLanguageModelOptions) {
    this.url = apiUrl(options.baseUrl, 'chat/completions');
    this.name = `openai:${options.model}`;
  }

  async completeJson(request: CompletionRequest): Promise<unknown> {
    const maxRetries = this.options.maxRetries ?? 2;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.attempt(request);
      } catch (error) {
        if (request.signal?.aborted) throw abortReason(request.signal);
        if (!(error instanceof RetryableError) || attempt >= maxRetries) throw error;
        const base = this.options.retryBaseMs ?? 500;
        const exp = base * 2 ** attempt;
        const delay = error.retryAfterMs ?? Math.round(exp / 2 + Math.random() * (exp / 2));
        await abortableSleep(delay, request.signal);
      }
    }
  }

  /**
   * One attempt. A 400 that names a parameter this server does not support is answered at once
   * by adapting the request (at most once per parameter): `max_tokens` -> `max_completion_tokens`,
   * no temperature, and otherwise json_schema -> json_object.
   */
  private async attempt(request: CompletionRequest): Promise<unknown> {
    for (;;) {
      try {
        return await this.send(request, this.compat);
      } catch (error) {
        if (
          !(error instanceof LanguageModelError) ||
          error.kind !== 'http' ||
          (error.status !== 400 && error.status !== 422)
        ) {
          throw error;
        }
        const next = adaptTo(this.compat, error.message);
        if (!next) throw error;
        this.compat = next;
      }
    }
  }

  private body(request: CompletionRequest, compat: Compat) {
    // json_object mode cannot carry the schema, so it goes into the system prompt instead
    // (OpenAI also requires the word "JSON" in the messages for that mode).
    const system =
      compat.mode === 'json_schema'
        ? request.system
        : `${request.system}\n\nAnswer with one JSON object only, matching this JSON schema:\n${JSON.stringify(request.jsonSchema)}`;
    return {
      model: this.options.model,
      messages: [
        { role: 'system', content: system },
        { role: 'user', content: request.user },
      ],
      response_format:
        compat.mode === 'json_schema'
          ? {
              type: 'json_schema',
              json_schema: { name: request.schemaName, schema: request.jsonSchema, strict: true },
            }
          : { type: 'json_object' },
      ...(compat.temperature ? { temperature: request.temperature ?? 0.2 } : {}),
      [compat.tokensParam]: request.maxTokens ?? 1024,
    };
  }

  private async send(request: CompletionRequest, compat: Compat): Promise<unknown> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutMs);
    const onOuterAbort = () => controller.abort();
    request.signal?.addEventListener('abort', onOuterAbort, { once: true });
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let status: number;
    let retryAfter: string | null;
    let text: string;
    try {
      const response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify(this.body(request, compat)),
        signal: controller.signal,
      });
      status = response.status;
      retryAfter = response.headers.get('retry-after');
      text = await response.text();
    } catch (error) {
      if (request.signal?.aborted) throw abortReason(request.signal);
      if (controller.signal.aborted) {
        throw new RetryableError(
          'timeout',
          `The language model did not answer within ${timeoutMs} ms`,
        );
      }
      throw new RetryableError(
        'http',
        `The language model at ${this.url} could not be reached: ${(error as Error).message}`,
      );
    } finally {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onOuterAbort);
    }

    let reply: ChatCompletionReply | undefined;
    try {
      reply = JSON.parse(text) as ChatCompletionReply;
    } catch {
      reply = undefined;
    }
    if (status < 200 || status >= 300) {
      const detail =
        typeof reply?.error?.message === 'string' ? reply.error.message : text.slice(0, 200);
      const message = `The language model at ${this.url} answered ${status}: ${detail}`;
      if (status === 429 || status >= 500) {
        const seconds = retryAfter !== null ? Number(retryAfter) : NaN;
        const retryAfterMs =
          Number.isFinite(seconds) && seconds >= 0
            ? Math.min(seconds * 1000, this.options.maxRetryAfterMs ?? 20_000)
            : undefined;
        throw new RetryableError('http', message, status, retryAfterMs);
      }
      throw new LanguageModelError('http', message, status);
    }
    const choice = reply?.choices?.[0];
    if (!choice?.message) {
      throw new LanguageModelError(
        'invalid_json',
        `The language model at ${this.url} returned no message`,
      );
    }
    if (typeof choice.message.refusal === 'string' && choice.message.refusal) {
      throw new LanguageModelError(
        'refused',
        `The language model refused: ${choice.message.refusal}`,
      );
    }
    if (choice.finish_reason === 'content_filter') {
      throw new LanguageModelError('refused', 'The language model stopped on its content filter');
    }
    if (typeof choice.message.content !== 'string' || choice.message.content.trim() === '') {
      throw new LanguageModelError(
        'invalid_json',
        `The language model at ${this.url} returned an empty message`,
      );
    }
    return parseModelJson(choice.message.content);
  }
}
