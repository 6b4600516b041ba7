import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FailureWindow } from './login-attempt.repository';

/** The limits that count their events here (see services/rate-limit.ts). */
export type RateLimitScope =
  'signup' | 'llm_call' | 'password_reset' | 'email_verification' | 'sample_analysis';

export type RateLimitEventRepository = ReturnType<typeof createRateLimitEventRepository>;

/**
 * Counted events of the windowed limits, kept in SQL so every API process counts alike. A `key`
 * names what one limit counts: "ip:203.0.113.7", "user:<id>", "email:<address>".
 */
export function createRateLimitEventRepository(db: Kysely<DB>) {
  return {
    /** Records one event under each key; the ids let an event that was refused be taken back. */
    async record(input: { scope: RateLimitScope; keys: string[]; at: Date }): Promise<number[]> {
      if (input.keys.length === 0) return [];
      const rows = await db
        .insertInto('rateLimitEvents')
        .values(input.keys.map((key) => ({ scope: input.scope, key, createdAt: input.at })))
        .returning('id')
        .execute();
      return rows.map((r) => Number(r.id));
    },

    /** Events under `key` since `since`, and the oldest of them. */
    async since(input: {
      scope: RateLimitScope;
      key: string;
      since: Date;
    }): Promise<FailureWindow> {
      const row = await db
        .selectFrom('rateLimitEvents')
        .select([
          sql<number>`count(*)::int`.as('count'),
          sql<Date | null>`min(created_at)`.as('oldest'),
        ])
        .where('scope', '=', input.scope)
        .where('key', '=', input.key)
        .where('createdAt', '>=', input.since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
    },

    async deleteByIds(ids: number[]): Promise<void> {
      if (ids.length === 0) return;
      await db.deleteFrom('rateLimitEvents').where('id', 'in', ids).execute();
    },

    /** Forgets every event under these keys, in every scope (an account is being deleted). */
    async deleteForKeys(keys: string[]): Promise<void> {
      if (keys.length === 0) return;
      await db.deleteFrom('rateLimitEvents').where('key', 'in', keys).execute();
    },

    /** Drops the scope's rows older than its window can look at. */
    async pruneBefore(input: { scope: RateLimitScope; before: Date }): Promise<void> {
      await db
        .deleteFrom('rateLimitEvents')
        .where('scope', '=', input.scope)
        .where('createdAt', '<', input.before)
        .execute();
    },
  };
}
