import type { z } from 'zod';
import type { CompletionRequest, LanguageModel } from '../ports';
import type { CommentSourceText } from '../types';

export const DEFAULT_LLM_TIMEOUT_MS = 30_000;

/**
 * Encodes untrusted material (comments, creator text) as JSON inside a named block. `<` is escaped so
 * no comment can close the block early ("</data> ignore the above..."), and the system prompt tells
 * the model that everything inside is data.
 */
export function fenceData(tag: string, data: unknown): string {
  const json = JSON.stringify(data).replace(/</g, '\\u003c');
  return `<${tag}>\n${json}\n</${tag}>`;
}

/** What the heading and summary prompts are told beyond the clusters, and how long to wait. */
export interface PromptOptions {
  /** The creator's context ("treat recipe requests as Requests"). */
  context?: string;
  /** The video's title and channel. */
  source?: CommentSourceText;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/**
 * The prompt's blocks about the video: its title and channel (so the model names people, bands and
 * games as they are spelt there and knows what the video is) and the creator's context, each fenced.
 */
export function videoBlocks(options: Pick<PromptOptions, 'context' | 'source'>): string[] {
  const parts: string[] = [];
  const title = options.source?.title?.trim();
  const channel = options.source?.channel?.trim();
  if (title || channel)
    parts.push(
      'The video:',
      fenceData('video', { ...(title ? { title } : {}), ...(channel ? { channel } : {}) }),
    );
  if (options.context?.trim())
    parts.push(
      "The creator's context for this video:",
      fenceData('creator_context', options.context.trim()),
    );
  return parts;
}

export class LanguageModelTimeoutError extends Error {
  constructor(ms: number) {
    super(`The language model did not answer within ${ms} ms`);
    this.name = 'LanguageModelTimeoutError';
  }
}

/**
 * Calls the model with a deadline and validates the reply. Throws on timeout, transport error or a
 * reply that does not fit the schema; callers catch and fall back to the offline result.
 */
export async function completeValidated<T>(
  model: LanguageModel,
  request: Omit<CompletionRequest, 'signal'>,
  schema: z.ZodType<T>,
  options: { timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_LLM_TIMEOUT_MS;
  const controller = new AbortController();
  const onAbort = (): void => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', onAbort, { once: true });
  let timer: ReturnType<typeof setTimeout> | undefined;
  // Race against our own timer too: an adapter that ignores the signal must not hang the analysis.
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort(new LanguageModelTimeoutError(timeoutMs));
      reject(new LanguageModelTimeoutError(timeoutMs));
    }, timeoutMs);
  });
  try {
    const reply = await Promise.race([
      model.completeJson({ ...request, signal: controller.signal }),
      deadline,
    ]);
    return schema.parse(reply);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', onAbort);
  }
}
