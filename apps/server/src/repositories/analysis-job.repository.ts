import type { Kysely, Selectable } from 'kysely';
import { sql } from 'kysely';
import { platformOfVideoKey, type Platform } from '@app/contracts';
import type { DB } from '../db/schema';
import type { AnalysisJobsTable } from '../db/tables/analysis';

export type AnalysisJob = Selectable<AnalysisJobsTable>;
export type AnalysisJobStatus = AnalysisJob['status'];
export type AnalysisJobRepository = ReturnType<typeof createAnalysisJobRepository>;

const TERMINAL: AnalysisJobStatus[] = ['complete', 'failed'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Analysis jobs: who asked for which video, where the work is, and what it cost. */
export function createAnalysisJobRepository(db: Kysely<DB>) {
  return {
    async create(input: {
      id: string;
      userId: string;
      videoId: string;
      /** The video's platform; by default the one its report key names. */
      platform?: Platform;
      title: string | null;
      thumbnailUrl: string | null;
      channelTitle: string | null;
      videoCommentCount: number | null;
      commentLimit: number;
      reservedCredits: number;
      priority: number;
      /** The workspace the analysis was started from (batch analysis). */
      workspaceId?: number | null;
    }): Promise<AnalysisJob> {
      return db
        .insertInto('analysisJobs')
        .values({ ...input, platform: input.platform ?? platformOfVideoKey(input.videoId) })
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    /** The job, or null (also for strings that are not job ids, so callers answer 404, not 500). */
    async findById(id: string): Promise<AnalysisJob | null> {
      if (!UUID.test(id)) return null;
      return (
        (await db.selectFrom('analysisJobs').selectAll().where('id', '=', id).executeTakeFirst()) ??
        null
      );
    },

    /** The user's newest finished (complete) analysis of the video, or null. */
    async latestCompleteForUserVideo(
      userId: string,
      videoId: string,
    ): Promise<{ id: string; createdAt: Date } | null> {
      return (
        (await db
          .selectFrom('analysisJobs')
          .select(['id', 'createdAt'])
          .where('userId', '=', userId)
          .where('videoId', '=', videoId)
          .where('status', '=', 'complete')
          .orderBy('createdAt', 'desc')
          .orderBy('id', 'desc')
          .limit(1)
          .executeTakeFirst()) ?? null
      );
    },

    /** Reads and locks the job row for the rest of the transaction (the exactly-once gate). */
    async lockById(id: string): Promise<AnalysisJob | null> {
      return (
        (await db
          .selectFrom('analysisJobs')
          .selectAll()
          .where('id', '=', id)
          .forUpdate()
          .executeTakeFirst()) ?? null
      );
    },

    /**
     * Locks the user's unfinished jobs (newest first) and returns what each holds. Taken before the
     * user's row, in the order a settlement takes them (job, then user), so the two never deadlock.
     */
    async lockUnfinishedForUser(
      userId: string,
    ): Promise<{ id: string; reservedCredits: number }[]> {
      return db
        .selectFrom('analysisJobs')
        .select(['id', 'reservedCredits'])
        .where('userId', '=', userId)
        .where('status', 'not in', TERMINAL)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .forUpdate()
        .execute();
    },

    /** Lowers an unfinished job's hold (a refund took part of it); never below 0. */
    async reduceReservation(id: string, by: number): Promise<void> {
      await db
        .updateTable('analysisJobs')
        .set({ reservedCredits: sql<number>`greatest(reserved_credits - ${by}, 0)` })
        .where('id', '=', id)
        .where('status', 'not in', TERMINAL)
        .execute();
    },

    /** Progress of a running job; a finished job is never moved back. */
    async updateProgress(
      id: string,
      update: {
        status: AnalysisJobStatus;
        progressPercent: number;
        etaSeconds: number | null;
        startedAt?: Date;
      },
    ): Promise<void> {
      await db
        .updateTable('analysisJobs')
        .set({ ...update, updatedAt: sql<Date>`now()` })
        .where('id', '=', id)
        .where('status', 'not in', TERMINAL)
        .execute();
    },

    async markComplete(
      id: string,
      input: { chargedCredits: number; finishedAt: Date },
    ): Promise<void> {
      await db
        .updateTable('analysisJobs')
        .set({
          status: 'complete',
          progressPercent: 100,
          etaSeconds: 0,
          error: null,
          chargedCredits: input.chargedCredits,
          finishedAt: input.finishedAt,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    async markFailed(id: string, input: { error: string; finishedAt: Date }): Promise<void> {
      await db
        .updateTable('analysisJobs')
        .set({
          status: 'failed',
          etaSeconds: null,
          error: input.error,
          chargedCredits: 0,
          finishedAt: input.finishedAt,
          updatedAt: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    /** The user's analyses, newest first. */
    listForUser(userId: string, limit = 100): Promise<AnalysisJob[]> {
      return db
        .selectFrom('analysisJobs')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('createdAt', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    /**
     * One page of the user's analyses, newest first, with what the report counted. `before` is the
     * position of the last row of the previous page: its creation time in microseconds since the
     * epoch (exact, unlike a JavaScript Date) and its id. `search` keeps the rows whose title or
     * channel contains it, ignoring case.
     */
    async listPageForUser(
      userId: string,
      input: {
        limit: number;
        before?: { createdMicros: string; id: string } | null;
        search?: string | null;
      },
    ): Promise<(AnalysisJob & { totalComments: number | null; createdMicros: string })[]> {
      let query = db
        .selectFrom('analysisJobs as j')
        .leftJoin('analysisReports as r', 'r.jobId', 'j.id')
        .selectAll('j')
        .select([
          'r.totalComments',
          sql<string>`(extract(epoch from j.created_at) * 1000000)::bigint::text`.as(
            'createdMicros',
          ),
        ])
        .where('j.userId', '=', userId);
      const before = input.before;
      if (before) {
        const at = sql<Date>`timestamptz 'epoch' + ${before.createdMicros}::bigint * interval '1 microsecond'`;
        query = query.where((eb) =>
          eb.or([
            eb('j.createdAt', '<', at),
            eb.and([eb('j.createdAt', '=', at), eb('j.id', '<', before.id)]),
          ]),
        );
      }
      if (input.search) {
        const pattern = `%${input.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        query = query.where((eb) =>
          eb.or([eb('j.title', 'ilike', pattern), eb('j.channelTitle', 'ilike', pattern)]),
        );
      }
      return query
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .limit(input.limit)
        .execute();
    },

    /** Deletes one finished analysis of the user (its report and comments go with it). */
    async deleteFinishedForUserJob(userId: string, id: string): Promise<boolean> {
      if (!UUID.test(id)) return false;
      const r = await db
        .deleteFrom('analysisJobs')
        .where('id', '=', id)
        .where('userId', '=', userId)
        .where('status', 'in', TERMINAL)
        .executeTakeFirst();
      return Number(r.numDeletedRows) > 0;
    },

    /** Deletes the user's finished analyses (reports and comments go with them); running ones stay. */
    async deleteFinishedForUser(userId: string): Promise<number> {
      const r = await db
        .deleteFrom('analysisJobs')
        .where('userId', '=', userId)
        .where('status', 'in', TERMINAL)
        .executeTakeFirst();
      return Number(r.numDeletedRows);
    },

    /** Jobs not finished yet, oldest first (the worker re-enqueues them at start). */
    listUnfinished(limit = 1000): Promise<Pick<AnalysisJob, 'id' | 'priority'>[]> {
      return db
        .selectFrom('analysisJobs')
        .select(['id', 'priority'])
        .where('status', 'not in', TERMINAL)
        .orderBy('createdAt')
        .limit(limit)
        .execute();
    },

    /**
     * Unfinished jobs by status with the creation time of the oldest in each (the metrics
     * endpoint's job and queue gauges): one grouped query over the jobs not finished.
     */
    async unfinishedByStatus(): Promise<
      { status: AnalysisJobStatus; count: number; oldest: Date }[]
    > {
      const rows = await db
        .selectFrom('analysisJobs')
        .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
        .select((eb) => eb.fn.min('createdAt').as('oldest'))
        .where('status', 'not in', TERMINAL)
        .groupBy('status')
        .execute();
      return rows.map((r) => ({
        status: r.status,
        count: Number(r.count),
        oldest: new Date(r.oldest),
      }));
    },

    /** Marks jobs whose raw comments were purged. */
    async markCommentsExpired(jobIds: string[], at: Date): Promise<void> {
      if (jobIds.length === 0) return;
      await db
        .updateTable('analysisJobs')
        .set({ commentsExpiredAt: at })
        .where('id', 'in', jobIds)
        .execute();
    },
  };
}
