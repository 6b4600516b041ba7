import type { Config } from '../config/config';
import type { QueueJobRepository } from '../repositories/queue-job.repository';
import { BullMqJobQueue } from './bullmq-job-queue';
import type { JobQueue } from './job-queue.port';
import { PostgresJobQueue } from './postgres-job-queue';

/** The configured queue driver: the app's database (default) or BullMQ on Redis. */
export function createJobQueue(
  config: Config['queue'],
  repository: QueueJobRepository,
  onError?: (error: unknown, context?: { jobId: string }) => void,
): JobQueue {
  if (config.driver === 'bullmq') {
    return new BullMqJobQueue({
      redisUrl: config.redisUrl,
      queueName: config.queueName,
      leaseMs: config.leaseMs,
    });
  }
  return new PostgresJobQueue({
    repository,
    leaseMs: config.leaseMs,
    ...(onError ? { onError } : {}),
  });
}
