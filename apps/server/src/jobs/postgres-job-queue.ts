import { randomUUID } from 'node:crypto';
import type { QueueJobRepository } from '../repositories/queue-job.repository';
import type {
  CloseOptions,
  EnqueueOptions,
  JobHandler,
  JobQueue,
  WorkOptions,
} from './job-queue.port';
import { LeaseLostError } from './job-queue.port';

export interface PostgresJobQueueOptions {
  repository: QueueJobRepository;
  /** Queue name (one table holds many queues; tests use a fresh one each). */
  queue?: string;
  leaseMs?: number;
  /** How often an idle worker looks for work. */
  pollMs?: number;
  maxAttempts?: number;
  /** A queue error; `jobId` when it concerns one job (its heartbeat, its outcome's write). */
  onError?: (error: unknown, context?: { jobId: string }) => void;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Jobs in the `queue_jobs` table of the app's own database (PGlite or a PostgreSQL server), so
 * nothing else needs to run and a restart resumes queued and interrupted jobs. A running job holds
 * a lease renewed by a heartbeat; when a worker dies its lease runs out and another claims it.
 */
export class PostgresJobQueue implements JobQueue {
  readonly driver = 'postgres';
  private readonly repo: QueueJobRepository;
  private readonly queue: string;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly maxAttempts: number;
  private readonly owner = `${process.pid}-${randomUUID()}`;
  private running = false;
  private abandoned = false;
  private loops: Promise<void>[] = [];
  private readonly active = new Map<string, AbortController>();
  private wake: (() => void) | null = null;

  constructor(private readonly options: PostgresJobQueueOptions) {
    this.repo = options.repository;
    this.queue = options.queue ?? 'default';
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollMs = options.pollMs ?? 500;
    this.maxAttempts = options.maxAttempts ?? 3;
  }

  async enqueue(name: string, payload: unknown, options: EnqueueOptions): Promise<void> {
    await this.repo.enqueue({
      queue: this.queue,
      id: options.jobId,
      name,
      payload,
      priority: options.priority ?? 0,
      maxAttempts: this.maxAttempts,
    });
    this.wake?.();
  }

  work(handlers: Readonly<Record<string, JobHandler>>, options: WorkOptions): Promise<void> {
    if (this.running) return Promise.reject(new Error('This queue is already working.'));
    this.running = true;
    for (let i = 0; i < options.concurrency; i++) this.loops.push(this.loop(handlers));
    return Promise.resolve();
  }

  private async idle(): Promise<void> {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(done, this.pollMs);
      const previous = this.wake;
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = () => {
        previous?.();
        done();
      };
    });
    this.wake = null;
  }

  private async loop(handlers: Readonly<Record<string, JobHandler>>): Promise<void> {
    while (this.running) {
      let job;
      try {
        job = await this.repo.claim(this.queue, this.owner, this.leaseMs);
      } catch (error) {
        if (!this.running) return;
        this.options.onError?.(error);
        await sleep(this.pollMs);
        continue;
      }
      if (!job) {
        await this.idle();
        continue;
      }
      await this.run(job, handlers);
    }
  }

  private async run(
    job: { id: string; name: string; payload: unknown; attempts: number },
    handlers: Readonly<Record<string, JobHandler>>,
  ): Promise<void> {
    const controller = new AbortController();
    this.active.set(job.id, controller);
    const beat = setInterval(
      () => {
        if (this.abandoned) return;
        this.repo.heartbeat(job.id, this.owner, this.leaseMs).then(
          (held) => {
            if (!held) controller.abort(new LeaseLostError());
          },
          (error: unknown) => this.options.onError?.(error, { jobId: job.id }),
        );
      },
      Math.max(50, Math.floor(this.leaseMs / 3)),
    );
    let failure: { error: unknown } | null = null;
    try {
      const handler = handlers[job.name];
      if (!handler) throw new Error(`No handler for job "${job.name}".`);
      await handler(
        { id: job.id, name: job.name, payload: job.payload, attempt: job.attempts },
        { signal: controller.signal },
      );
    } catch (error) {
      failure = { error };
    } finally {
      clearInterval(beat);
      this.active.delete(job.id);
    }
    if (this.abandoned) return;
    try {
      if (!failure) {
        await this.repo.complete(job.id, this.owner);
      } else if (!this.running) {
        await this.repo.release(job.id, this.owner);
      } else {
        const { error } = failure;
        const backoff = Math.min(60_000, 250 * 2 ** job.attempts);
        await this.repo.fail(
          job.id,
          this.owner,
          error instanceof Error ? error.message : String(error),
          backoff,
        );
      }
    } catch (error) {
      // The database did not take the outcome (a restart, a dropped connection). The job keeps
      // its lease until it expires and is then delivered again (handlers are idempotent); the
      // worker loop itself must survive, or this process would stop taking jobs.
      this.options.onError?.(error, { jobId: job.id });
    }
  }

  pendingCount(): Promise<number> {
    return this.repo.pendingCount(this.queue);
  }

  async close(options: CloseOptions = {}): Promise<void> {
    if (!this.running) return;
    this.running = false;
    this.wake?.();
    if (options.abandon) {
      // Like a crash: no more heartbeats or writes; the leases expire on their own.
      this.abandoned = true;
      return;
    }
    for (const c of this.active.values()) c.abort(new Error('The worker is shutting down.'));
    await Promise.all(this.loops);
    this.loops = [];
  }
}
