import type { z } from 'zod';
import type { JobContext, JobHandler, QueuedJob } from './job-queue.port';

/** A typed job: its name, the schema its payload must pass, and what running it does. */
export interface JobDefinition<S extends z.ZodType> {
  name: string;
  payloadSchema: S;
  handle(payload: z.output<S>, job: QueuedJob, context: JobContext): Promise<void>;
}

/** Builds a job definition with its payload type inferred from the schema. */
export function defineJob<S extends z.ZodType>(definition: JobDefinition<S>): JobDefinition<S> {
  return definition;
}

/**
 * Turns definitions into the queue's handler map. Fails at boot when two definitions share a name
 * or when a job name the app enqueues has no handler, rather than at the first job.
 */
export function buildJobHandlers(
  // Method parameters are bivariant, so definitions with narrower payload schemas fit here.
  definitions: readonly JobDefinition<z.ZodType>[],
  required: readonly string[] = [],
): Record<string, JobHandler> {
  const handlers: Record<string, JobHandler> = {};
  for (const def of definitions) {
    if (handlers[def.name]) throw new Error(`Two job definitions are named "${def.name}".`);
    handlers[def.name] = async (job, context) => {
      const parsed = def.payloadSchema.safeParse(job.payload);
      if (!parsed.success)
        throw new Error(
          `Job ${job.id} (${def.name}) has an invalid payload: ${parsed.error.message}`,
        );
      await def.handle(parsed.data, job, context);
    };
  }
  const missing = required.filter((name) => !handlers[name]);
  if (missing.length > 0)
    throw new Error(`No handler is registered for job(s): ${missing.join(', ')}.`);
  return handlers;
}
