import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toJsonb } from '../db/storable-text';

export interface ClaimedQueueJob {
  id: string;
  name: string;
  payload: unknown;
  attempts: number;
  maxAttempts: number;
}

export type QueueJobRepository = ReturnType<typeof createQueueJobRepository>;

/**
 * SQL of the PostgreSQL job queue. Leases use the database clock (`now()`), so processes on
 * different machines agree on when a lease has expired.
 */
export function createQueueJobRepository(db: Kysely<DB>) {
  return {
    /**
     * Inserts a queued job. An id that is queued or running is left alone; one given up on
     * (failed after its attempts) is queued again, keeping its attempt count.
     */
    async enqueue(input: {
      queue: string;
      id: string;
      name: string;
      payload: unknown;
      priority: number;
      maxAttempts: number;
    }): Promise<void> {
      await db
        .insertInto('queueJobs')
        .values({
          id: input.id,
          queue: input.queue,
          name: input.name,
          payload: toJsonb(input.payload ?? null),
          priority: input.priority,
          status: 'queued',
          attempts: 0,
          maxAttempts: input.maxAttempts,
          runAfter: sql<Date>`now()`,
        })
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet({
              status: 'queued',
              runAfter: sql<Date>`now()`,
              leaseOwner: null,
              leaseExpiresAt: null,
              updatedAt: sql<Date>`now()`,
            })
            .where('queueJobs.status', '=', 'failed'),
        )
        .execute();
    },

    /**
     * Takes the next runnable job (queued and due, or active with an expired lease: its worker
     * died), highest priority first. SKIP LOCKED lets many workers claim at once without waiting
     * on each other or taking the same row.
     */
    async claim(queue: string, owner: string, leaseMs: number): Promise<ClaimedQueueJob | null> {
      const result = await sql<Omit<ClaimedQueueJob, 'payload'> & { payloadJson: string }>`
        update queue_jobs
           set status = 'active',
               attempts = attempts + 1,
               lease_owner = ${owner},
               lease_expires_at = now() + ${leaseMs} * interval '1 millisecond',
               updated_at = now()
         where id = (
           select id from queue_jobs
            where queue = ${queue}
              and ((status = 'queued' and run_after <= now())
                or (status = 'active' and lease_expires_at < now()))
            order by priority desc, created_at, id
            limit 1
            for update skip locked)
        returning id, name, payload::text as payload_json, attempts, max_attempts`.execute(db);
      const row = result.rows[0];
      if (!row) return null;
      // Parsed here, not by the driver: the CamelCasePlugin would rename keys inside the payload.
      const { payloadJson, ...rest } = row;
      return { ...rest, payload: JSON.parse(payloadJson) as unknown };
    },

    /** Extends the lease; false when this owner no longer holds the job. */
    async heartbeat(id: string, owner: string, leaseMs: number): Promise<boolean> {
      const r = await db
        .updateTable('queueJobs')
        .set({
          leaseExpiresAt: sql<Date>`now() + ${leaseMs} * interval '1 millisecond'`,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .where('status', '=', 'active')
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    /** Done: the row is removed (the job's own tables keep its outcome). */
    async complete(id: string, owner: string): Promise<void> {
      await db
        .deleteFrom('queueJobs')
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .execute();
    },

    /** After a thrown error: back to the queue after `delayMs`, or failed for good at the limit. */
    async fail(id: string, owner: string, error: string, delayMs: number): Promise<void> {
      await db
        .updateTable('queueJobs')
        .set({
          status: sql`case when attempts >= max_attempts then 'failed' else 'queued' end`,
          runAfter: sql<Date>`now() + ${delayMs} * interval '1 millisecond'`,
          leaseOwner: null,
          leaseExpiresAt: null,
          lastError: error.slice(0, 2000),
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .execute();
    },

    /** A graceful stop: hand the job back at once without counting the attempt. */
    async release(id: string, owner: string): Promise<void> {
      await db
        .updateTable('queueJobs')
        .set({
          status: 'queued',
          attempts: sql`greatest(attempts - 1, 0)`,
          leaseOwner: null,
          leaseExpiresAt: null,
          runAfter: sql<Date>`now()`,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('leaseOwner', '=', owner)
        .execute();
    },

    async pendingCount(queue: string): Promise<number> {
      const row = await db
        .selectFrom('queueJobs')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('queue', '=', queue)
        .where('status', 'in', ['queued', 'active'])
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },
  };
}
