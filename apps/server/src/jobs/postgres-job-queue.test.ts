import { randomUUID } from 'node:crypto';
import { afterEach, expect, it } from 'vitest';
import {
  createQueueJobRepository,
  type QueueJobRepository,
} from '../repositories/queue-job.repository';
import { describeEachDatabase } from '../test/databases';
import { jobQueueContract } from './job-queue.contract';
import { PostgresJobQueue } from './postgres-job-queue';

describeEachDatabase('PostgresJobQueue passes the queue contract', (t) => {
  jobQueueContract((store) =>
    Promise.resolve(
      new PostgresJobQueue({
        repository: createQueueJobRepository(t.db),
        queue: store,
        leaseMs: 1_000,
        pollMs: 50,
      }),
    ),
  );
});

const waitFor = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting for the queue');
    await new Promise((r) => setTimeout(r, 25));
  }
};

describeEachDatabase('PostgresJobQueue when the database fails to take an outcome', (t) => {
  const queues: PostgresJobQueue[] = [];
  afterEach(async () => {
    await Promise.all(queues.splice(0).map((q) => q.close()));
  });

  /** The real repository, with `complete` and `fail` throwing the first time each is called. */
  function flakyRepository(): QueueJobRepository {
    const real = createQueueJobRepository(t.db);
    const thrown = new Set<string>();
    const once = (name: string) => {
      if (thrown.has(name)) return;
      thrown.add(name);
      throw new Error(`Connection terminated unexpectedly (${name})`);
    };
    return {
      ...real,
      complete: async (id, owner) => (once('complete'), real.complete(id, owner)),
      fail: async (id, owner, error, delayMs) => (
        once('fail'),
        real.fail(id, owner, error, delayMs)
      ),
    };
  }

  // Before the fix the error escaped the worker loop: an unhandled rejection (which ends a Node
  // process) and, had it survived, a loop that never took another job.
  it('keeps working, reports the error, and delivers the job again after its lease', async () => {
    const errors: unknown[] = [];
    const queue = new PostgresJobQueue({
      repository: flakyRepository(),
      queue: `q${randomUUID().slice(0, 8)}`,
      leaseMs: 600,
      pollMs: 25,
      onError: (error) => errors.push(error),
    });
    queues.push(queue);
    const runs: string[] = [];
    await queue.work(
      {
        ok: (job) => (runs.push(`ok#${job.attempt}`), Promise.resolve()),
        bad: (job) => (runs.push(`bad#${job.attempt}`), Promise.reject(new Error('boom'))),
      },
      { concurrency: 1 },
    );
    await queue.enqueue('ok', {}, { jobId: randomUUID() });
    // complete() failed: the job is still leased, and comes back once the lease runs out.
    await waitFor(() => runs.includes('ok#2'));
    expect(errors.map(String)).toEqual(['Error: Connection terminated unexpectedly (complete)']);

    await queue.enqueue('bad', {}, { jobId: randomUUID() });
    // fail() failed the first time: the same attempt comes back after the lease, then retries.
    await waitFor(() => runs.filter((r) => r.startsWith('bad')).length >= 2);
    expect(errors).toHaveLength(2);
    await waitFor(() => runs.filter((r) => r.startsWith('bad')).length >= 3);
    expect(runs.filter((r) => r.startsWith('bad'))).toEqual(['bad#1', 'bad#2', 'bad#3']);
    await waitFor(() => false, 1_000).catch(() => undefined);
    expect(await queue.pendingCount()).toBe(0);
  });
});
