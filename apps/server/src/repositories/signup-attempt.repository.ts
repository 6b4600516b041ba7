import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FailureWindow } from './login-attempt.repository';

export type SignupAttemptRepository = ReturnType<typeof createSignupAttemptRepository>;

/** E-mail sign-ups by address, kept in SQL so every API process sees the same counts. */
export function createSignupAttemptRepository(db: Kysely<DB>) {
  return {
    /** Records one sign-up from `ip`; its id lets one that made no account take it back. */
    async record(input: { ip: string; at: Date }): Promise<number> {
      const row = await db
        .insertInto('signupAttempts')
        .values({ ip: input.ip, createdAt: input.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Sign-ups from `ip` since `since`, and the oldest of them. */
    async since(input: { ip: string; since: Date }): Promise<FailureWindow> {
      const row = await db
        .selectFrom('signupAttempts')
        .select([
          sql<number>`count(*)::int`.as('count'),
          sql<Date | null>`min(created_at)`.as('oldest'),
        ])
        .where('ip', '=', input.ip)
        .where('createdAt', '>=', input.since)
        .executeTakeFirstOrThrow();
      return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('signupAttempts').where('id', '=', id).execute();
    },

    /** Drops rows older than any window can look at. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('signupAttempts').where('createdAt', '<', before).execute();
    },
  };
}
