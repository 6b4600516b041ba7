import path from 'node:path';
import type { TextEmbedder } from '@app/analysis';
import { EmbeddedUseLiteEmbedder } from './embedded-use-lite-embedder';
import { FakeTextEmbedder } from './fake-text-embedder';
import { OnnxTextEmbedder, type EmbeddingDtype } from './onnx-text-embedder';
import { OpenAiCompatibleTextEmbedder } from './openai-compatible-text-embedder';

export type EmbeddingsProvider = 'embedded' | 'onnx' | 'openai' | 'fake';

export interface CreateTextEmbedderOptions {
  /** EMBEDDINGS_PROVIDER (default `embedded`). */
  provider?: EmbeddingsProvider;
  /** EMBEDDINGS_MODEL: for `onnx`, a model folder path or a hub id. */
  model?: string;
  /** EMBEDDINGS_DTYPE (`q8` default, or `fp32`) for `embedded` and `onnx`. */
  dtype?: EmbeddingDtype;
  /** EMBEDDINGS_API_URL, EMBEDDINGS_API_KEY, EMBEDDINGS_API_MODEL for `openai`. */
  apiUrl?: string;
  apiKey?: string;
  apiModel?: string;
  /** DATA_DIR: the embedded model is converted into DATA_DIR/models, hub downloads cached there. */
  dataDir: string;
  /** EMBEDDED_MODEL_DIR: the embedded model's folder instead of DATA_DIR/models/use-lite-embedded. */
  embeddedModelDir?: string | undefined;
  batchSize?: number;
  /** EMBEDDINGS_SESSIONS for `embedded` and `onnx` (default 1; see OnnxTextEmbedderOptions.sessions). */
  sessions?: number;
  /** EMBEDDINGS_THREADS for `embedded` and `onnx` (default 1; see OnnxTextEmbedderOptions.threads). */
  threads?: number;
}

/**
 * Builds the configured embedder. Throws with a message naming the missing variable when the
 * configuration is incomplete, so a misconfigured server fails at start, not at first analysis.
 */
export function createTextEmbedder(options: CreateTextEmbedderOptions): TextEmbedder {
  const provider = options.provider ?? 'embedded';
  const batch = {
    ...(options.batchSize ? { batchSize: options.batchSize } : {}),
    ...(options.sessions ? { sessions: options.sessions } : {}),
    ...(options.threads !== undefined ? { threads: options.threads } : {}),
  };
  switch (provider) {
    case 'embedded':
      return new EmbeddedUseLiteEmbedder({
        dataDir: options.dataDir,
        ...(options.embeddedModelDir ? { modelDir: options.embeddedModelDir } : {}),
        dtype: options.dtype ?? 'q8',
        ...batch,
      });
    case 'onnx':
      if (!options.model)
        throw new Error(
          'EMBEDDINGS_PROVIDER=onnx needs EMBEDDINGS_MODEL (a model folder or a hub id)',
        );
      return new OnnxTextEmbedder({
        model: options.model,
        dtype: options.dtype ?? 'q8',
        cacheDir: path.join(path.resolve(options.dataDir), 'models', 'hub'),
        ...batch,
      });
    case 'openai':
      if (!options.apiUrl || !options.apiModel) {
        throw new Error(
          'EMBEDDINGS_PROVIDER=openai needs EMBEDDINGS_API_URL and EMBEDDINGS_API_MODEL',
        );
      }
      return new OpenAiCompatibleTextEmbedder({
        baseUrl: options.apiUrl,
        model: options.apiModel,
        ...(options.apiKey ? { apiKey: options.apiKey } : {}),
        ...batch,
      });
    case 'fake':
      return new FakeTextEmbedder(batch);
    default:
      throw new Error(
        `Unknown EMBEDDINGS_PROVIDER ${String(provider)} (expected embedded, onnx, openai or fake)`,
      );
  }
}
