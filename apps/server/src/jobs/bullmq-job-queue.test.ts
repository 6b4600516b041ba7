import net from 'node:net';
import { describe } from 'vitest';
import { BullMqJobQueue } from './bullmq-job-queue';
import { jobQueueContract } from './job-queue.contract';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function redisAnswers(): Promise<boolean> {
  const { hostname, port } = new URL(REDIS_URL);
  return new Promise((resolve) => {
    const s = net.connect({ host: hostname, port: Number(port || 6379) });
    s.setTimeout(1000);
    s.once('connect', () => (s.destroy(), resolve(true)));
    s.once('error', () => resolve(false));
    s.once('timeout', () => (s.destroy(), resolve(false)));
  });
}

const up = await redisAnswers();
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
