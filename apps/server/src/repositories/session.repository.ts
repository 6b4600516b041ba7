import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface SessionWithUser {
  sessionId: number;
  userId: string;
  email: string | null;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
}

export type SessionRepository = ReturnType<typeof createSessionRepository>;

/** Bearer-token sessions, looked up by the SHA-256 of the token. */
export function createSessionRepository(db: Kysely<DB>) {
  return {
    async create(
      input: { userId: string; tokenHash: string; createdAt: Date; expiresAt: Date },
      trx: Kysely<DB> = db,
    ): Promise<number> {
      const row = await trx
        .insertInto('sessions')
        .values(input)
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async findByTokenHash(tokenHash: string): Promise<SessionWithUser | null> {
      const row = await db
        .selectFrom('sessions')
        .innerJoin('users', 'users.id', 'sessions.userId')
        .select([
          'sessions.id as sessionId',
          'sessions.userId',
          'users.email',
          'sessions.createdAt',
          'sessions.expiresAt',
          'sessions.revokedAt',
        ])
        .where('sessions.tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Whether the session is still open at `at` (neither revoked nor expired). */
    async isOpen(sessionId: number, at: Date): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('id')
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .where('expiresAt', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Marks the session revoked; a second call keeps the first revocation time. */
    async revoke(sessionId: number, at: Date): Promise<void> {
      await db
        .updateTable('sessions')
        .set({ revokedAt: at })
        .where('id', '=', sessionId)
        .where('revokedAt', 'is', null)
        .execute();
    },

    /** Revokes every open session of the user; returns how many were open. */
    async revokeAllForUser(userId: string, at: Date): Promise<number> {
      const result = await db
        .updateTable('sessions')
        .set({ revokedAt: at })
        .where('userId', '=', userId)
        .where('revokedAt', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Revokes the user's open sessions (not revoked, not expired at `at`) beyond the newest `keep`,
     * oldest first; returns how many it revoked.
     */
    async revokeOpenBeyondNewest(
      input: { userId: string; keep: number; at: Date },
      trx: Kysely<DB> = db,
    ): Promise<number> {
      const open = (q: Kysely<DB>) =>
        q
          .selectFrom('sessions')
          .select('id')
          .where('userId', '=', input.userId)
          .where('revokedAt', 'is', null)
          .where('expiresAt', '>', input.at);
      const result = await trx
        .updateTable('sessions')
        .set({ revokedAt: input.at })
        .where('id', 'in', open(trx))
        .where(
          'id',
          'not in',
          open(trx).orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(input.keep),
        )
        .executeTakeFirst();
      return Number(result.numUpdatedRows);
    },

    /**
     * Deletes the sessions that ended (expired or were revoked) before `cutoff`; a token of one then
     * reads as unknown. Returns how many were deleted.
     */
    async deleteEndedBefore(cutoff: Date): Promise<number> {
      const result = await db
        .deleteFrom('sessions')
        .where((eb) => eb.or([eb('expiresAt', '<', cutoff), eb('revokedAt', '<', cutoff)]))
        .executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
