import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';

/** The report GET /report shows for one of a workspace's videos or posts, with its publication time. */
export interface WorkspaceReportRow {
  jobId: string;
  videoId: string;
  /** From the catalogue or the Instagram post when known, else what the analysis recorded. */
  title: string | null;
  /** The catalogue's publication time, or the Instagram post's timestamp; null when unknown. */
  publishedAt: Date | null;
  analysedAt: Date;
  /** The stored report body (the contract's ReportBody). */
  report: unknown;
}

/** A report's stored theme vectors (float32 rows, little-endian) and the hash of their texts. */
export interface StoredThemeVectors {
  jobId: string;
  textsHash: string;
  dims: number;
  vectors: Uint8Array;
}

export type WorkspaceInsightsRepository = ReturnType<typeof createWorkspaceInsightsRepository>;

/**
 * The reports behind a workspace's insights, in one query (callers check the workspace belongs to
 * the user first). jsonb is read as text and parsed here, as in the report repository.
 */
export function createWorkspaceInsightsRepository(db: Kysely<DB>) {
  return {
    /**
     * For each video or post that belongs to the workspace (analysed from it, in its catalogue, or
     * one of its Instagram posts), the user's latest completed analysis of it: the one GET /report
     * shows, wherever it was started from.
     */
    async latestReports(userId: string, workspaceId: number): Promise<WorkspaceReportRow[]> {
      const rows = await db
        .with('latest', (qb) =>
          qb
            .selectFrom('analysisJobs as j')
            .distinctOn('j.videoId')
            .select(['j.id', 'j.videoId', 'j.createdAt', 'j.title'])
            .where('j.userId', '=', userId)
            .where('j.status', '=', 'complete')
            .orderBy('j.videoId')
            .orderBy('j.createdAt', 'desc')
            .orderBy('j.id', 'desc'),
        )
        .selectFrom('latest as l')
        .innerJoin('analysisReports as r', 'r.jobId', 'l.id')
        .leftJoin('workspaceVideos as wv', (join) =>
          join.on('wv.workspaceId', '=', workspaceId).onRef('wv.youtubeVideoId', '=', 'l.videoId'),
        )
        .leftJoin('instagramPosts as ip', (join) =>
          join
            .on('ip.workspaceId', '=', workspaceId)
            .on(sql<boolean>`'ig_' || ip.media_id = l.video_id`),
        )
        .select([
          'l.id as jobId',
          'l.videoId',
          'l.createdAt as analysedAt',
          'l.title as jobTitle',
          'wv.title as catalogueTitle',
          'wv.publishedAt as cataloguePublishedAt',
          'ip.caption as postCaption',
          'ip.timestamp as postTimestamp',
          sql<string>`r.report::text`.as('reportJson'),
        ])
        .where((eb) =>
          eb.or([
            eb('wv.id', 'is not', null),
            eb('ip.id', 'is not', null),
            eb(
              'l.videoId',
              'in',
              eb
                .selectFrom('analysisJobs as w')
                .select('w.videoId')
                .where('w.userId', '=', userId)
                .where('w.workspaceId', '=', workspaceId),
            ),
          ]),
        )
        .execute();
      return rows.map((r) => ({
        jobId: r.jobId,
        videoId: r.videoId,
        title: r.catalogueTitle ?? r.postCaption ?? r.jobTitle,
        publishedAt: r.cataloguePublishedAt ?? r.postTimestamp ?? null,
        analysedAt: r.analysedAt,
        report: JSON.parse(r.reportJson) as unknown,
      }));
    },

    /** The stored theme vectors of these analyses for one embedder, in one query. */
    async themeVectors(jobIds: readonly string[], embedder: string): Promise<StoredThemeVectors[]> {
      if (jobIds.length === 0) return [];
      return db
        .selectFrom('reportThemeVectors')
        .select(['jobId', 'textsHash', 'dims', 'vectors'])
        .where('embedder', '=', embedder)
        .where('jobId', 'in', [...jobIds])
        .execute();
    },

    /** Stores (or replaces) an analysis's theme vectors for one embedder. */
    async saveThemeVectors(row: StoredThemeVectors & { embedder: string }): Promise<void> {
      await db
        .insertInto('reportThemeVectors')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['jobId', 'embedder']).doUpdateSet({
            textsHash: row.textsHash,
            dims: row.dims,
            vectors: row.vectors,
          }),
        )
        .execute();
    },
  };
}
