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

/** How an analysis or a relabelling is asked to label: what it tells the model and how long it waits. */
export interface LabellingOptions {
  context?: string;
  /** The video's title and channel name, as at analysis time (names spelt as they spell them). */
  source?: CommentSourceText;
  signal?: AbortSignal;
  /** Deadline for each language-model call. */
  llmTimeoutMs?: number;
}

/** The prompt options of a labelling's options. */
export function promptOptions(options: LabellingOptions): PromptOptions {
  return {
    context: options.context,
    source: options.source,
    signal: options.signal,
    timeoutMs: options.llmTimeoutMs,
  };
}

/** The title and channel, trimmed, each left out when empty; null when neither is known. */
export function sourceFacts(
  source: CommentSourceText | undefined,
): { title?: string; channel?: string } | null {
  const title = source?.title?.trim();
  const channel = source?.channel?.trim();
  if (!title && !channel) return null;
  return { ...(title ? { title } : {}), ...(channel ? { channel } : {}) };
}

/**
 * The prompt's blocks about the video: its title and channel (so the model names people, bands and
 * games as they are spelt there and knows what the video is) and the creator's context, each fenced.
 */
export function videoBlocks(options: Pick<PromptOptions, 'context' | 'source'>): string[] {
  const parts: string[] = [];
  const video = sourceFacts(options.source);
  if (video) parts.push('The video:', fenceData('video', video));
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
