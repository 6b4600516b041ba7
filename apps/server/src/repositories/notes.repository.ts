import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface StoredNotes {
  html: string;
  updatedAt: Date;
}

export type NotesRepository = ReturnType<typeof createNotesRepository>;

/** Notes per user and video. Writes are compare-and-set on `updated_at` (last-write detection). */
export function createNotesRepository(db: Kysely<DB>) {
  return {
    async find(userId: string, videoId: string): Promise<StoredNotes | null> {
      const row = await db
        .selectFrom('notes')
        .select(['html', 'updatedAt'])
        .where('userId', '=', userId)
        .where('videoId', '=', videoId)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Inserts the first version; false when a row already exists (someone saved first).
     */
    async insertIfAbsent(input: {
      userId: string;
      videoId: string;
      html: string;
      updatedAt: Date;
    }): Promise<boolean> {
      const rows = await db
        .insertInto('notes')
        .values(input)
        .onConflict((oc) => oc.columns(['userId', 'videoId']).doNothing())
        .returning('userId')
        .execute();
      return rows.length === 1;
    },

    /**
     * Replaces the notes only if the stored version is still `expected` (one statement, so two
     * concurrent saves from the same base cannot both win); false when it changed meanwhile.
     */
    async replaceIfUnchanged(input: {
      userId: string;
      videoId: string;
      html: string;
      updatedAt: Date;
      expected: Date;
    }): Promise<boolean> {
      const rows = await db
        .updateTable('notes')
        .set({ html: input.html, updatedAt: input.updatedAt })
        .where('userId', '=', input.userId)
        .where('videoId', '=', input.videoId)
        .where('updatedAt', '=', input.expected)
        .returning('userId')
        .execute();
      return rows.length === 1;
    },
  };
}
