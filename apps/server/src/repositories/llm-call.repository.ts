import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type LlmCallRepository = ReturnType<typeof createLlmCallRepository>;

/** Language-model calls per account, kept in SQL so every API process counts the same calls. */
export function createLlmCallRepository(db: Kysely<DB>) {
  return {
    /** Records one call; its id lets a call that was not made take it back. */
    async record(input: { userId: string; at: Date }): Promise<number> {
      const row = await db
        .insertInto('llmCalls')
        .values({ userId: input.userId, createdAt: input.at })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The account's calls since `since` (the one just recorded included). */
    async countSince(input: { userId: string; since: Date }): Promise<number> {
      const row = await db
        .selectFrom('llmCalls')
        .select(sql<number>`count(*)::int`.as('count'))
        .where('userId', '=', input.userId)
        .where('createdAt', '>=', input.since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('llmCalls').where('id', '=', id).execute();
    },

    /** Drops the account's rows older than the window looks at. */
    async pruneBefore(input: { userId: string; before: Date }): Promise<void> {
      await db
        .deleteFrom('llmCalls')
        .where('userId', '=', input.userId)
        .where('createdAt', '<', input.before)
        .execute();
    },
  };
}
