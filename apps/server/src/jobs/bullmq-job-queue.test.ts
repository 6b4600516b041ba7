import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BullMqJobQueue } from './bullmq-job-queue';
import { jobQueueContract } from './job-queue.contract';
import { redisReachable, TEST_REDIS_URL } from '../test/local-ports';

const REDIS_URL = TEST_REDIS_URL;

const up = await redisReachable(REDIS_URL);
if (!up && process.env.REQUIRE_REDIS === '1')
  throw new Error(`REQUIRE_REDIS=1 but Redis does not answer at ${REDIS_URL}.`);

describe.skipIf(!up)('BullMqJobQueue (real Redis) passes the queue contract', () => {
  jobQueueContract((store) =>
    Promise.resolve(
      new BullMqJobQueue({
        redisUrl: REDIS_URL,
        queueName: `chorus-test-${store}`,
        leaseMs: 1_000,
      }),
    ),
  );
});

/**
 * Redis down or not answering: the API enqueues (and the health check counts) through this queue,
 * so both must fail in bounded time instead of hanging the request. Before the fix, enqueue waited
 * for Redis for ever (seen live: POST /analyze still open after 30 s, credits reserved).
 */
describe('BullMqJobQueue when Redis does not answer', () => {
  const sockets = new Set<net.Socket>();
  let silent: net.Server;
  let silentUrl = '';
  let closedUrl = '';
  beforeAll(async () => {
    // Accepts connections and never replies, like a Redis that is paused or overloaded.
    silent = net.createServer((s) => (sockets.add(s), s.on('error', () => undefined)));
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    silentUrl = `redis://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    // A port nobody listens on, like a Redis that is down.
    const probe = net.createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    closedUrl = `redis://127.0.0.1:${(probe.address() as net.AddressInfo).port}`;
    await new Promise((r) => probe.close(r));
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => silent.close(r));
  });

  for (const [what, url] of [
    ['down', () => closedUrl],
    ['silent', () => silentUrl],
  ] as const) {
    it(`fails enqueue and pendingCount within the command timeout (Redis ${what})`, async () => {
      const queue = new BullMqJobQueue({
        redisUrl: url(),
        queueName: `chorus-test-${randomUUID()}`,
        commandTimeoutMs: 300,
      });
      const started = Date.now();
      await expect(queue.enqueue('x', {}, { jobId: randomUUID() })).rejects.toThrow();
      await expect(queue.pendingCount()).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);
      await Promise.race([queue.close(), new Promise((r) => setTimeout(r, 2_000))]);
    });
  }
});
