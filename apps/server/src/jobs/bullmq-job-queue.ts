import { Queue, WaitingError, Worker, type Job } from 'bullmq';
import { Redis } from 'ioredis';
import type {
  CloseOptions,
  EnqueueOptions,
  JobHandler,
  JobQueue,
  WorkOptions,
} from './job-queue.port';

export interface BullMqJobQueueOptions {
  redisUrl: string;
  /** Queue name; tests use a unique one each. */
  queueName?: string;
  /** How long a worker owns a job without renewing (a dead worker's job returns after this). */
  leaseMs?: number;
  /** Deliveries before a job that keeps killing its worker is given up. */
  maxAttempts?: number;
  /**
   * How long enqueue and pendingCount wait for Redis before failing (default 5 s), so the API
   * answers with an error instead of hanging while Redis is down or not answering.
   */
  commandTimeoutMs?: number;
}

const MAX_BULL_PRIORITY = 2_097_152;

/**
 * Jobs in Redis through BullMQ, for API and worker processes on different machines. BullMQ's lock
 * is the lease: it is renewed while the handler runs, and the stalled-job check hands a job whose
 * worker died back to the queue. Priority is inverted (BullMQ runs lower numbers first).
 */
export class BullMqJobQueue implements JobQueue {
  readonly driver = 'bullmq';
  private readonly queue: Queue;
  private worker: Worker | null = null;
  private readonly connections: Redis[] = [];
  private readonly controllers = new Set<AbortController>();
  /** Set by a graceful close: running jobs are being aborted to be handed back. */
  private closing = false;
  private readonly leaseMs: number;
  private readonly maxAttempts: number;
  private readonly commandTimeoutMs: number;

  constructor(private readonly options: BullMqJobQueueOptions) {
    this.leaseMs = options.leaseMs ?? 30_000;
    this.maxAttempts = options.maxAttempts ?? 3;
    this.commandTimeoutMs = options.commandTimeoutMs ?? 5_000;
    this.queue = new Queue(options.queueName ?? 'chorus-jobs', {
      connection: this.connect('producer'),
    });
    // Redis being down reaches callers through the commands they send (enqueue and pendingCount
    // fail after commandTimeoutMs); the queue's own connection errors are not theirs to handle,
    // and an 'error' event with no listener would surface as an unhandled rejection.
    this.queue.on('error', () => undefined);
  }

  private connect(use: 'producer' | 'worker'): Redis {
    const redis = new Redis(this.options.redisUrl, {
      // Workers block on Redis commands, which needs an unlimited retry count per request; they
      // wait for Redis to come back. A producer's command (enqueue) fails after one reconnection
      // attempt instead of waiting in memory for Redis, possibly for ever.
      maxRetriesPerRequest: use === 'worker' ? null : 1,
      lazyConnect: false,
    });
    this.connections.push(redis);
    return redis;
  }

  /** Rejects when Redis has not answered within commandTimeoutMs (the command may still land). */
  private answered<T>(what: string, work: Promise<T>): Promise<T> {
    work.catch(() => undefined);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(
        () =>
          reject(new Error(`Redis did not answer within ${this.commandTimeoutMs} ms (${what}).`)),
        this.commandTimeoutMs,
      );
    });
    return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions): Promise<void> {
    const priority = Math.min(MAX_BULL_PRIORITY, Math.max(1, 1_000 - (options.priority ?? 0)));
    await this.answered(
      'enqueue',
      (async () => {
        const job = await this.queue.add(name, payload, {
          jobId: options.jobId,
          priority,
          attempts: this.maxAttempts,
          backoff: { type: 'exponential', delay: 1_000 },
          removeOnComplete: { count: 1_000 },
          removeOnFail: { count: 1_000 },
        });
        // add() leaves an id BullMQ already gave up on (its attempts used up, e.g. while the
        // database was down) where it is: run it again, as the port's enqueue promises.
        if (await job.isFailed()) await job.retry('failed');
      })(),
    );
  }

  async work(handlers: Readonly<Record<string, JobHandler>>, options: WorkOptions): Promise<void> {
    if (this.worker) throw new Error('This queue is already working.');
    const processor = async (job: Job, token?: string, signal?: AbortSignal) => {
      const handler = handlers[job.name];
      if (!handler) throw new Error(`No handler for job "${job.name}".`);
      const controller = new AbortController();
      this.controllers.add(controller);
      const onAbort = () => controller.abort();
      signal?.addEventListener('abort', onAbort);
      try {
        await handler(
          {
            id: job.id ?? '',
            name: job.name,
            payload: job.data,
            attempt: job.attemptsMade + job.stalledCounter + 1,
          },
          { signal: controller.signal },
        );
      } catch (error) {
        if (this.closing && token) {
          // A graceful stop hands the job back without spending one of its attempts, as the
          // PostgreSQL driver's release does: otherwise a job caught by three restarts (deploys)
          // would be failed by BullMQ without its handler ever deciding so, and stay unfinished.
          await job.moveToWait(token);
          throw new WaitingError();
        }
        throw error;
      } finally {
        signal?.removeEventListener('abort', onAbort);
        this.controllers.delete(controller);
      }
    };
    this.worker = new Worker(this.queue.name, processor, {
      connection: this.connect('worker'),
      concurrency: options.concurrency,
      lockDuration: this.leaseMs,
      stalledInterval: Math.max(500, Math.floor(this.leaseMs / 2)),
      maxStalledCount: this.maxAttempts,
    });
    await this.worker.waitUntilReady();
  }

  async pendingCount(): Promise<number> {
    const counts = await this.answered(
      'pendingCount',
      this.queue.getJobCounts('wait', 'active', 'delayed', 'prioritized', 'waiting-children'),
    );
    return Object.values(counts).reduce((a, b) => a + b, 0);
  }

  async close(options: CloseOptions = {}): Promise<void> {
    if (this.worker) {
      if (!options.abandon) {
        this.closing = true;
        for (const c of this.controllers) c.abort();
      }
      await this.worker.close(options.abandon === true);
      this.worker = null;
    }
    await this.queue.close();
    await Promise.all(this.connections.map((c) => c.quit().catch(() => c.disconnect())));
  }
}
