/**
 * Ports the analysis core depends on. The core never does I/O itself: the server and the CLI
 * inject adapters (ONNX, the embedded model, an OpenAI-compatible endpoint, an LLM, fakes).
 */

export interface EmbedProgress {
  done: number;
  total: number;
}

export interface EmbedOptions {
  onProgress?: (progress: EmbedProgress) => void;
  signal?: AbortSignal;
}

/** Turns texts into L2-normalised vectors (one per text, same order). */
export interface TextEmbedder {
  /** A stable identifier such as `onnx:universal-sentence-encoder-lite:q8`. */
  readonly name: string;
  readonly dimensions: number;
  embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]>;
}

export interface CompletionRequest {
  system: string;
  /** The user turn. Untrusted material (comments) must be fenced as data inside it. */
  user: string;
  /** A name for the structured output and its JSON schema; the adapter asks for JSON that fits. */
  schemaName: string;
  jsonSchema: Record<string, unknown>;
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
}

/**
 * A chat model that answers with JSON. Adapters parse the JSON; callers validate it with zod and
 * fall back to the offline result on any failure (timeout, HTTP error, invalid JSON or shape).
 */
export interface LanguageModel {
  readonly name: string;
  completeJson(request: CompletionRequest): Promise<unknown>;
}
