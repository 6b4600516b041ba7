import { z } from 'zod';

/** GET /health/live: the process runs and serves HTTP. */
export const LiveReplySchema = z.object({ status: z.literal('ok') });
export type LiveReply = z.infer<typeof LiveReplySchema>;

/** GET /health: the database and the job queue answer. */
export const HealthReplySchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
  /** `postgres` or `bullmq`. */
  queue: z.string(),
});
export type HealthReply = z.infer<typeof HealthReplySchema>;

/** A start-up task's state in this process. */
export const StartupTaskStateSchema = z.enum(['not_used', 'pending', 'ok', 'failed']);

/** GET /health/ready: ready to serve, with the checks made. */
export const ReadyReplySchema = HealthReplySchema.extend({
  /** What this process runs: the API and the worker, or one of them. */
  role: z.enum(['all', 'api', 'worker']),
  checks: z.object({
    /** `ok`, `failed`, or `not_used` in a process that does not do it. */
    migrations: StartupTaskStateSchema,
    embeddingModel: StartupTaskStateSchema,
    database: z.literal('ok'),
    queue: z.literal('ok'),
  }),
});
export type ReadyReply = z.infer<typeof ReadyReplySchema>;
