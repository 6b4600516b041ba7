import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { AnalysisJobStatus } from './analysis-job.repository';
import type { WorkspaceVideosTable } from '../db/tables/workspaces';

export type WorkspaceVideo = Selectable<WorkspaceVideosTable>;
export type WorkspaceVideoRepository = ReturnType<typeof createWorkspaceVideoRepository>;

/** A video as the channel lists it, to store in a catalogue. */
export interface CatalogueEntry {
  youtubeVideoId: string;
  title: string | null;
  thumbnailUrl: string | null;
  publishedAt: string | null;
}

/** The latest analysis of one of a workspace's videos. */
export interface AnalysedWorkspaceVideo {
  jobId: string;
  videoId: string;
  status: AnalysisJobStatus;
  createdAt: Date;
  /** From the catalogue when the video is in it, else what the analysis recorded. */
  title: string | null;
  thumbnailUrl: string | null;
}

/**
 * The channel catalogue of each workspace (callers check the workspace belongs to the user first).
 * Lists are newest first: by publication time, unknown times last, then in the channel's order.
 */
export function createWorkspaceVideoRepository(db: Kysely<DB>) {
  return {
    listForWorkspace(workspaceId: number): Promise<WorkspaceVideo[]> {
      return db
        .selectFrom('workspaceVideos')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .orderBy('publishedAt', (ob) => ob.desc().nullsLast())
        .orderBy('id')
        .execute();
    },

    listAdded(workspaceId: number): Promise<WorkspaceVideo[]> {
      return db
        .selectFrom('workspaceVideos')
        .selectAll()
        .where('workspaceId', '=', workspaceId)
        .where('isAdded', '=', true)
        .orderBy('publishedAt', (ob) => ob.desc().nullsLast())
        .orderBy('id')
        .execute();
    },

    async count(workspaceId: number): Promise<number> {
      const row = await db
        .selectFrom('workspaceVideos')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** The ids among `videoIds` that are not in the workspace's catalogue. */
    async findMissing(workspaceId: number, videoIds: readonly string[]): Promise<string[]> {
      if (videoIds.length === 0) return [];
      const rows = await db
        .selectFrom('workspaceVideos')
        .select('youtubeVideoId')
        .where('workspaceId', '=', workspaceId)
        .where('youtubeVideoId', 'in', videoIds)
        .execute();
      const present = new Set(rows.map((r) => r.youtubeVideoId));
      return videoIds.filter((id) => !present.has(id));
    },

    /** Marks catalogue videos added (or not); a video added again keeps its first `added_at`. */
    async setAdded(
      workspaceId: number,
      videoIds: readonly string[],
      isAdded: boolean,
      at: Date,
    ): Promise<number> {
      if (videoIds.length === 0) return 0;
      const r = await db
        .updateTable('workspaceVideos')
        .set({
          isAdded,
          addedAt: isAdded ? sql<Date>`coalesce(added_at, ${at})` : null,
          updatedAt: sql<Date>`now()`,
        })
        .where('workspaceId', '=', workspaceId)
        .where('youtubeVideoId', 'in', videoIds)
        .where('isAdded', '!=', isAdded)
        .executeTakeFirst();
      return Number(r.numUpdatedRows);
    },

    /**
     * Makes the catalogue the channel's current uploads: new videos are inserted, known ones get
     * the current title, thumbnail and date (an unknown value keeps the stored one), and videos no
     * longer listed leave the catalogue unless the creator added them. Idempotent.
     */
    async mergeCatalogue(
      workspaceId: number,
      entries: readonly CatalogueEntry[],
    ): Promise<{ removed: number }> {
      if (entries.length > 0) {
        await db
          .insertInto('workspaceVideos')
          .values(entries.map((e) => ({ workspaceId, ...e })))
          .onConflict((oc) =>
            oc
              .columns(['workspaceId', 'youtubeVideoId'])
              .doUpdateSet({
                title: sql<string | null>`coalesce(excluded.title, workspace_videos.title)`,
                thumbnailUrl: sql<
                  string | null
                >`coalesce(excluded.thumbnail_url, workspace_videos.thumbnail_url)`,
                publishedAt: sql<Date | null>`coalesce(excluded.published_at, workspace_videos.published_at)`,
                updatedAt: sql<Date>`now()`,
              })
              // Rows that would not change are left alone (a sync with nothing new writes nothing).
              .where(
                sql<boolean>`(workspace_videos.title, workspace_videos.thumbnail_url, workspace_videos.published_at) is distinct from (coalesce(excluded.title, workspace_videos.title), coalesce(excluded.thumbnail_url, workspace_videos.thumbnail_url), coalesce(excluded.published_at, workspace_videos.published_at))`,
              ),
          )
          .execute();
      }
      let remove = db
        .deleteFrom('workspaceVideos')
        .where('workspaceId', '=', workspaceId)
        .where('isAdded', '=', false);
      if (entries.length > 0)
        remove = remove.where(
          'youtubeVideoId',
          'not in',
          entries.map((e) => e.youtubeVideoId),
        );
      const r = await remove.executeTakeFirst();
      return { removed: Number(r.numDeletedRows) };
    },

    async deleteAll(workspaceId: number): Promise<number> {
      const r = await db
        .deleteFrom('workspaceVideos')
        .where('workspaceId', '=', workspaceId)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /**
     * For each of `videoIds` in one of the user's workspaces, that workspace: one where the video is
     * added before one where it is only in the catalogue, then the most recently added, then the
     * newest workspace.
     */
    async findWorkspacesOfVideos(
      userId: string,
      videoIds: readonly string[],
    ): Promise<Map<string, number>> {
      if (videoIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('workspaceVideos as wv')
        .innerJoin('workspaces as w', 'w.id', 'wv.workspaceId')
        .distinctOn('wv.youtubeVideoId')
        .select(['wv.youtubeVideoId', 'wv.workspaceId'])
        .where('w.userId', '=', userId)
        .where('wv.youtubeVideoId', 'in', videoIds)
        .orderBy('wv.youtubeVideoId')
        .orderBy('wv.isAdded', 'desc')
        .orderBy('wv.addedAt', (ob) => ob.desc().nullsLast())
        .orderBy('wv.workspaceId', 'desc')
        .execute();
      return new Map(rows.map((r) => [r.youtubeVideoId, r.workspaceId]));
    },

    /**
     * The latest analysis by `userId` of each video that belongs to the workspace: started from it
     * (batch analysis), or of a video in its catalogue. Newest analysis first.
     */
    async listAnalysed(userId: string, workspaceId: number): Promise<AnalysedWorkspaceVideo[]> {
      const rows = await db
        .selectFrom('analysisJobs as j')
        .leftJoin('workspaceVideos as wv', (join) =>
          join.on('wv.workspaceId', '=', workspaceId).onRef('wv.youtubeVideoId', '=', 'j.videoId'),
        )
        .distinctOn('j.videoId')
        .select([
          'j.id as jobId',
          'j.videoId',
          'j.status',
          'j.createdAt',
          'j.title as jobTitle',
          'j.thumbnailUrl as jobThumbnailUrl',
          'wv.title as catalogueTitle',
          'wv.thumbnailUrl as catalogueThumbnailUrl',
        ])
        .where('j.userId', '=', userId)
        .where((eb) => eb.or([eb('j.workspaceId', '=', workspaceId), eb('wv.id', 'is not', null)]))
        .orderBy('j.videoId')
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .execute();
      return rows
        .map((r) => ({
          jobId: r.jobId,
          videoId: r.videoId,
          status: r.status,
          createdAt: r.createdAt,
          title: r.catalogueTitle ?? r.jobTitle,
          thumbnailUrl: r.catalogueThumbnailUrl ?? r.jobThumbnailUrl,
        }))
        .sort(
          (a, b) =>
            b.createdAt.getTime() - a.createdAt.getTime() || (a.videoId < b.videoId ? -1 : 1),
        );
    },
  };
}
