import type { EmbedOptions, TextEmbedder } from '../ports';

/** Texts per background embed call: a few pages of comments, so one call never holds much. */
const DEFAULT_PREFETCH_BATCH = 256;

export interface PrefetchEmbedderOptions {
  /** Texts per background embed call (default 256); fewer when fewer are waiting. */
  batchSize?: number;
  /** Stops the background embedding: queued texts are dropped, the call in flight is given it. */
  signal?: AbortSignal;
}

/**
 * A `TextEmbedder` that can start embedding before it is asked: `prefetch(texts)` queues texts to
 * embed in the background (in order, one call of the embedder at a time, each text once), and
 * `embed(texts)` answers the vectors already made, waits for those in flight and embeds the rest
 * itself. A vector is handed out once and forgotten, so the cache never holds what its caller holds.
 * A background failure is kept and thrown by the next `embed` (never left as an unhandled rejection);
 * a text whose background call was stopped by the signal is embedded by `embed` like any other.
 */
export class PrefetchEmbedder implements TextEmbedder {
  readonly name: string;
  readonly dimensions: number;
  private readonly batchSize: number;
  private readonly controller = new AbortController();
  private readonly signal: AbortSignal;
  /** Embedded and not yet handed out. */
  private readonly ready = new Map<string, Float32Array>();
  /** In a background call now: the call's end (it never rejects). */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Waiting for a background call, in the order they came. */
  private readonly queued = new Set<string>();
  /** Every text ever prefetched, so none is embedded twice in the background. */
  private readonly seen = new Set<string>();
  /** The embedder's calls, one after the other (background batches and `embed`'s own). */
  private lane: Promise<unknown> = Promise.resolve();
  private pumping = false;
  private failure: { error: unknown } | null = null;

  constructor(
    private readonly inner: TextEmbedder,
    options: PrefetchEmbedderOptions = {},
  ) {
    this.name = inner.name;
    this.dimensions = inner.dimensions;
    this.batchSize = Math.max(1, options.batchSize ?? DEFAULT_PREFETCH_BATCH);
    this.signal = options.signal
      ? AbortSignal.any([options.signal, this.controller.signal])
      : this.controller.signal;
    this.signal.addEventListener('abort', () => this.queued.clear(), { once: true });
  }

  /** Queues texts to embed in the background; texts already prefetched are skipped. */
  prefetch(texts: Iterable<string>): void {
    if (this.signal.aborted || this.failure) return;
    for (const t of texts) {
      if (this.seen.has(t)) continue;
      this.seen.add(t);
      this.queued.add(t);
    }
    this.pump();
  }

  /** Stops the background embedding (the job is over): nothing more is queued or embedded. */
  stop(): void {
    this.controller.abort(new Error('Prefetching was stopped'));
  }

  /** Texts embedded in the background and not handed out yet. */
  get cached(): number {
    return this.ready.size;
  }

  async embed(texts: readonly string[], options: EmbedOptions = {}): Promise<Float32Array[]> {
    this.throwIfFailed();
    const vectors = new Map<string, Float32Array>();
    const waits = new Set<Promise<void>>();
    const waiting: string[] = [];
    const own: string[] = [];
    for (const t of new Set(texts)) {
      const ready = this.take(t);
      if (ready) vectors.set(t, ready);
      else if (this.inFlight.has(t)) {
        waits.add(this.inFlight.get(t)!);
        waiting.push(t);
      } else {
        // not started yet: embedded with this call, sooner than after the queue before it
        this.queued.delete(t);
        own.push(t);
      }
    }
    const total = texts.length;
    if (waits.size > 0) await Promise.all(waits);
    this.throwIfFailed();
    for (const t of waiting) {
      const v = this.take(t);
      if (v) vectors.set(t, v);
      else own.push(t); // its background call was stopped
    }
    const cachedDone = total - own.length;
    if (cachedDone > 0) options.onProgress?.({ done: cachedDone, total });
    if (own.length > 0) {
      const out = await this.onLane(() =>
        this.inner.embed(own, {
          signal: options.signal,
          onProgress: (p) =>
            options.onProgress?.({ done: Math.min(total, cachedDone + p.done), total }),
        }),
      );
      if (out.length !== own.length)
        throw new Error(`The embedder returned ${out.length} vectors for ${own.length} texts`);
      own.forEach((t, i) => vectors.set(t, out[i]!));
    }
    return texts.map((t) => vectors.get(t)!);
  }

  /** Throws the background failure kept, if any. */
  private throwIfFailed(): void {
    if (this.failure) throw this.failure.error;
  }

  private take(text: string): Float32Array | undefined {
    const v = this.ready.get(text);
    if (v) this.ready.delete(text);
    return v;
  }

  /** Runs `call` once the embedder's calls before it are over. */
  private onLane<T>(call: () => Promise<T>): Promise<T> {
    const run = this.lane.then(call);
    this.lane = run.catch(() => undefined);
    return run;
  }

  /** Schedules the next background call while texts wait (one scheduled at a time). */
  private pump(): void {
    if (this.pumping || this.queued.size === 0 || this.signal.aborted || this.failure) return;
    this.pumping = true;
    void this.onLane(() => this.embedNextBatch()).finally(() => {
      this.pumping = false;
      this.pump();
    });
  }

  /** Embeds the texts at the head of the queue (those still waiting when the call's turn comes). */
  private async embedNextBatch(): Promise<void> {
    if (this.signal.aborted || this.failure || this.queued.size === 0) return;
    const batch: string[] = [];
    for (const t of this.queued) {
      batch.push(t);
      if (batch.length >= this.batchSize) break;
    }
    for (const t of batch) this.queued.delete(t);
    let done!: () => void;
    const finished = new Promise<void>((resolve) => (done = resolve));
    for (const t of batch) this.inFlight.set(t, finished);
    try {
      const out = await this.inner.embed(batch, { signal: this.signal });
      if (out.length !== batch.length)
        throw new Error(`The embedder returned ${out.length} vectors for ${batch.length} texts`);
      batch.forEach((t, i) => this.ready.set(t, out[i]!));
    } catch (error) {
      // A stopped call is no failure: whoever asks for its texts embeds them.
      if (!this.signal.aborted) {
        this.failure = { error };
        this.queued.clear();
      }
    } finally {
      for (const t of batch) this.inFlight.delete(t);
      done();
    }
  }
}
