/**
 * Where the pipeline's tasks run: in this thread, or on the process-wide pool of worker threads
 * that serve the pipeline's task table (worker.ts beside this file).
 */
import { defaultThreads, PARALLEL_MIN_ITEMS, WorkerPool } from '../parallel/pool';
import { inlineRunner, type TaskRunner } from '../parallel/runner';
import { tasks, type PipelineTasks } from './tasks';

export type PipelineRunner = TaskRunner<PipelineTasks>;

/** Every pipeline task in this thread, in order. */
export const pipelineInline: PipelineRunner = inlineRunner(tasks);

/** The worker module: the TypeScript source under tsx or Vitest, ./worker.js in a compiled build. */
const ENTRY = new URL(
  `./worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`,
  import.meta.url,
);

/** A pool of `threads` workers serving the pipeline's tasks (`entry`: tests point it elsewhere). */
export function pipelinePool(threads: number, entry: URL = ENTRY): WorkerPool<PipelineTasks> {
  return new WorkerPool(threads, tasks, entry);
}

const pools = new Map<number, WorkerPool<PipelineTasks>>();

/** The process-wide pool with `threads` workers (created on first use). */
export function sharedPool(threads: number): WorkerPool<PipelineTasks> {
  let pool = pools.get(threads);
  if (!pool) {
    pool = pipelinePool(threads);
    pools.set(threads, pool);
  }
  return pool;
}

/** The runner for `items` items: inline for small inputs or one thread, else the shared pool. */
export function runnerFor(
  items: number,
  threads = defaultThreads(),
): PipelineRunner | WorkerPool<PipelineTasks> {
  return threads <= 1 || items < PARALLEL_MIN_ITEMS ? pipelineInline : sharedPool(threads);
}

/**
 * Starts the shared pool's workers now, so the first analysis that uses them does not wait while
 * they load the analysis code (a server's worker role calls this at start).
 */
export function warmAnalysisThreads(threads = defaultThreads()): void {
  if (threads > 1) sharedPool(threads).warm();
}
