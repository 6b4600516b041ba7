import type { TaskInput, TaskOutput, TaskRunner, TaskTable } from '../parallel/runner';

/**
 * One turn of the host's event loop: a macrotask (setImmediate where the host has it), so timers
 * and I/O queued meanwhile run. Promises alone would not let them.
 */
export function yieldToHost(): Promise<void> {
  const immediate = (globalThis as { setImmediate?: (fn: () => void) => unknown }).setImmediate;
  return new Promise((resolve) => (immediate ? immediate(resolve) : setTimeout(resolve, 0)));
}

/**
 * A runner that gives the host a turn before each task and counts the tasks it finished. On one
 * thread every task runs in this thread, so without the turns a clustering of a few thousand
 * comments held the event loop for seconds at a time: the progress it reported could not be
 * written nor read until it ended. Tasks still run one after another, in the order asked, so the
 * results are the same. A pool of worker threads is left as it is (its tasks run elsewhere), with
 * only the count added.
 */
export function pacedRunner<T extends TaskTable>(
  runner: TaskRunner<T>,
  onTaskDone: () => void,
): TaskRunner<T> {
  if (runner.threads > 1)
    return {
      threads: runner.threads,
      run: <N extends keyof T & string>(name: N, input: TaskInput<T, N>) =>
        runner.run(name, input).then((out) => {
          onTaskDone();
          return out;
        }),
    };
  let turn: Promise<unknown> = Promise.resolve();
  return {
    threads: runner.threads,
    run: <N extends keyof T & string>(
      name: N,
      input: TaskInput<T, N>,
    ): Promise<TaskOutput<T, N>> => {
      const next = turn
        .then(yieldToHost)
        .then(() => runner.run(name, input))
        .then((out) => {
          onTaskDone();
          return out;
        });
      turn = next.catch(() => undefined);
      return next;
    },
  };
}
