/**
 * Compute tasks the analysis can spread over threads. A task is a pure function of structured-
 * cloneable input (typed arrays, plain objects), so running it in this thread or in a worker gives
 * the same result; callers split work into tasks and combine the results in a fixed order.
 *
 * A runner is generic over its task table: each stage declares the tasks it runs beside the code
 * they call (for example `kmeansTasks` in clustering/kmeans.ts) and asks for a runner of those; the
 * pipeline joins the stages' tables into the one its workers serve (pipeline/tasks.ts).
 */

/** Named tasks, each a function of one cloneable input (its answer may be a promise). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a task's input type is its own
export type TaskTable = Record<string, (input: any) => unknown>;
export type TaskInput<T extends TaskTable, N extends keyof T> = Parameters<T[N]>[0];
export type TaskOutput<T extends TaskTable, N extends keyof T> = Awaited<ReturnType<T[N]>>;

export interface TaskRunner<T extends TaskTable> {
  /** How many tasks can run at once (1: everything runs inline, in order). */
  readonly threads: number;
  run<N extends keyof T & string>(name: N, input: TaskInput<T, N>): Promise<TaskOutput<T, N>>;
}

/**
 * Runs every task of `table` in this thread as soon as it is asked for (a throw becomes a
 * rejection; a task answering with a promise is adopted). Tasks with sub-tasks run them here: a
 * task never hops threads.
 */
export function inlineRunner<T extends TaskTable>(table: T): TaskRunner<T> {
  return {
    threads: 1,
    run: <N extends keyof T & string>(name: N, input: TaskInput<T, N>) =>
      new Promise<TaskOutput<T, N>>((resolve) => resolve(table[name]!(input) as TaskOutput<T, N>)),
  };
}

/**
 * `n` items cut into ranges for `runner`: one in this thread, else four per thread, so a thread
 * that is still busy with another task (the classification runs beside the clustering) does not
 * hold the others up. The result never depends on the cut.
 */
function taskRanges(n: number, runner: Pick<TaskRunner<TaskTable>, 'threads'>): [number, number][] {
  return splitRange(n, runner.threads > 1 ? runner.threads * 4 : 1);
}

/**
 * Below this many items, per-item work that runs once per step (a k-means assignment, smoothing,
 * re-ranking neighbours) stays in the calling thread: there it takes a few milliseconds to a few
 * tens, about what handing its ranges to the workers and back costs.
 */
export const SPREAD_MIN_ITEMS = 3000;

/** A range's result, with the first item the range covers. */
export interface RangePart<T> {
  from: number;
  value: T;
}

/** Runs `part` on every range of `n` items (taskRanges) at once; the parts come back in item order. */
export async function overRanges<T>(
  runner: Pick<TaskRunner<TaskTable>, 'threads'>,
  n: number,
  part: (from: number, to: number) => Promise<T>,
): Promise<RangePart<T>[]> {
  const ranges = taskRanges(n, runner);
  const values = await Promise.all(ranges.map(([from, to]) => part(from, to)));
  return values.map((value, i) => ({ from: ranges[i]![0], value }));
}

/** Writes each part's rows (`width` values per item, picked by `pick`) into `out` from its first item. */
export function stitch<A extends Float32Array | Int32Array, T>(
  out: A,
  parts: readonly RangePart<T>[],
  width: number,
  pick: (value: T) => A,
): A {
  for (const { from, value } of parts) out.set(pick(value), from * width);
  return out;
}

/** `n` items split into up to `parts` contiguous [from, to) ranges of near-equal size. */
export function splitRange(n: number, parts: number): [number, number][] {
  const count = Math.max(1, Math.min(Math.floor(parts), n));
  return Array.from({ length: count }, (_, p) => [
    Math.floor((p * n) / count),
    Math.floor(((p + 1) * n) / count),
  ]);
}
