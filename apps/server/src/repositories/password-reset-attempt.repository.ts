import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { FailureWindow } from './login-attempt.repository';

export type PasswordResetAttemptRepository = ReturnType<
  typeof createPasswordResetAttemptRepository
>;

/** Password reset requests by e-mail and address, kept in SQL so every API process sees them. */
export function createPasswordResetAttemptRepository(db: Kysely<DB>) {
  const count = async (column: 'email' | 'ip', value: string, since: Date) => {
    const row = await db
      .selectFrom('passwordResetAttempts')
      .select([
        sql<number>`count(*)::int`.as('count'),
        sql<Date | null>`min(created_at)`.as('oldest'),
      ])
      .where(column, '=', value)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    return { count: Number(row.count), oldest: row.oldest ? new Date(row.oldest) : null };
  };

  return {
    /** Records one request; its id lets a refused one be taken back. */
    async record(input: { ip: string; email: string; at: Date }): Promise<number> {
      const row = await db
        .insertInto('passwordResetAttempts')
        .values({ ip: input.ip, email: input.email, createdAt: input.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** Requests for `email` since `since`, and the oldest of them. */
    forEmailSince(email: string, since: Date): Promise<FailureWindow> {
      return count('email', email, since);
    },

    /** Requests from `ip` since `since`, and the oldest of them. */
    fromIpSince(ip: string, since: Date): Promise<FailureWindow> {
      return count('ip', ip, since);
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('passwordResetAttempts').where('id', '=', id).execute();
    },

    /** Forgets every request made for the e-mail (the account is being deleted). */
    async deleteForEmail(email: string): Promise<void> {
      await db.deleteFrom('passwordResetAttempts').where('email', '=', email).execute();
    },

    /** Drops rows older than any window can look at. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('passwordResetAttempts').where('createdAt', '<', before).execute();
    },
  };
}
