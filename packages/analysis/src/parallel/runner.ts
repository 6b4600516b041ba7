/**
 * Compute tasks the analysis can spread over threads. A task is a pure function of structured-
 * cloneable input (typed arrays, plain objects), so running it in this thread or in a worker gives
 * the same result; callers split work into tasks and combine the results in a fixed order.
 */
import type { tasks } from './tasks';

export type Tasks = typeof tasks;
export type TaskName = keyof Tasks;
export type TaskInput<N extends TaskName> = Parameters<Tasks[N]>[0];
export type TaskOutput<N extends TaskName> = ReturnType<Tasks[N]>;

export interface TaskRunner {
  /** How many tasks can run at once (1: everything runs inline, in order). */
  readonly threads: number;
  run<N extends TaskName>(name: N, input: TaskInput<N>): Promise<TaskOutput<N>>;
}

/**
 * `n` items cut into ranges for `runner`: one in this thread, else four per thread, so a thread
 * that is still busy with another task (the classification runs beside the clustering) does not
 * hold the others up. The result never depends on the cut.
 */
export function taskRanges(n: number, runner: TaskRunner): [number, number][] {
  return splitRange(n, runner.threads > 1 ? runner.threads * 4 : 1);
}

/** `n` items split into up to `parts` contiguous [from, to) ranges of near-equal size. */
export function splitRange(n: number, parts: number): [number, number][] {
  const count = Math.max(1, Math.min(Math.floor(parts), n));
  return Array.from({ length: count }, (_, p) => [
    Math.floor((p * n) / count),
    Math.floor(((p + 1) * n) / count),
  ]);
}
