import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface StoredShare {
  id: string;
  userId: string;
  jobId: string;
  videoId: string;
  createdAt: Date;
  expiresAt: Date | null;
}

export type ReportShareRepository = ReturnType<typeof createReportShareRepository>;

const COLUMNS = ['id', 'userId', 'jobId', 'videoId', 'createdAt', 'expiresAt'] as const;

/** Read-only links to reports, found by the SHA-256 of their token. */
export function createReportShareRepository(db: Kysely<DB>) {
  return {
    async insert(input: Omit<StoredShare, 'id'> & { tokenHash: string }): Promise<StoredShare> {
      return db
        .insertInto('reportShares')
        .values(input)
        .returning([...COLUMNS])
        .executeTakeFirstOrThrow();
    },

    /** The owner's links to the video's reports, newest first. */
    async listForUserVideo(userId: string, videoId: string): Promise<StoredShare[]> {
      return db
        .selectFrom('reportShares')
        .select([...COLUMNS])
        .where('userId', '=', userId)
        .where('videoId', '=', videoId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    async countForUserVideo(userId: string, videoId: string): Promise<number> {
      const row = await db
        .selectFrom('reportShares')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('userId', '=', userId)
        .where('videoId', '=', videoId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async findByTokenHash(tokenHash: string): Promise<StoredShare | null> {
      const row = await db
        .selectFrom('reportShares')
        .select([...COLUMNS])
        .where('tokenHash', '=', tokenHash)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Deletes the owner's link; false when the user has no link with that id. */
    async deleteForUser(userId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('reportShares')
        .where('userId', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
