/** A worker thread of the pool (pool.ts): runs tasks from a task table, one at a time. */
import os from 'node:os';
import v8 from 'node:v8';
import vm from 'node:vm';
import { parentPort } from 'node:worker_threads';
import type { TaskTable } from './runner';

/** How far the analysis workers lower their own priority (0 normal, 19 lowest). */
const WORKER_NICENESS = 10;

/** The ArrayBuffers behind typed arrays in a result (a few levels deep), moved instead of copied. */
function transferables(value: unknown, depth = 0, out = new Set<ArrayBuffer>()): ArrayBuffer[] {
  if (ArrayBuffer.isView(value)) {
    if (value.buffer instanceof ArrayBuffer) out.add(value.buffer);
  } else if (depth < 3 && value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const v of Object.values(value)) transferables(v, depth + 1, out);
  }
  return [...out];
}

/**
 * A full garbage collection of this worker's heap, or null where it cannot be had. Tasks receive
 * views of large shared blocks (the embeddings, each space); a block is freed only once every
 * thread's views of it are collected, and a worker that has gone idle allocates nothing, so its
 * heap would hold the last tasks' views, and their blocks, until its next task: at 50,000 comments
 * 130-230 MB of superseded spaces. V8 exposes gc() to contexts made after --expose-gc is set
 * (a process-wide flag; the contexts that exist keep no gc of their own).
 */
function exposedGc(): (() => void) | null {
  try {
    v8.setFlagsFromString('--expose-gc');
    const gc: unknown = vm.runInNewContext('gc');
    return typeof gc === 'function' ? (gc as () => void) : null;
  } catch {
    return null;
  }
}
const collect = exposedGc();
/**
 * Idle this long after a task, the worker collects (a few ms on its small heap). 50,000 comments:
 * peak 778-1,016 MB over seven runs against 890-1,097 MB over four without (the same code varies
 * by up to 190 MB from run to run). Waiting for 250 ms of idleness (943 MB) or collecting at most
 * every 500 ms (905 MB) were single runs, within that spread. The cost, 10,000 comments in
 * interleaved runs: 19.2-19.4 s against 18.6-19.0 s without.
 */
const IDLE_COLLECT_MS = 20;
let idle: ReturnType<typeof setTimeout> | null = null;

// A task may answer with a promise (one that runs sub-tasks); the pool sends the next task only
// once this one has answered.
async function handle(tasks: TaskTable, message: { name: string; input: unknown }): Promise<void> {
  if (idle) clearTimeout(idle);
  idle = null;
  try {
    const task = tasks[message.name];
    if (!task) throw new Error(`unknown task: ${message.name}`);
    const value: unknown = await task(message.input);
    parentPort!.postMessage({ value }, transferables(value));
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
  if (collect) {
    idle = setTimeout(collect, IDLE_COLLECT_MS);
    idle.unref();
  }
}

/**
 * Serves `tasks` to the pool on this worker thread: the module the pool starts (its `entry`) calls
 * this with the same table the pool was given.
 */
export function serveTasks(tasks: TaskTable): void {
  // On Linux a thread's nice value is its own (setpriority on "process" 0 is the calling thread):
  // the workers step back for the thread embedding the texts, which their work overlaps, and for the
  // server's requests. Elsewhere the call would lower the whole process, so it is not made.
  if (process.platform === 'linux') {
    try {
      os.setPriority(WORKER_NICENESS);
    } catch {
      // not permitted here: the worker keeps the process's priority
    }
  }

  parentPort!.on(
    'message',
    (message: { name: string; input: unknown }) => void handle(tasks, message),
  );
}
