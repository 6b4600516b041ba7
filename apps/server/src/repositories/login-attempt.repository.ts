import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface FailureWindow {
  /** Failures since the window start. */
  count: number;
  /** The oldest failure in the window (when the count next drops), or null when count is 0. */
  oldest: Date | null;
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;

/** Failed sign-ins, kept in SQL so every API process sees the same counts. */
export function createLoginAttemptRepository(db: Kysely<DB>) {
  return {
    /** Records one failure; its id lets an attempt that was never judged take it back. */
    async recordFailure(input: { ip: string; email: string; at: Date }): Promise<number> {
      const row = await db
        .insertInto('loginAttempts')
        .values({ ip: input.ip, email: input.email, createdAt: input.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('loginAttempts').where('id', '=', id).execute();
    },

    /** Failures from `ip` (and for `email`, when given) since `since`. */
    async failuresSince(input: {
      ip: string;
      email?: string;
      since: Date;
    }): Promise<FailureWindow> {
      let query = db
        .selectFrom('loginAttempts')
        .select([
          sql<number>`count(*)::int`.as('count'),
          sql<Date | null>`min(created_at)`.as('oldest'),
        ])
        .where('ip', '=', input.ip)
        .where('createdAt', '>=', input.since);
      if (input.email !== undefined) query = query.where('email', '=', input.email);
      const row = await query.executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
    },

    /** A successful sign-in forgets that address's failures for that e-mail. */
    async clear(input: { ip: string; email: string }): Promise<void> {
      await db
        .deleteFrom('loginAttempts')
        .where('ip', '=', input.ip)
        .where('email', '=', input.email)
        .execute();
    },

    /** Forgets every failure recorded for the e-mail (the account is being deleted). */
    async deleteForEmail(email: string): Promise<void> {
      await db.deleteFrom('loginAttempts').where('email', '=', email).execute();
    },

    /** Drops rows older than any window can look at. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('loginAttempts').where('createdAt', '<', before).execute();
    },
  };
}
