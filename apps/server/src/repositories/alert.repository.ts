import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { AlertMetric, AlertRulesTable, NotificationsTable } from '../db/tables/alerts';

export type AlertRule = Selectable<AlertRulesTable>;
export type StoredNotification = Selectable<NotificationsTable>;
export type AlertRepository = ReturnType<typeof createAlertRepository>;

/** A rule to check, with the workspace's name and owner. */
export interface RuleToCheck extends AlertRule {
  userId: string;
  workspaceName: string;
}

/**
 * Alert rules of workspaces (callers check the workspace belongs to the user first) and the
 * notifications their firings leave for the workspace's owner.
 */
export function createAlertRepository(db: Kysely<DB>) {
  return {
    listRules(workspaceId: number): Promise<AlertRule[]> {
      return db
        .selectFrom('alertRules')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('createdAt')
        .orderBy('id')
        .execute();
    },

    async countRules(workspaceId: number): Promise<number> {
      const row = await db
        .selectFrom('alertRules')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    createRule(input: {
      workspaceId: number;
      metric: AlertMetric;
      threshold: number;
      enabled: boolean;
      createdAt: Date;
    }): Promise<AlertRule> {
      return db.insertInto('alertRules').values(input).returningAll().executeTakeFirstOrThrow();
    },

    /** The workspace's rule, or null (also for another workspace's rule). */
    async findRule(workspaceId: number, ruleId: string): Promise<AlertRule | null> {
      const row = await db
        .selectFrom('alertRules')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', ruleId)
        .executeTakeFirst();
      return row ?? null;
    },

    async updateRule(
      workspaceId: number,
      ruleId: string,
      update: { enabled?: boolean; threshold?: number },
    ): Promise<AlertRule | null> {
      const row = await db
        .updateTable('alertRules')
        .set(update)
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', ruleId)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async deleteRule(workspaceId: number, ruleId: string): Promise<boolean> {
      const r = await db
        .deleteFrom('alertRules')
        .where('workspaceId', '=', workspaceId)
        .where('id', '=', ruleId)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /**
     * The enabled rules of the user's workspaces that hold the analysed item: the workspace the
     * analysis was started from, and every workspace of the user whose catalogue lists the video
     * (`youtubeVideoId`) or whose Instagram account has the post (`mediaId`).
     */
    listEnabledRulesFor(input: {
      userId: string;
      workspaceId: number | null;
      youtubeVideoId: string | null;
      mediaId: string | null;
    }): Promise<RuleToCheck[]> {
      return db
        .selectFrom('alertRules as r')
        .innerJoin('workspaces as w', 'w.id', 'r.workspaceId')
        .selectAll('r')
        .select(['w.userId', 'w.name as workspaceName'])
        .where('w.userId', '=', input.userId)
        .where('r.enabled', '=', true)
        .where((eb) =>
          eb.or([
            ...(input.workspaceId !== null ? [eb('w.id', '=', input.workspaceId)] : []),
            ...(input.youtubeVideoId !== null
              ? [
                  eb.exists(
                    eb
                      .selectFrom('workspaceVideos as wv')
                      .select('wv.id')
                      .whereRef('wv.workspaceId', '=', 'w.id')
                      .where('wv.youtubeVideoId', '=', input.youtubeVideoId),
                  ),
                ]
              : []),
            ...(input.mediaId !== null
              ? [
                  eb.exists(
                    eb
                      .selectFrom('instagramPosts as p')
                      .select('p.id')
                      .whereRef('p.workspaceId', '=', 'w.id')
                      .where('p.mediaId', '=', input.mediaId),
                  ),
                ]
              : []),
          ]),
        )
        .orderBy('r.createdAt')
        .orderBy('r.id')
        .execute();
    },

    /**
     * Marks the rule fired at `at` unless it is off or fired after `notBefore`; true when this call
     * fired it. One conditional UPDATE: a second caller waits for the first one's row lock, then
     * reads the new `last_fired_at` and changes nothing, so two finishing analyses fire it once.
     */
    async tryFire(ruleId: string, at: Date, notBefore: Date): Promise<boolean> {
      const r = await db
        .updateTable('alertRules')
        .set({ lastFiredAt: at })
        .where('id', '=', ruleId)
        .where('enabled', '=', true)
        .where((eb) => eb.or([eb('lastFiredAt', 'is', null), eb('lastFiredAt', '<=', notBefore)]))
        .executeTakeFirst();
      return Number(r.numUpdatedRows) > 0;
    },

    insertNotification(
      input: Omit<StoredNotification, 'id' | 'readAt'>,
    ): Promise<StoredNotification> {
      return db.insertInto('notifications').values(input).returningAll().executeTakeFirstOrThrow();
    },

    /** The user's newest notifications first, at most `limit`. */
    listNotifications(userId: string, limit: number): Promise<StoredNotification[]> {
      return db
        .selectFrom('notifications')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async countUnread(userId: string): Promise<number> {
      const row = await db
        .selectFrom('notifications')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** Marks the user's notification read (a read one keeps its time); null when not theirs. */
    async markRead(userId: string, id: string, at: Date): Promise<StoredNotification | null> {
      const row = await db
        .updateTable('notifications')
        .set({ readAt: sql<Date>`coalesce(read_at, ${at})` })
        .where('userId', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async markAllRead(userId: string, at: Date): Promise<number> {
      const r = await db
        .updateTable('notifications')
        .set({ readAt: at })
        .where('userId', '=', userId)
        .where('readAt', 'is', null)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /** Keeps the user's newest `keep` notifications and deletes the older ones. */
    async pruneNotifications(userId: string, keep: number): Promise<void> {
      await db
        .deleteFrom('notifications')
        .where('userId', '=', userId)
        .where(
          'id',
          'not in',
          db
            .selectFrom('notifications')
            .select('id')
            .where('userId', '=', userId)
            .orderBy('createdAt', 'desc')
            .orderBy('id', 'desc')
            .limit(keep),
        )
        .execute();
    },
  };
}
