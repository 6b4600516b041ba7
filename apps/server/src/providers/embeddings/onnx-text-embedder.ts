import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EmbedOptions, TextEmbedder } from '@app/analysis';
import { env, pipeline, type FeatureExtractionPipeline } from '@huggingface/transformers';
import { l2NormalizeInPlace, throwIfAborted, embeddableTexts } from './vector-math';

export type EmbeddingDtype = 'q8' | 'fp32';

/**
 * Characters of a text given to the tokenizer: 8 per token of a 512-token model, so every token a
 * local model reads (USE-lite 128) is still there.
 */
export const LOCAL_MAX_CHARS = 4096;

export interface OnnxTextEmbedderOptions {
  /** A model folder in transformers.js layout (absolute or relative path) or a model hub id. */
  model: string;
  /** `fp32` loads onnx/model.onnx, `q8` onnx/model_quantized.onnx (default q8). */
  dtype?: EmbeddingDtype;
  /**
   * Texts per inference call (default 8). Batches hold texts of similar length; on 2 cores batches
   * of 8 embed long comments about 1.4x faster than batches of 64 and hold less memory.
   */
  batchSize?: number;
  /** Where hub downloads are cached (hub ids only), e.g. DATA_DIR/models/hub. */
  cacheDir?: string;
  /** Whether a hub id may be downloaded (default true). Never applies to a folder path. */
  allowRemoteModels?: boolean;
  /** Batch texts of similar length together (default true); false keeps input order, for benchmarks. */
  sortByLength?: boolean;
  /** Overrides the adapter name (the embedded default reuses this adapter under its own name). */
  name?: string;
  /**
   * Inference sessions (default 1, with `threads` threads). More runs
   * that many single-threaded sessions side by side, which pays only when other work competes for
   * the cores: on 2 idle cores one session embeds about 1.3x faster than two, with another busy
   * process two are about 1.7x faster than one (npm run bench: embeddings).
   */
  sessions?: number;
  /**
   * Threads of one session (default 1; 0 lets ONNX Runtime use every core). The analysis overlaps
   * the embedding with its other work (classification, the start of clustering) on the other
   * cores, and on 2 vCPUs a second inference thread embedded no faster (13.5-13.9 s against
   * 14.0-14.9 s for 10,000 comments) while it slowed that work down. Side-by-side sessions always
   * get one thread each.
   */
  threads?: number;
}

/** True when `model` names a folder on disk rather than a hub id like `Xenova/all-MiniLM-L6-v2`. */
export function isModelPath(model: string): boolean {
  return (
    path.isAbsolute(model) || model.startsWith('./') || model.startsWith('../') || existsSync(model)
  );
}

// transformers.js keeps its settings in one global `env`, so loads are serialised: each load sets
// env for its own model and then builds the pipeline, and no other load can interleave.
let loadQueue: Promise<unknown> = Promise.resolve();
// One set of pipelines per model, dtype and session count per process: every embedder instance shares it.
const pipelines = new Map<string, Promise<FeatureExtractionPipeline[]>>();

function loadPipelines(
  options: Required<Pick<OnnxTextEmbedderOptions, 'model' | 'dtype' | 'sessions' | 'threads'>> &
    OnnxTextEmbedderOptions,
) {
  const { model, dtype, sessions } = options;
  // Side-by-side sessions get one thread each; 0 keeps ONNX Runtime's own threading.
  const threads = sessions > 1 ? 1 : options.threads;
  const local = isModelPath(model);
  const key = `${local ? path.resolve(model) : model}|${dtype}|${sessions}|${threads}`;
  const session_options =
    threads > 0 ? { session_options: { intraOpNumThreads: threads, interOpNumThreads: 1 } } : {};
  let loading = pipelines.get(key);
  if (!loading) {
    const loadOne = async (): Promise<FeatureExtractionPipeline> => {
      env.allowLocalModels = true;
      if (local) {
        const folder = path.resolve(model);
        if (!existsSync(path.join(folder, 'config.json'))) {
          throw new Error(
            `Embedding model folder ${folder} has no config.json (expected the transformers.js layout)`,
          );
        }
        // A folder is never looked up on a hub.
        env.allowRemoteModels = false;
        env.localModelPath = path.dirname(folder) + path.sep;
        return pipeline('feature-extraction', path.basename(folder), {
          dtype,
          local_files_only: true,
          ...session_options,
        });
      }
      env.allowRemoteModels = options.allowRemoteModels ?? true;
      if (options.cacheDir) env.cacheDir = options.cacheDir;
      return pipeline('feature-extraction', model, {
        dtype,
        local_files_only: !env.allowRemoteModels,
        ...(options.cacheDir ? { cache_dir: options.cacheDir } : {}),
        ...session_options,
      });
    };
    loading = loadQueue.then(async () => {
      const list: FeatureExtractionPipeline[] = [];
      for (let i = 0; i < sessions; i++) list.push(await loadOne());
      return list;
    });
    // A failed load is not cached, so a fixed configuration can be retried without a restart.
    loading.catch(() => pipelines.delete(key));
    loadQueue = loading.catch(() => undefined);
    pipelines.set(key, loading);
  }
  return loading;
}

/** Reads `hidden_size` from a model folder's config.json, if there is one. */
function configuredDimensions(model: string): number {
  try {
    const config = JSON.parse(
      readFileSync(path.join(path.resolve(model), 'config.json'), 'utf8'),
    ) as { hidden_size?: unknown };
    return typeof config.hidden_size === 'number' ? config.hidden_size : 0;
  } catch {
    return 0;
  }
}

/** The parts of a loaded ONNX Runtime session the pooled-output path uses. */
interface PooledOutputSession {
  inputNames: readonly string[];
  outputNames: readonly string[];
  run(
    feeds: Record<string, unknown>,
    fetches: readonly string[],
  ): Promise<Record<string, { data: unknown }>>;
}

/** A model's own sentence-vector output (USE-lite and sentence-transformers exports have one). */
const POOLED_OUTPUT = 'sentence_embedding';

/**
 * One batch's vectors, row after row. When the model has a pooled `sentence_embedding` output, only
 * that output is fetched: the pipeline would also compute the token-level output ([batch, tokens,
 * dims]; for USE-lite the sentence vector repeated along the tokens) and mean-pool it in JavaScript,
 * which is about a third of USE-lite's embedding time and gives the same vector. Other models go
 * through the pipeline's mean pooling.
 */
async function embedBatch(
  extractor: FeatureExtractionPipeline,
  batch: string[],
): Promise<Float32Array> {
  const session = (extractor.model as unknown as { sessions?: Record<string, unknown> }).sessions
    ?.model as PooledOutputSession | undefined;
  if (session?.outputNames.includes(POOLED_OUTPUT)) {
    const encoded = extractor.tokenizer(batch, { padding: true, truncation: true }) as Record<
      string,
      { ort_tensor?: unknown } | undefined
    >;
    const feeds: Record<string, unknown> = {};
    for (const name of session.inputNames) feeds[name] = encoded[name]?.ort_tensor;
    if (Object.values(feeds).every((feed) => feed !== undefined)) {
      const output = await session.run(feeds, [POOLED_OUTPUT]);
      const data = output[POOLED_OUTPUT]?.data;
      if (data instanceof Float32Array) return data;
    }
  }
  const tensor = await extractor(batch, { pooling: 'mean', normalize: true });
  const data = (tensor.data as Float32Array).slice();
  tensor.dispose();
  return data;
}

/**
 * Sentence embeddings from a local ONNX model through transformers.js: the tokenizer, then the
 * model's pooled `sentence_embedding` output when it has one, otherwise the feature-extraction
 * pipeline's mean pooling; L2-normalised. The model is loaded lazily on first use and shared.
 */
export class OnnxTextEmbedder implements TextEmbedder {
  readonly name: string;
  private dims: number;
  private readonly options: Required<
    Pick<OnnxTextEmbedderOptions, 'model' | 'dtype' | 'sessions' | 'threads'>
  > &
    OnnxTextEmbedderOptions;
  private readonly batchSize: number;

  constructor(options: OnnxTextEmbedderOptions) {
    const dtype = options.dtype ?? 'q8';
    this.options = {
      ...options,
      dtype,
      sessions: Math.max(1, Math.floor(options.sessions ?? 1)),
      threads: Math.max(0, Math.floor(options.threads ?? 1)),
    };
    this.batchSize = Math.max(1, options.batchSize ?? 8);
    const base = isModelPath(options.model)
      ? path.basename(path.resolve(options.model))
      : options.model;
    this.name = options.name ?? `onnx:${base}:${dtype}`;
    this.dims = isModelPath(options.model) ? configuredDimensions(options.model) : 0;
  }

  /** Vector length; read from the folder's config.json, or known after the first load for a hub id. */
  get dimensions(): number {
    return this.dims;
  }

  /** Loads the model now (otherwise the first embed() does); useful to measure load time. */
  async load(): Promise<void> {
    await loadPipelines(this.options);
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    throwIfAborted(options.signal);
    if (texts.length === 0) return [];
    const extractors = await loadPipelines(this.options);
    const inputs = embeddableTexts(texts, LOCAL_MAX_CHARS);
    // Batches are formed from texts of similar length: a batch is padded to its longest text, so
    // mixing a one-word comment with a 128-token one wastes most of the compute. Results go back
    // to input order.
    const order = inputs.map((_, i) => i);
    if (this.options.sortByLength !== false)
      order.sort((a, b) => inputs[a]!.length - inputs[b]!.length || a - b);
    const out: Float32Array[] = new Array<Float32Array>(inputs.length);
    let next = 0;
    let done = 0;
    let failed = false;
    // Each session takes the next batch when it is free, until none is left or one has failed.
    const work = async (extractor: FeatureExtractionPipeline): Promise<void> => {
      while (!failed && next < order.length) {
        throwIfAborted(options.signal);
        const indices = order.slice(next, next + this.batchSize);
        next += indices.length;
        const batch = indices.map((i) => inputs[i]!);
        const data = await embedBatch(extractor, batch);
        const dims = data.length / batch.length;
        this.dims = dims;
        indices.forEach((index, row) => {
          // Copy each row out of the batch buffer so callers can keep vectors independently.
          out[index] = l2NormalizeInPlace(data.slice(row * dims, (row + 1) * dims));
        });
        done += batch.length;
        options.onProgress?.({ done, total: inputs.length });
      }
    };
    await Promise.all(
      extractors.map((extractor) =>
        work(extractor).catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    return out;
  }
}
