import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import type { AutoAnalysisReason, AutoAnalysisStatus } from '../db/tables/auto-analysis';
import type { Workspace } from './workspace.repository';
import type { AnalysisJobStatus } from './analysis-job.repository';

export type WorkspaceAutoAnalysisRepository = ReturnType<
  typeof createWorkspaceAutoAnalysisRepository
>;

/** A video or post published after auto-analysis was turned on, not yet started or skipped. */
export interface AutoAnalysisCandidate {
  videoKey: string;
  title: string | null;
  publishedAt: Date;
  /** The row's state when the video was considered before (held back, or a claim left behind). */
  status: AutoAnalysisStatus | null;
  jobId: string | null;
}

/** One row of the auto-analysis list, with its job's state and the credits it spent. */
export interface AutoAnalysisRow {
  videoKey: string;
  title: string | null;
  publishedAt: Date | null;
  status: AutoAnalysisStatus;
  reason: AutoAnalysisReason | null;
  message: string | null;
  jobId: string | null;
  jobStatus: AnalysisJobStatus | null;
  /** Net credits of the job in the ledger (held, settled or refunded). */
  credits: number;
  startedAt: Date | null;
  updatedAt: Date;
}

/** What a row says about a video that is not (or no longer) being started. */
export interface AutoAnalysisNote {
  workspaceId: number;
  userId: string;
  videoKey: string;
  title: string | null;
  publishedAt: Date | null;
}

/**
 * Auto-analysis: the workspace settings and `workspace_auto_analyses`, one row per new video or
 * post. A row in `started` or `skipped` is final; `held_back` rows, and `starting` rows older than
 * `staleBefore` (a process died between the claim and the hold), may be claimed again. Claims are
 * one statement on the unique (workspace_id, video_key), so two syncs never both win.
 */
export function createWorkspaceAutoAnalysisRepository(db: Kysely<DB>) {
  /** A row may be (re)claimed or noted: absent, held back, or a claim left behind. */
  const reclaimable = (staleBefore: Date) =>
    sql<boolean>`(workspace_auto_analyses.status = 'held_back' or (workspace_auto_analyses.status = 'starting' and workspace_auto_analyses.updated_at < ${staleBefore}))`;

  return {
    /**
     * Sets the auto-analysis settings of a workspace (locked by the caller). Turning it on from
     * off sets `since` to `at`; turning it off keeps `since` (shown as when it was last on).
     */
    async setSettings(
      id: number,
      input: { autoAnalyze?: boolean | undefined; monthlyCreditCap?: number | null | undefined },
      at: Date,
    ): Promise<Workspace> {
      let q = db.updateTable('workspaces').set({ updatedAt: sql<Date>`now()` });
      if (input.autoAnalyze !== undefined) {
        q = q.set({
          autoAnalyze: input.autoAnalyze,
          autoAnalyzeSince: input.autoAnalyze
            ? sql<Date>`case when auto_analyze then auto_analyze_since else ${at}::timestamptz end`
            : sql<Date>`auto_analyze_since`,
        });
      }
      if (input.monthlyCreditCap !== undefined)
        q = q.set({ monthlyCreditCap: input.monthlyCreditCap });
      return q.where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    },

    /** Workspaces with auto-analysis on (the scheduled sync's list), oldest first. */
    listEnabled(limit: number): Promise<Pick<Workspace, 'id' | 'userId'>[]> {
      return db
        .selectFrom('workspaces')
        .select(['id', 'userId'])
        .where('autoAnalyze', '=', true)
        .orderBy('id')
        .limit(limit)
        .execute();
    },

    /**
     * The workspace's catalogue videos and Instagram posts published after `since`, oldest first,
     * that have no final row yet.
     */
    async listCandidates(
      workspaceId: number,
      since: Date,
      limit: number,
    ): Promise<AutoAnalysisCandidate[]> {
      const videos = db
        .selectFrom('workspaceVideos')
        .select(['youtubeVideoId as videoKey', 'title', sql<Date>`published_at`.as('publishedAt')])
        .where('workspaceId', '=', workspaceId)
        .where('publishedAt', '>', since);
      const posts = db
        .selectFrom('instagramPosts')
        .select([
          sql<string>`'ig_' || media_id`.as('videoKey'),
          'caption as title',
          sql<Date>`timestamp`.as('publishedAt'),
        ])
        .where('workspaceId', '=', workspaceId)
        .where('timestamp', '>', since);
      const rows = await db
        .selectFrom(videos.unionAll(posts).as('c'))
        .leftJoin('workspaceAutoAnalyses as a', (join) =>
          join.on('a.workspaceId', '=', workspaceId).onRef('a.videoKey', '=', 'c.videoKey'),
        )
        .select(['c.videoKey', 'c.title', 'c.publishedAt', 'a.status', 'a.jobId'])
        .where((eb) =>
          eb.or([eb('a.status', 'is', null), eb('a.status', 'in', ['held_back', 'starting'])]),
        )
        .orderBy('c.publishedAt')
        .orderBy('c.videoKey')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ ...r, publishedAt: new Date(r.publishedAt) }));
    },

    /**
     * Claims the video for one analysis: inserts its row as `starting` with the job id and the
     * credits the hold will take, or turns a reclaimable row into that. False when another sync
     * holds or finished it.
     */
    async claim(
      note: AutoAnalysisNote,
      claim: { jobId: string; plannedCredits: number; at: Date; staleBefore: Date },
    ): Promise<boolean> {
      const row = await db
        .insertInto('workspaceAutoAnalyses')
        .values({
          ...note,
          status: 'starting',
          jobId: claim.jobId,
          plannedCredits: claim.plannedCredits,
          startedAt: claim.at,
        })
        .onConflict((oc) =>
          oc
            .columns(['workspaceId', 'videoKey'])
            .doUpdateSet({
              status: 'starting',
              reason: null,
              message: null,
              jobId: claim.jobId,
              plannedCredits: claim.plannedCredits,
              startedAt: claim.at,
              title: note.title,
              updatedAt: sql<Date>`now()`,
            })
            .where(reclaimable(claim.staleBefore)),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Notes a video not started (held back by the cap or the balance, refused by its source, or
     * analysed by the creator already) unless its row is final or claimed.
     */
    async note(
      note: AutoAnalysisNote,
      outcome: {
        status: 'held_back' | 'skipped';
        reason: AutoAnalysisReason;
        message: string | null;
        jobId?: string | null;
        staleBefore: Date;
      },
    ): Promise<void> {
      const values = {
        status: outcome.status,
        reason: outcome.reason,
        message: outcome.message,
        jobId: outcome.jobId ?? null,
        plannedCredits: 0,
        startedAt: null,
      };
      await db
        .insertInto('workspaceAutoAnalyses')
        .values({ ...note, ...values })
        .onConflict((oc) =>
          oc
            .columns(['workspaceId', 'videoKey'])
            .doUpdateSet({ ...values, updatedAt: sql<Date>`now()` })
            .where(reclaimable(outcome.staleBefore)),
        )
        .execute();
    },

    /** The claim's job is queued: the row is final. */
    async markStarted(workspaceId: number, videoKey: string, jobId: string): Promise<void> {
      await db
        .updateTable('workspaceAutoAnalyses')
        .set({ status: 'started', updatedAt: sql<Date>`now()` })
        .where('workspaceId', '=', workspaceId)
        .where('videoKey', '=', videoKey)
        .where('jobId', '=', jobId)
        .where('status', '=', 'starting')
        .execute();
    },

    /** The claim could not start (no credits, the source refused): held back, retried later. */
    async release(
      workspaceId: number,
      videoKey: string,
      jobId: string,
      outcome: { reason: AutoAnalysisReason; message: string | null },
    ): Promise<void> {
      await db
        .updateTable('workspaceAutoAnalyses')
        .set({
          status: 'held_back',
          reason: outcome.reason,
          message: outcome.message,
          jobId: null,
          plannedCredits: 0,
          startedAt: null,
          updatedAt: sql<Date>`now()`,
        })
        .where('workspaceId', '=', workspaceId)
        .where('videoKey', '=', videoKey)
        .where('jobId', '=', jobId)
        .where('status', '=', 'starting')
        .execute();
    },

    /**
     * Credits the workspace's auto-analyses started since `monthStart` spent: each started one's
     * net ledger movements (hold, settlement, refund), and for a claim whose hold is not written
     * yet the credits it will hold.
     */
    async monthSpend(workspaceId: number, userId: string, monthStart: Date): Promise<number> {
      const row = await db
        .selectFrom('workspaceAutoAnalyses as a')
        .leftJoin(
          (eb) =>
            eb
              .selectFrom('creditLedger')
              .select(['jobId', sql<string>`sum(delta)`.as('net')])
              .where('userId', '=', userId)
              .where(
                'jobId',
                'in',
                eb
                  .selectFrom('workspaceAutoAnalyses')
                  .select('jobId')
                  .where('workspaceId', '=', workspaceId)
                  .where('jobId', 'is not', null),
              )
              .groupBy('jobId')
              .as('l'),
          (join) => join.onRef('l.jobId', '=', 'a.jobId'),
        )
        .select(
          sql<string>`coalesce(sum(case when l.job_id is null then (case when a.status = 'starting' then a.planned_credits else 0 end) else -l.net end), 0)`.as(
            'spent',
          ),
        )
        .where('a.workspaceId', '=', workspaceId)
        .where('a.status', 'in', ['starting', 'started'])
        .where('a.startedAt', '>=', monthStart)
        .executeTakeFirstOrThrow();
      return Math.max(0, Number(row.spent));
    },

    /** True when the user has an analysis of the video that did not fail. */
    async hasLiveAnalysis(userId: string, videoKey: string): Promise<string | null> {
      const row = await db
        .selectFrom('analysisJobs')
        .select('id')
        .where('userId', '=', userId)
        .where('videoId', '=', videoKey)
        .where('status', '!=', 'failed')
        .orderBy('createdAt', 'desc')
        .limit(1)
        .executeTakeFirst();
      return row?.id ?? null;
    },

    /** Whether a job row exists (a claim left behind may have queued its job before dying). */
    async jobExists(jobId: string): Promise<boolean> {
      const row = await db
        .selectFrom('analysisJobs')
        .select('id')
        .where('id', '=', jobId)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** The workspace's rows, newest first, with their jobs' state and net credits. */
    async list(workspaceId: number, userId: string, limit: number): Promise<AutoAnalysisRow[]> {
      const rows = await db
        .selectFrom('workspaceAutoAnalyses as a')
        .leftJoin('analysisJobs as j', (join) =>
          join.onRef('j.id', '=', 'a.jobId').on('j.userId', '=', userId),
        )
        .select([
          'a.videoKey',
          'a.title',
          'a.publishedAt',
          'a.status',
          'a.reason',
          'a.message',
          'a.jobId',
          'a.plannedCredits',
          'a.startedAt',
          'a.updatedAt',
          'j.status as jobStatus',
          (eb) =>
            eb
              .selectFrom('creditLedger as l')
              .select(sql<string>`sum(l.delta)`.as('net'))
              .whereRef('l.jobId', '=', 'a.jobId')
              .where('l.userId', '=', userId)
              .as('net'),
        ])
        .where('a.workspaceId', '=', workspaceId)
        .orderBy(sql`coalesce(a.started_at, a.updated_at) desc`)
        .orderBy('a.id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        videoKey: r.videoKey,
        title: r.title,
        publishedAt: r.publishedAt,
        status: r.status,
        reason: r.reason,
        message: r.message,
        jobId: r.jobId,
        jobStatus: r.jobStatus,
        credits:
          r.net === null
            ? r.status === 'starting'
              ? r.plannedCredits
              : 0
            : Math.max(0, -Number(r.net)),
        startedAt: r.startedAt,
        updatedAt: r.updatedAt,
      }));
    },
  };
}
