/**
 * The job queue: at-least-once delivery with leases. A job whose worker dies (crash, kill -9,
 * lost machine) is handed to another worker once its lease expires, so handlers must be
 * idempotent; the analysis handler is (its final write is one transaction keyed by the job id).
 */

export interface QueuedJob {
  /**
   * Unique per job; enqueueing an id that is already queued or running is a no-op, and one the
   * queue gave up on (attempts used up) is queued again with its attempt count kept.
   */
  id: string;
  name: string;
  payload: unknown;
  /** 1 on the first delivery, 2 after one lost lease or thrown error, and so on. */
  attempt: number;
}

export interface JobContext {
  /** Aborted when the worker shuts down or loses the job's lease; stop work promptly. */
  signal: AbortSignal;
}

export type JobHandler = (job: QueuedJob, context: JobContext) => Promise<void>;

/**
 * The abort reason when a worker finds its lease taken: another worker holds the job now, so the
 * handler stops without touching the job's state (its new owner writes it).
 */
export class LeaseLostError extends Error {
  constructor() {
    super('The job lease was lost.');
    this.name = 'LeaseLostError';
  }
}

export interface EnqueueOptions {
  jobId: string;
  /** Higher runs first (Pro and Advanced accounts jump the queue). Default 0. */
  priority?: number;
}

export interface WorkOptions {
  concurrency: number;
}

export interface CloseOptions {
  /**
   * Stop at once without finishing or releasing running jobs, as a crash would; their leases
   * then expire and another worker takes them. Used by tests that simulate a dead worker.
   */
  abandon?: boolean;
}

export interface JobQueue {
  /** `postgres` or `bullmq`. */
  readonly driver: string;
  enqueue(name: string, payload: unknown, options: EnqueueOptions): Promise<void>;
  /** Starts processing with one handler per job name. Resolves once the worker is running. */
  work(handlers: Readonly<Record<string, JobHandler>>, options: WorkOptions): Promise<void>;
  /** Counts of jobs waiting or running (for health checks and tests). */
  pendingCount(): Promise<number>;
  close(options?: CloseOptions): Promise<void>;
}

/** Higher number, higher priority: the plans that buy priority processing. */
export function priorityForPlan(plan: string): number {
  return plan === 'pro' || plan === 'advanced' ? 10 : 0;
}
