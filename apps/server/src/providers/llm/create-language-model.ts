import type { LanguageModel } from '@app/analysis';
import { OpenAiCompatibleLanguageModel } from './openai-compatible-language-model';

export interface CreateLanguageModelOptions {
  /** LLM_API_URL: base URL of an OpenAI-compatible server (with or without /v1). */
  apiUrl?: string;
  /** LLM_API_KEY: bearer token, optional (local servers often need none). */
  apiKey?: string;
  /** LLM_MODEL */
  model?: string;
  /** LLM_TIMEOUT_MS: timeout per attempt. */
  timeoutMs?: number;
  /** LLM_MAX_RETRIES */
  maxRetries?: number;
}

/**
 * Builds the configured language model, or returns null when none is configured (no URL or no
 * model name): the analysis then runs fully offline.
 */
export function createLanguageModel(options: CreateLanguageModelOptions): LanguageModel | null {
  const apiUrl = options.apiUrl?.trim();
  const model = options.model?.trim();
  if (!apiUrl || !model) return null;
  return new OpenAiCompatibleLanguageModel({
    baseUrl: apiUrl,
    model,
    ...(options.apiKey ? { apiKey: options.apiKey } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
    ...(options.maxRetries !== undefined ? { maxRetries: options.maxRetries } : {}),
  });
}
