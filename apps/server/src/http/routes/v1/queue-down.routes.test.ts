import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import net from 'node:net';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { BullMqJobQueue } from '../../../jobs/bullmq-job-queue';
import type { JobQueue } from '../../../jobs/job-queue.port';
import { makeCommentsDir } from '../../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { downQueue } from '../../../test/down-queue';
import { createTestUser } from '../../../test/factories';
import { bearer, buildTestApp, type TestApp } from '../../../test/test-app';

const VIDEO = 'vidQueue001';

/** A redis:// address nobody listens on. */
async function closedRedisUrl(): Promise<string> {
  const probe = net.createServer();
  await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
  const { port } = probe.address() as net.AddressInfo;
  await new Promise((r) => probe.close(r));
  return `redis://127.0.0.1:${port}`;
}

/**
 * The job queue down (Redis with QUEUE_DRIVER=bullmq) while the database is up. Before the fix,
 * POST /analyze hung (the real queue) or answered 500 with the credits still reserved and the
 * job pending for good, and /health answered 200.
 */
describeEachDatabase('the API while the job queue is down', (t) => {
  let dir: string;
  const apps: TestApp[] = [];
  const queues: JobQueue[] = [];
  beforeAll(() => {
    dir = makeCommentsDir({ [VIDEO]: { comments: 120 } });
  });
  afterAll(async () => {
    for (const a of apps) await a.app.close();
    for (const q of queues)
      await Promise.race([q.close(), new Promise((r) => setTimeout(r, 2_000))]);
    rmSync(dir, { recursive: true, force: true });
  });

  async function appWith(jobQueue: JobQueue): Promise<TestApp> {
    const test = await buildTestApp({
      database: t.database,
      env: { COMMENTS_DIR: dir },
      overrides: { jobQueue },
    });
    apps.push(test);
    return test;
  }

  async function expectRefusedWithCreditsBack(test: TestApp) {
    const { token, userId } = await createTestUser(test);
    const res = await test.app.inject({
      method: 'POST',
      url: `/api/v1/analyze?video_id=${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(503);
    expect(res.json()).toEqual({
      message:
        'Analyses cannot start right now because the job queue is not answering. No credits were used; please try again in a minute.',
      code: 'queue_unavailable',
    });
    expect(await test.container.repos.ledger.getBalance(userId)).toBe(3);
    const jobs = await test.container.repos.analysisJobs.listForUser(userId);
    expect(jobs.map((j) => [j.status, j.error])).toEqual([
      ['failed', 'The analysis could not be queued. Your credits were refunded; please try again.'],
    ]);
    const moves = (await test.container.repos.ledger.listForUser(userId)).filter(
      (m) => m.jobId === jobs[0]!.id,
    );
    expect(moves.map((m) => m.kind).sort()).toEqual(['refund', 'reservation']);
  }

  it('refuses an analysis with 503 and returns the reserved credits at once', async () => {
    await expectRefusedWithCreditsBack(await appWith(downQueue()));
  });

  it('does the same with the real BullMQ queue on a Redis that is down, in bounded time', async () => {
    const queue = new BullMqJobQueue({
      redisUrl: await closedRedisUrl(),
      queueName: `chorus-test-${randomUUID()}`,
      commandTimeoutMs: 500,
    });
    queues.push(queue);
    await expectRefusedWithCreditsBack(await appWith(queue));
  });

  it('answers /health with 503 naming the queue, and 200 once it answers', async () => {
    const down = await appWith(downQueue());
    const res = await down.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({
      message: 'The job queue is not answering.',
      code: 'queue_unavailable',
    });

    const up = await appWith({ ...downQueue(), pendingCount: () => Promise.resolve(0) });
    const ok = await up.app.inject({ method: 'GET', url: '/api/v1/health' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ status: 'ok', queue: 'bullmq' });
  });
});
