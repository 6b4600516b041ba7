import type { EmbedOptions, TextEmbedder } from '@app/analysis';
import { abortableSleep } from '../abortable-sleep';
import { l2NormalizeInPlace, throwIfAborted, embeddableTexts } from './vector-math';

export interface OpenAiCompatibleTextEmbedderOptions {
  /** Base URL of the server, with or without the trailing `/v1` (e.g. http://127.0.0.1:11434). */
  baseUrl: string;
  /** The `model` field sent with every request. */
  model: string;
  /** Sent as a bearer token when set. Never logged. */
  apiKey?: string;
  /** Texts per request (default 64). */
  batchSize?: number;
  /** Per-request timeout in ms (default 30 000). */
  timeoutMs?: number;
  /** Retries after a 429, a 5xx, a timeout or a network error (default 3). */
  maxRetries?: number;
  /** Known vector length; otherwise learnt from the first reply. */
  dimensions?: number;
  /** Base delay of the exponential backoff in ms (default 500); tests make it small. */
  retryBaseMs?: number;
}

/** A failed embeddings call, with the HTTP status when there was one. */
export class EmbeddingApiError extends Error {
  constructor(
    message: string,
    readonly status?: number,
    readonly retryable = false,
  ) {
    super(message);
    this.name = 'EmbeddingApiError';
  }
}

interface EmbeddingsReply {
  data?: { embedding?: unknown; index?: unknown }[];
  error?: { message?: string; type?: string; code?: string | number | null };
}

/** Joins a base URL (with or without `/v1`) and an API path below `/v1`. */
export function openAiUrl(baseUrl: string, apiPath: string): string {
  const base = baseUrl.replace(/\/+$/, '');
  return `${/\/v1$/.test(base) ? base : `${base}/v1`}/${apiPath}`;
}

/**
 * Characters of a text sent to an embeddings endpoint: about 4,000 tokens, inside every common
 * model's limit (OpenAI's 8,191, TEI's and Ollama's defaults 512-8,192 are cut by the server), so a
 * 1 MB comment does not fail the whole request.
 */
export const REMOTE_MAX_CHARS = 16_384;

/** Delay before retry `attempt` (1-based): the server's Retry-After if given, else exponential with jitter. */
export function backoffMs(attempt: number, baseMs: number, retryAfter: string | null): number {
  const seconds = retryAfter !== null ? Number(retryAfter) : NaN;
  if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, 60_000);
  const exp = baseMs * 2 ** (attempt - 1);
  return Math.round(exp / 2 + Math.random() * (exp / 2));
}

/**
 * Embeddings from any OpenAI-compatible `/v1/embeddings` endpoint (OpenAI, Ollama,
 * text-embeddings-inference...), in batches, with retries on 429/5xx and re-normalised vectors.
 */
export class OpenAiCompatibleTextEmbedder implements TextEmbedder {
  readonly name: string;
  private dims: number;
  private readonly url: string;

  constructor(private readonly options: OpenAiCompatibleTextEmbedderOptions) {
    this.url = openAiUrl(options.baseUrl, 'embeddings');
    this.name = `openai:${options.model}`;
    this.dims = options.dimensions ?? 0;
  }

  /** Vector length: from the options, or learnt from the first reply. */
  get dimensions(): number {
    return this.dims;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    const batchSize = Math.max(1, this.options.batchSize ?? 64);
    const inputs = embeddableTexts(texts, REMOTE_MAX_CHARS);
    const out: Float32Array[] = [];
    for (let start = 0; start < inputs.length; start += batchSize) {
      throwIfAborted(options.signal);
      const batch = inputs.slice(start, start + batchSize);
      out.push(...(await this.requestWithRetries(batch, options.signal)));
      options.onProgress?.({ done: out.length, total: inputs.length });
    }
    return out;
  }

  private async requestWithRetries(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const maxRetries = this.options.maxRetries ?? 3;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.request(batch, signal);
      } catch (error) {
        throwIfAborted(signal);
        const retryable = error instanceof EmbeddingApiError && error.retryable;
        if (!retryable || attempt >= maxRetries) throw error;
        const retryAfter = error instanceof RetryableHttpError ? error.retryAfter : null;
        await abortableSleep(
          backoffMs(attempt + 1, this.options.retryBaseMs ?? 500, retryAfter),
          signal,
          'Aborted',
        );
      }
    }
  }

  private async request(batch: string[], signal?: AbortSignal): Promise<Float32Array[]> {
    const timeoutMs = this.options.timeoutMs ?? 30_000;
    const timeout = AbortSignal.timeout(timeoutMs);
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`;
    let response: Response;
    try {
      response = await fetch(this.url, {
        method: 'POST',
        headers,
        body: JSON.stringify({ model: this.options.model, input: batch }),
        signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
      });
    } catch (error) {
      throwIfAborted(signal);
      const reason = timeout.aborted ? `timed out after ${timeoutMs} ms` : (error as Error).message;
      throw new EmbeddingApiError(
        `Embeddings request to ${this.url} failed: ${reason}`,
        undefined,
        true,
      );
    }
    const body = await response.text();
    let parsed: EmbeddingsReply | undefined;
    try {
      parsed = JSON.parse(body) as EmbeddingsReply;
    } catch {
      parsed = undefined;
    }
    if (!response.ok) {
      const detail = parsed?.error?.message ?? body.slice(0, 200);
      const message = `Embeddings endpoint ${this.url} answered ${response.status}: ${detail}`;
      if (response.status === 429 || response.status >= 500) {
        throw new RetryableHttpError(message, response.status, response.headers.get('retry-after'));
      }
      throw new EmbeddingApiError(message, response.status);
    }
    const data = parsed?.data;
    if (!Array.isArray(data) || data.length !== batch.length) {
      throw new EmbeddingApiError(
        `Embeddings endpoint ${this.url} returned ${Array.isArray(data) ? data.length : 'no'} vectors for ${batch.length} texts`,
      );
    }
    const vectors: Float32Array[] = new Array<Float32Array>(batch.length);
    data.forEach((item, position) => {
      // Servers may reorder results; `index` says which input each vector belongs to.
      const index = typeof item.index === 'number' ? item.index : position;
      if (!Array.isArray(item.embedding) || index < 0 || index >= batch.length) {
        throw new EmbeddingApiError(
          `Embeddings endpoint ${this.url} returned a malformed item at position ${position}`,
        );
      }
      vectors[index] = l2NormalizeInPlace(Float32Array.from(item.embedding as number[]));
    });
    for (let i = 0; i < batch.length; i++) {
      if (!vectors[i])
        throw new EmbeddingApiError(
          `Embeddings endpoint ${this.url} returned no vector for input ${i}`,
        );
    }
    const dims = vectors[0]!.length;
    if (vectors.some((v) => v.length !== dims) || (this.dims && dims !== this.dims)) {
      throw new EmbeddingApiError(
        `Embeddings endpoint ${this.url} returned vectors of inconsistent length`,
      );
    }
    this.dims = dims;
    return vectors;
  }
}

class RetryableHttpError extends EmbeddingApiError {
  constructor(
    message: string,
    status: number,
    readonly retryAfter: string | null,
  ) {
    super(message, status, true);
  }
}
