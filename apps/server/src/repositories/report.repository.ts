import type { Platform } from '@app/contracts';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DB } from '../db/schema';
import { toJsonb } from '../db/storable-text';

export interface StoredReport {
  jobId: string;
  userId: string;
  videoId: string;
  platform: Platform;
  report: unknown;
  executiveSummary: unknown;
  /** The questions to answer (the contract's ReportQuestion list), or null. */
  questions: unknown;
  totalComments: number;
  processingSeconds: number;
  createdAt: Date;
}

export interface ReportWithJob extends StoredReport {
  title: string | null;
  channelTitle: string | null;
  thumbnailUrl: string | null;
  commentsExpiredAt: Date | null;
  jobCreatedAt: Date;
}

export type ReportRepository = ReturnType<typeof createReportRepository>;

const COMMENTS_ANALYSED = 'comments_analysed';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Finished reports and the all-time counter of analysed comments. jsonb is read as text and parsed
 * here: the CamelCasePlugin would otherwise rename the snake_case keys inside the stored JSON.
 */
export function createReportRepository(db: Kysely<DB>) {
  return {
    async insert(
      input: Omit<StoredReport, 'createdAt' | 'questions'> & { questions?: unknown },
    ): Promise<void> {
      await db
        .insertInto('analysisReports')
        .values({
          ...input,
          report: toJsonb(input.report),
          executiveSummary: toJsonb(input.executiveSummary),
          questions: input.questions == null ? null : toJsonb(input.questions),
        })
        .execute();
    },

    async countForJob(jobId: string): Promise<number> {
      const row = await db
        .selectFrom('analysisReports')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('jobId', '=', jobId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /**
     * The user's most recent completed analysis of the video, or null; with `jobId`, that analysis
     * of the video (null when it is not the user's, not of this video, or not complete).
     */
    async latestForUserVideo(
      userId: string,
      videoId: string,
      jobId?: string,
    ): Promise<ReportWithJob | null> {
      if (jobId !== undefined && !UUID.test(jobId)) return null;
      let query = db
        .selectFrom('analysisReports as r')
        .innerJoin('analysisJobs as j', 'j.id', 'r.jobId')
        .select([
          'r.jobId',
          'r.userId',
          'r.videoId',
          'r.platform',
          'r.totalComments',
          'r.processingSeconds',
          'r.createdAt',
          sql<string>`r.report::text`.as('reportJson'),
          sql<string>`r.executive_summary::text`.as('summaryJson'),
          sql<string | null>`r.questions::text`.as('questionsJson'),
          'j.title',
          'j.channelTitle',
          'j.thumbnailUrl',
          'j.commentsExpiredAt',
          'j.createdAt as jobCreatedAt',
        ])
        .where('j.userId', '=', userId)
        .where('j.videoId', '=', videoId)
        .where('j.status', '=', 'complete');
      if (jobId !== undefined) query = query.where('j.id', '=', jobId);
      const row = await query
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (!row) return null;
      const { reportJson, summaryJson, questionsJson, ...rest } = row;
      return {
        ...rest,
        report: JSON.parse(reportJson) as unknown,
        executiveSummary: JSON.parse(summaryJson) as unknown,
        questions: questionsJson === null ? null : (JSON.parse(questionsJson) as unknown),
      };
    },

    /** Replaces the stored report body (the retention job drops representatives' text). */
    async updateReportBody(jobId: string, report: unknown): Promise<void> {
      await db
        .updateTable('analysisReports')
        .set({ report: toJsonb(report) })
        .where('jobId', '=', jobId)
        .execute();
    },

    /** The stored questions of these jobs' reports (null ones left out). */
    async questionsForJobs(jobIds: string[]): Promise<{ jobId: string; questions: unknown }[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('analysisReports')
        .select(['jobId', sql<string>`questions::text`.as('questionsJson')])
        .where('jobId', 'in', jobIds)
        .where('questions', 'is not', null)
        .execute();
      return rows.map((r) => ({
        jobId: r.jobId,
        questions: JSON.parse(r.questionsJson) as unknown,
      }));
    },

    /** Replaces the stored questions (a retag, the retention job). */
    async updateQuestions(jobId: string, questions: unknown): Promise<void> {
      await db
        .updateTable('analysisReports')
        .set({ questions: toJsonb(questions) })
        .where('jobId', '=', jobId)
        .execute();
    },

    async findByJobIds(jobIds: string[]): Promise<{ jobId: string; report: unknown }[]> {
      if (jobIds.length === 0) return [];
      const rows = await db
        .selectFrom('analysisReports')
        .select(['jobId', sql<string>`report::text`.as('reportJson')])
        .where('jobId', 'in', jobIds)
        .execute();
      return rows.map((r) => ({ jobId: r.jobId, report: JSON.parse(r.reportJson) as unknown }));
    },

    /** Adds to the all-time analysed-comments counter (call inside the completing transaction). */
    async addAnalysedComments(count: number): Promise<void> {
      await db
        .insertInto('appCounters')
        .values({ name: COMMENTS_ANALYSED, value: count })
        .onConflict((oc) =>
          oc.column('name').doUpdateSet({ value: sql`app_counters.value + ${count}` }),
        )
        .execute();
    },

    async totalAnalysedComments(): Promise<number> {
      const row = await db
        .selectFrom('appCounters')
        .select('value')
        .where('name', '=', COMMENTS_ANALYSED)
        .executeTakeFirst();
      return Number(row?.value ?? 0);
    },
  };
}
