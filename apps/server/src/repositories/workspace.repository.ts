import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { WorkspacesTable } from '../db/tables/workspaces';

export type Workspace = Selectable<WorkspacesTable>;
export type WorkspaceRepository = ReturnType<typeof createWorkspaceRepository>;

/**
 * Workspaces. Every read and write takes the owner's id, so a workspace of another user is simply
 * not found (callers answer 404 and never learn that the id exists).
 */
export function createWorkspaceRepository(db: Kysely<DB>) {
  return {
    /**
     * Locks the owner's account row until the transaction ends, so concurrent creations count the
     * user's workspaces one after another (FOR NO KEY UPDATE: rows referencing the user can still be
     * inserted meanwhile).
     */
    async lockOwner(userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .forNoKeyUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async countForUser(userId: string): Promise<number> {
      const row = await db
        .selectFrom('workspaces')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('userId', '=', userId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    create(input: { userId: string; name: string }): Promise<Workspace> {
      return db.insertInto('workspaces').values(input).returningAll().executeTakeFirstOrThrow();
    },

    /** The user's workspaces, newest first. */
    listForUser(userId: string): Promise<Workspace[]> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },

    /** The workspace if it belongs to the user, else null. */
    async findForUser(userId: string, id: number): Promise<Workspace | null> {
      const row = await db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Reads and locks the user's workspace for the rest of the transaction, so a link, a sync and
     * an unlink of the same workspace happen one after another.
     */
    async lockForUser(userId: string, id: number): Promise<Workspace | null> {
      const row = await db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', id)
        .where('userId', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      return row ?? null;
    },

    async rename(userId: string, id: number, name: string): Promise<Workspace | null> {
      const row = await db
        .updateTable('workspaces')
        .set({ name, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('userId', '=', userId)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** Deletes the workspace and its catalogue; false when the user has no such workspace. */
    async delete(userId: string, id: number): Promise<boolean> {
      const r = await db
        .deleteFrom('workspaces')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) === 1;
    },

    /** Links (or re-links) the YouTube channel; `syncedAt` is when its catalogue was filled. */
    async setYouTubeChannel(
      id: number,
      channel: { channelId: string; title: string; avatarUrl: string | null; at: Date },
    ): Promise<Workspace> {
      return db
        .updateTable('workspaces')
        .set({
          youtubeChannelId: channel.channelId,
          youtubeChannelTitle: channel.title,
          youtubeAvatarUrl: channel.avatarUrl,
          youtubeLinkedAt: channel.at,
          youtubeSyncedAt: channel.at,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** After a sync: the channel's current title and avatar, and when the catalogue was refreshed. */
    async markYouTubeSynced(
      id: number,
      channel: { title: string; avatarUrl: string | null; at: Date },
    ): Promise<Workspace> {
      return db
        .updateTable('workspaces')
        .set({
          youtubeChannelTitle: channel.title,
          youtubeAvatarUrl: channel.avatarUrl,
          youtubeSyncedAt: channel.at,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async clearYouTubeChannel(id: number): Promise<Workspace> {
      return db
        .updateTable('workspaces')
        .set({
          youtubeChannelId: null,
          youtubeChannelTitle: null,
          youtubeAvatarUrl: null,
          youtubeLinkedAt: null,
          youtubeSyncedAt: null,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },
    /** Links (or re-links) the Instagram account with its encrypted token. */
    async setInstagram(
      id: number,
      link: {
        businessId: string;
        username: string | null;
        profilePictureUrl: string | null;
        tokenCiphertext: string;
        tokenExpiresAt: Date | null;
        tokenSource: 'instagram_login' | 'facebook';
        at: Date;
      },
    ): Promise<Workspace> {
      return db
        .updateTable('workspaces')
        .set({
          instagramBusinessId: link.businessId,
          instagramUsername: link.username,
          instagramProfilePictureUrl: link.profilePictureUrl,
          instagramTokenCiphertext: link.tokenCiphertext,
          instagramTokenExpiresAt: link.tokenExpiresAt,
          instagramTokenSource: link.tokenSource,
          instagramLinkedAt: link.at,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /**
     * Workspaces whose Instagram Login token is still valid at `now` but expires before `before`,
     * soonest first (Facebook Page tokens do not expire and have no expiry).
     */
    async listInstagramTokensExpiring(
      now: Date,
      before: Date,
      limit: number,
    ): Promise<Workspace[]> {
      return db
        .selectFrom('workspaces')
        .selectAll()
        .where('instagramTokenSource', '=', 'instagram_login')
        .where('instagramTokenCiphertext', 'is not', null)
        .where('instagramTokenExpiresAt', '>', now)
        .where('instagramTokenExpiresAt', '<', before)
        .orderBy('instagramTokenExpiresAt')
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /** Stores a refreshed Instagram token. */
    async setInstagramToken(
      id: number,
      token: { tokenCiphertext: string; tokenExpiresAt: Date | null },
    ): Promise<void> {
      await db
        .updateTable('workspaces')
        .set({
          instagramTokenCiphertext: token.tokenCiphertext,
          instagramTokenExpiresAt: token.tokenExpiresAt,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async markInstagramSynced(id: number, at: Date): Promise<void> {
      await db
        .updateTable('workspaces')
        .set({ instagramSyncedAt: at, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    /** Forgets the Instagram account and its token. */
    async clearInstagram(id: number): Promise<Workspace> {
      return db
        .updateTable('workspaces')
        .set({
          instagramBusinessId: null,
          instagramUsername: null,
          instagramProfilePictureUrl: null,
          instagramTokenCiphertext: null,
          instagramTokenExpiresAt: null,
          instagramTokenSource: null,
          instagramLinkedAt: null,
          instagramSyncedAt: null,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** A workspace by id whatever its owner (the analysis worker reads the token of a job's workspace). */
    async findById(id: number): Promise<Workspace | null> {
      const row = await db
        .selectFrom('workspaces')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
