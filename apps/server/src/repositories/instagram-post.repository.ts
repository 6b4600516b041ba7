import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { InstagramPostsTable } from '../db/tables/workspaces';

export type InstagramPost = Selectable<InstagramPostsTable>;
export type InstagramPostRepository = ReturnType<typeof createInstagramPostRepository>;

export interface InstagramPostEntry {
  mediaId: string;
  mediaType: string;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  caption: string | null;
  timestamp: string | null;
  permalink: string | null;
  commentsCount: number | null;
}

/** The posts of each workspace's Instagram account. */
export function createInstagramPostRepository(db: Kysely<DB>) {
  return {
    /**
     * Makes the workspace's posts exactly `entries`: new ones inserted, known ones updated (media
     * addresses expire, captions change), the others deleted. Answers how many the workspace holds.
     */
    async replaceAll(workspaceId: number, entries: InstagramPostEntry[]): Promise<number> {
      const ids = entries.map((e) => e.mediaId);
      let del = db.deleteFrom('instagramPosts').where('workspaceId', '=', workspaceId);
      if (ids.length > 0) del = del.where('mediaId', 'not in', ids);
      await del.execute();
      if (entries.length > 0) {
        await db
          .insertInto('instagramPosts')
          .values(entries.map((e) => ({ ...e, workspaceId })))
          .onConflict((oc) =>
            oc.columns(['workspaceId', 'mediaId']).doUpdateSet((eb) => ({
              mediaType: eb.ref('excluded.mediaType'),
              mediaUrl: eb.ref('excluded.mediaUrl'),
              thumbnailUrl: eb.ref('excluded.thumbnailUrl'),
              caption: eb.ref('excluded.caption'),
              timestamp: eb.ref('excluded.timestamp'),
              permalink: eb.ref('excluded.permalink'),
              commentsCount: eb.ref('excluded.commentsCount'),
              updatedAt: sql<Date>`now()`,
            })),
          )
          .execute();
      }
      return entries.length;
    },

    /** The workspace's posts, newest first (posts without a date last). */
    list(workspaceId: number): Promise<InstagramPost[]> {
      return db
        .selectFrom('instagramPosts')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy(sql`timestamp desc nulls last`)
        .orderBy('mediaId', 'desc')
        .execute();
    },

    async find(workspaceId: number, mediaId: string): Promise<InstagramPost | null> {
      const row = await db
        .selectFrom('instagramPosts')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('mediaId', '=', mediaId)
        .executeTakeFirst();
      return row ?? null;
    },

    async deleteAll(workspaceId: number): Promise<void> {
      await db.deleteFrom('instagramPosts').where('workspaceId', '=', workspaceId).execute();
    },
  };
}
