import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type PasswordResetTokenRepository = ReturnType<typeof createPasswordResetTokenRepository>;

/** E-mailed password reset links, looked up by the SHA-256 of their token. */
export function createPasswordResetTokenRepository(db: Kysely<DB>) {
  return {
    async create(input: {
      userId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto('passwordResetTokens').values(input).execute();
    },

    /**
     * Marks the link used if it is still open (not used, not expired) and returns its account, or
     * null. One statement, so of two requests with the same token only one gets the account.
     */
    async consume(tokenHash: string, at: Date): Promise<{ userId: string } | null> {
      const row = await db
        .updateTable('passwordResetTokens')
        .set({ usedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .returning('userId')
        .executeTakeFirst();
      return row ?? null;
    },

    /** The account of an open link (not used, not expired), or null; changes nothing. */
    async findOpen(tokenHash: string, at: Date): Promise<{ userId: string } | null> {
      const row = await db
        .selectFrom('passwordResetTokens')
        .select('userId')
        .where('tokenHash', '=', tokenHash)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Voids every open link of the account (a newer one was asked for, or one was used). */
    async voidOpenForUser(userId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('passwordResetTokens')
        .set({ usedAt: at })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes links that expired before `cutoff` (used or not): nothing can use them any more. */
    async deleteExpiredBefore(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('passwordResetTokens')
        .where('expiresAt', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
