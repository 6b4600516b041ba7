/**
 * Task runners: inline (this thread, in order) and a pool of worker threads. Results never depend
 * on the runner; the pool only lets the clustering and the classifiers use every core once the
 * embedding (which ONNX Runtime already spreads over the cores) is done.
 */
import os from 'node:os';
import { Worker } from 'node:worker_threads';
import {
  inlineRunner,
  type TaskInput,
  type TaskOutput,
  type TaskRunner,
  type TaskTable,
} from './runner';

interface Job {
  name: string;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

interface Slot {
  worker: Worker;
  job: Job | null;
}

const BOOT = new URL('./worker-boot.mjs', import.meta.url);
/**
 * Each worker's young generation (V8's nursery): tasks allocate their big arrays outside the heap
 * and few objects, and V8's default nursery kept tens of MB per worker; at 50,000 comments 8 MB
 * lowered the peak by about 80 MB.
 */
const WORKER_YOUNG_GENERATION_MB = 8;

/**
 * `threads` worker threads fed from one queue, while this thread combines results and runs the
 * sequential steps. (Letting this thread also take queued tasks, with one worker fewer, measured
 * about 9% slower on 2 vCPUs.) Idle workers are unref'd, so the pool never keeps a process alive.
 * If a worker fails (it cannot start, or it crashes), the pool stops using threads and runs that
 * task and every later one inline: same results, just slower.
 */
export class WorkerPool<T extends TaskTable> implements TaskRunner<T> {
  private readonly slots: Slot[] = [];
  private readonly queue: Job[] = [];
  private broken = false;
  private readonly inline: TaskRunner<T>;

  /**
   * `table`: the tasks, run inline when the workers fail; `entry`: the worker module, which serves
   * the same table (parallel/worker.ts).
   */
  constructor(
    readonly threads: number,
    table: T,
    private readonly entry: URL,
  ) {
    this.inline = inlineRunner(table);
  }

  /** Starts the workers now (they load the analysis code while the caller does other work). */
  warm(): void {
    while (!this.broken && this.slots.length < this.threads) this.spawn();
  }

  run<N extends keyof T & string>(name: N, input: TaskInput<T, N>): Promise<TaskOutput<T, N>> {
    if (this.broken) return this.inline.run(name, input);
    return new Promise<TaskOutput<T, N>>((resolve, reject) => {
      this.queue.push({ name, input, resolve: resolve as (value: unknown) => void, reject });
      this.warm();
      this.pump();
    });
  }

  /** Stops every worker (tests); tasks still queued run inline. */
  async close(): Promise<void> {
    this.broken = true;
    const slots = this.slots.splice(0);
    await Promise.all(slots.map((s) => s.worker.terminate()));
    this.drainInline([...slots.flatMap((s) => (s.job ? [s.job] : [])), ...this.queue.splice(0)]);
  }

  private pump(): void {
    for (const slot of this.slots) {
      if (slot.job || this.queue.length === 0) continue;
      const job = this.queue.shift()!;
      slot.job = job;
      slot.worker.ref();
      slot.worker.postMessage({ name: job.name, input: job.input });
    }
  }

  private spawn(): void {
    const worker = new Worker(BOOT, {
      workerData: { entry: this.entry.href },
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
    });
    const slot: Slot = { worker, job: null };
    this.slots.push(slot);
    worker.on('message', (message: { value?: unknown; error?: string }) => {
      const job = slot.job;
      slot.job = null;
      worker.unref();
      if (job) {
        if (message.error !== undefined) job.reject(new Error(message.error));
        else job.resolve(message.value);
      }
      this.pump();
    });
    const fail = (): void => {
      const at = this.slots.indexOf(slot);
      if (at < 0) return;
      this.slots.splice(at, 1);
      this.broken = true;
      void worker.terminate();
      this.drainInline([...(slot.job ? [slot.job] : []), ...this.queue.splice(0)]);
    };
    worker.on('error', fail);
    worker.on('exit', fail);
    // After the listeners: adding a 'message' listener refs the worker again.
    worker.unref();
  }

  /** Runs `jobs` inline. */
  private drainInline(jobs: Job[]): void {
    for (const job of jobs) {
      // (resolving with the runner's promise passes its value or its rejection on)
      job.resolve(this.inline.run(job.name, job.input));
    }
  }
}

/** Threads used by default: the cores available to this process, at most 4. */
export function defaultThreads(): number {
  return Math.max(1, Math.min(4, os.availableParallelism()));
}

/** Below this many items the work is too small to be worth a thread hop. */
export const PARALLEL_MIN_ITEMS = 400;
