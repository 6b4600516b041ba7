/** A worker thread of the pool (pool.ts): runs tasks from the shared table, one at a time. */
import os from 'node:os';
import { parentPort } from 'node:worker_threads';
import type { TaskName } from './runner';
import { tasks } from './tasks';

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

// A task may answer with a promise (one that runs sub-tasks); the pool sends the next task only
// once this one has answered.
async function handle(message: { name: TaskName; input: unknown }): Promise<void> {
  try {
    const task = tasks[message.name] as (input: unknown) => unknown;
    const value: unknown = await task(message.input);
    parentPort!.postMessage({ value }, transferables(value));
  } catch (error) {
    parentPort!.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
}

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

parentPort!.on('message', (message: { name: TaskName; input: unknown }) => void handle(message));
