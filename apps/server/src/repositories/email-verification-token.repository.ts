import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type EmailVerificationTokenRepository = ReturnType<
  typeof createEmailVerificationTokenRepository
>;

/** E-mailed confirmation links of an address, looked up by the SHA-256 of their token. */
export function createEmailVerificationTokenRepository(db: Kysely<DB>) {
  return {
    async create(input: {
      userId: string;
      tokenHash: string;
      createdAt: Date;
      expiresAt: Date;
    }): Promise<void> {
      await db.insertInto('emailVerificationTokens').values(input).execute();
    },

    /**
     * Marks the link used if it is still open (not used, not expired) and belongs to `userId`; true
     * when it did. One statement, so of two requests with the same token only one succeeds.
     */
    async consumeFor(tokenHash: string, userId: string, at: Date): Promise<boolean> {
      const row = await db
        .updateTable('emailVerificationTokens')
        .set({ usedAt: at })
        .where('tokenHash', '=', tokenHash)
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .where('expiresAt', '>', at)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Voids every open link of the account (a newer one was asked for, or the address was proven). */
    async voidOpenForUser(userId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('emailVerificationTokens')
        .set({ usedAt: at })
        .where('userId', '=', userId)
        .where('usedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /** Deletes links that expired before `cutoff` (used or not): nothing can use them any more. */
    async deleteExpiredBefore(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('emailVerificationTokens')
        .where('expiresAt', '<', cutoff)
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
