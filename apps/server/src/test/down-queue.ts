import type { JobQueue } from '../jobs/job-queue.port';

/** A BullMQ queue whose store (Redis) does not answer: each call fails as after BullMQ's timeout. */
export function downQueue(): JobQueue {
  const down = (call: string) => () =>
    Promise.reject(new Error(`Redis did not answer within 5000 ms (${call}).`));
  return {
    driver: 'bullmq',
    enqueue: down('enqueue'),
    work: () => Promise.resolve(),
    pendingCount: down('pendingCount'),
    close: () => Promise.resolve(),
  };
}
