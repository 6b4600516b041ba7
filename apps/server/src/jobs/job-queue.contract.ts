import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { JobQueue, QueuedJob } from './job-queue.port';

/**
 * The behaviour every JobQueue driver must show. `open` returns a new queue instance (as a new
 * process would) over the same store each time it is called, with a lease of about a second.
 */
export function jobQueueContract(open: (store: string) => Promise<JobQueue>): void {
  const opened: JobQueue[] = [];
  let store = '';
  beforeEach(() => {
    store = `q${randomUUID().replace(/-/g, '').slice(0, 12)}`;
  });
  const make = async () => {
    const q = await open(store);
    opened.push(q);
    return q;
  };
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((q) => q.close().catch(() => undefined)));
  });

  const waitFor = async (check: () => boolean, ms = 15_000) => {
    const end = Date.now() + ms;
    while (!check()) {
      if (Date.now() > end) throw new Error('timed out waiting for the queue');
      await new Promise((r) => setTimeout(r, 25));
    }
  };

  it('delivers an enqueued job once with its payload, even when enqueued twice', async () => {
    const q = await make();
    const id = randomUUID();
    await q.enqueue('greet', { who: 'ann' }, { jobId: id });
    await q.enqueue('greet', { who: 'ann' }, { jobId: id });
    const seen: QueuedJob[] = [];
    await q.work({ greet: (job) => (seen.push(job), Promise.resolve()) }, { concurrency: 2 });
    await waitFor(() => seen.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ id, name: 'greet', payload: { who: 'ann' }, attempt: 1 });
    expect(await q.pendingCount()).toBe(0);
  });

  it('runs higher-priority jobs first', async () => {
    const q = await make();
    const order: string[] = [];
    await q.enqueue('p', { n: 'basic-1' }, { jobId: randomUUID(), priority: 0 });
    await q.enqueue('p', { n: 'basic-2' }, { jobId: randomUUID(), priority: 0 });
    await q.enqueue('p', { n: 'pro' }, { jobId: randomUUID(), priority: 10 });
    expect(await q.pendingCount()).toBe(3);
    await q.work(
      { p: (job) => (order.push((job.payload as { n: string }).n), Promise.resolve()) },
      { concurrency: 1 },
    );
    await waitFor(() => order.length === 3);
    expect(order[0]).toBe('pro');
    expect(order.slice(1).sort()).toEqual(['basic-1', 'basic-2']);
  });

  it('retries a job whose handler threw, counting attempts', async () => {
    const q = await make();
    const attempts: number[] = [];
    await q.enqueue('flaky', {}, { jobId: randomUUID() });
    await q.work(
      {
        flaky: (job) => {
          attempts.push(job.attempt);
          return job.attempt === 1 ? Promise.reject(new Error('boom')) : Promise.resolve();
        },
      },
      { concurrency: 1 },
    );
    await waitFor(() => attempts.length === 2);
    expect(attempts).toEqual([1, 2]);
  });

  it('hands the job of a worker that died to another worker after its lease expires', async () => {
    const id = randomUUID();
    const first = await make();
    await first.enqueue('slow', { x: 1 }, { jobId: id });
    let started = false;
    await first.work(
      { slow: () => ((started = true), new Promise<void>(() => undefined)) },
      { concurrency: 1 },
    );
    await waitFor(() => started);
    await first.close({ abandon: true });

    const second = await make();
    const seen: QueuedJob[] = [];
    await second.work({ slow: (job) => (seen.push(job), Promise.resolve()) }, { concurrency: 1 });
    await waitFor(() => seen.length === 1, 20_000);
    expect(seen[0]).toMatchObject({ id, payload: { x: 1 } });
    expect(seen[0]!.attempt).toBeGreaterThanOrEqual(2);
  });

  it('aborts running handlers on a graceful close and runs the job again later', async () => {
    const id = randomUUID();
    const first = await make();
    await first.enqueue('long', {}, { jobId: id });
    let aborted = false;
    let started = false;
    await first.work(
      {
        long: (_job, { signal }) =>
          new Promise<void>((_resolve, reject) => {
            started = true;
            signal.addEventListener(
              'abort',
              () => ((aborted = true), reject(new Error('aborted'))),
            );
          }),
      },
      { concurrency: 1 },
    );
    await waitFor(() => started);
    await first.close();
    expect(aborted).toBe(true);

    const second = await make();
    const seen: string[] = [];
    await second.work(
      { long: (job) => (seen.push(job.id), Promise.resolve()) },
      { concurrency: 1 },
    );
    await waitFor(() => seen.length === 1, 20_000);
    expect(seen).toEqual([id]);
  });

  it('does not spend an attempt on a graceful close: a job caught by more restarts than attempts still runs', async () => {
    const id = randomUUID();
    const seen: number[] = [];
    for (let close = 0; close < 4; close++) {
      const q = await make();
      if (close === 0) await q.enqueue('long', {}, { jobId: id });
      let started = false;
      await q.work(
        {
          long: (job, { signal }) =>
            new Promise<void>((_resolve, reject) => {
              started = true;
              seen.push(job.attempt);
              signal.addEventListener('abort', () => reject(new Error('aborted')));
            }),
        },
        { concurrency: 1 },
      );
      await waitFor(() => started, 10_000);
      await q.close();
    }
    const last = await make();
    const ran: number[] = [];
    await last.work(
      { long: (job) => (ran.push(job.attempt), Promise.resolve()) },
      { concurrency: 1 },
    );
    await waitFor(() => ran.length === 1, 10_000);
    expect([...seen, ...ran]).toEqual([1, 1, 1, 1, 1]);
  });

  it('runs a job it gave up on again when the same id is enqueued again, counting on', async () => {
    const id = randomUUID();
    const q = await make();
    const attempts: number[] = [];
    let fixed = false;
    await q.enqueue('stubborn', {}, { jobId: id });
    await q.work(
      {
        stubborn: (job) => {
          attempts.push(job.attempt);
          return fixed ? Promise.resolve() : Promise.reject(new Error('database down'));
        },
      },
      { concurrency: 1 },
    );
    // Three deliveries, then the queue gives up on it.
    await waitFor(() => attempts.length === 3);
    await new Promise((r) => setTimeout(r, 300));
    expect(await q.pendingCount()).toBe(0);

    fixed = true;
    await q.enqueue('stubborn', {}, { jobId: id });
    await waitFor(() => attempts.length === 4);
    expect(attempts).toEqual([1, 2, 3, 4]);
  });
}
