import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

/**
 * The tables of e-mailed one-time links: password reset (an hour) and address confirmation (a
 * day). Same columns, kept apart so neither kind of link can be used as the other.
 */
export type OneTimeLinkTable = 'passwordResetTokens' | 'emailVerificationTokens';

export type OneTimeLinkRepository = ReturnType<typeof createOneTimeLinkRepository>;

/** E-mailed one-time links of one kind, looked up by the SHA-256 of their token. */
export function createOneTimeLinkRepository(db: Kysely<DB>, kind: OneTimeLinkTable) {
  // Both tables have the same columns; the queries are typed against one of them.
  const table = kind as 'passwordResetTokens';
  return {
    async create(input: {
      userId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto(table).values(input).execute();
    },

    /** The account of a link that is still open (not used, not expired), without using it. */
    async findOpen(tokenHash: string, at: Date): Promise<{ userId: string } | null> {
      const row = await db
        .selectFrom(table)
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Marks the link used if it is still open (not used, not expired), and belongs to `userId` when
     * one is given; returns its account, or null. One statement, so of two requests with the same
     * token only one gets the account.
     */
    async consume(
      tokenHash: string,
      at: Date,
      options: { userId?: string } = {},
    ): Promise<{ userId: string } | null> {
      let query = db
        .updateTable(table)
        .set({ usedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at);
      if (options.userId !== undefined) query = query.where('userId', '=', options.userId);
      const row = await query.returning('userId').executeTakeFirst();
      return row ?? null;
    },

    /** Voids every open link of the account (a newer one was asked for, or one was used). */
    async voidOpenForUser(userId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable(table)
        .set({ usedAt: at })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes links that expired before `cutoff` (used or not): nothing can use them any more. */
    async deleteExpiredBefore(cutoff: Date): Promise<number> {
      const result = await db.deleteFrom(table).where('expiresAt', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
