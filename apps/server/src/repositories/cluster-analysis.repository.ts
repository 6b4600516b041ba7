import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import { toJsonb } from '../db/storable-text';
import { SET_ASIDE_CLUSTER } from './comment.repository';

/** The caller's analysis a deep-dive request works on (latest completed one of the video). */
export interface DeepDiveJob {
  jobId: string;
  commentsExpiredAt: Date | null;
  /** The video's title and channel name as the analysis read them (null when unknown). */
  title: string | null;
  channelTitle: string | null;
  /** The stored report body (contract ReportBody, unvalidated JSON). */
  report: unknown;
  /** The stored questions to answer (contract ReportQuestion list, unvalidated JSON), or null. */
  questions?: unknown;
}

export interface ClusterCommentRow {
  commentId: string;
  text: string;
  author: string | null;
  likeCount: number;
  publishedAt: Date | null;
  sentimentScore: number;
  sentimentLabel: string;
  intent: string;
}

/** The columns of a ClusterCommentRow. */
const CLUSTER_COMMENT_COLUMNS = [
  'commentId',
  'text',
  'author',
  'likeCount',
  'publishedAt',
  'sentimentScore',
  'sentimentLabel',
  'intent',
] as const;

export type ClusterAnalysisRepository = ReturnType<typeof createClusterAnalysisRepository>;

/**
 * Reads the analysis tables for the per-cluster tools (analysis, comments, chat, retag) and keeps
 * the per-cluster analysis cache. Every read is scoped by user id: other users' analyses do not exist here.
 */
export function createClusterAnalysisRepository(db: Kysely<DB>) {
  return {
    async findLatestCompletedJob(userId: string, videoId: string): Promise<DeepDiveJob | null> {
      const row = await db
        .selectFrom('analysisJobs')
        .innerJoin('analysisReports', 'analysisReports.jobId', 'analysisJobs.id')
        // As text: CamelCasePlugin would camelCase the keys inside jsonb (cluster_id -> clusterId).
        .select([
          'analysisJobs.id as jobId',
          'analysisJobs.commentsExpiredAt',
          'analysisJobs.title',
          'analysisJobs.channelTitle',
          sql<string>`analysis_reports.report::text`.as('reportJson'),
          sql<string | null>`analysis_reports.questions::text`.as('questionsJson'),
        ])
        .where('analysisJobs.userId', '=', userId)
        .where('analysisJobs.videoId', '=', videoId)
        .where('analysisJobs.status', '=', 'complete')
        .orderBy('analysisJobs.createdAt', 'desc')
        .orderBy('analysisJobs.id', 'desc')
        .limit(1)
        .executeTakeFirst();
      if (row === undefined) return null;
      return {
        jobId: row.jobId,
        commentsExpiredAt: row.commentsExpiredAt,
        title: row.title,
        channelTitle: row.channelTitle,
        report: JSON.parse(row.reportJson) as unknown,
        questions: row.questionsJson === null ? null : (JSON.parse(row.questionsJson) as unknown),
      };
    },

    async countClusterComments(jobId: string, clusterId: number): Promise<number> {
      const row = await db
        .selectFrom('analysisComments')
        .select((eb) => eb.fn.countAll<string | number>().as('n'))
        .where('jobId', '=', jobId)
        .where('clusterId', '=', clusterId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page of a cluster's comments: most-liked first (ties: source order) or newest first. */
    async pageClusterComments(
      jobId: string,
      clusterId: number,
      page: { offset: number; limit: number; sort: 'likes' | 'newest' },
    ): Promise<ClusterCommentRow[]> {
      let q = db
        .selectFrom('analysisComments')
        .select(CLUSTER_COMMENT_COLUMNS)
        .where('jobId', '=', jobId)
        .where('clusterId', '=', clusterId);
      q =
        page.sort === 'likes'
          ? q.orderBy('likeCount', 'desc').orderBy('position', 'asc')
          : q.orderBy(sql`published_at desc nulls last`).orderBy('position', 'asc');
      return q.offset(page.offset).limit(page.limit).execute();
    },

    /** Every comment of a cluster (the deep dive works on the whole cluster), capped for safety. */
    async allClusterComments(
      jobId: string,
      clusterId: number,
      cap = 20_000,
    ): Promise<ClusterCommentRow[]> {
      return db
        .selectFrom('analysisComments')
        .select(CLUSTER_COMMENT_COLUMNS)
        .where('jobId', '=', jobId)
        .where('clusterId', '=', clusterId)
        .orderBy('position', 'asc')
        .limit(cap)
        .execute();
    },

    /** Every stored comment of an analysis with its cluster, intent and sentiment (for relabelling). */
    async allJobComments(jobId: string, cap = 100_000) {
      return db
        .selectFrom('analysisComments')
        .select([
          'position',
          'commentId',
          'text',
          'likeCount',
          'author',
          'publishedAt',
          'clusterId',
          'intent',
          'classifiedIntent',
          'byCreator',
          'parentId',
          'spam',
          'spamRestoredAt',
          'sentimentScore',
          'sentimentLabel',
        ])
        .where('jobId', '=', jobId)
        .orderBy('position', 'asc')
        .limit(cap)
        .execute();
    },

    /** A comment of the analysis set aside as spam (cluster -1), by its id; null when there is none. */
    async findSetAside(
      jobId: string,
      commentId: string,
    ): Promise<{ position: number; text: string } | null> {
      const row = await db
        .selectFrom('analysisComments')
        .select(['position', 'text'])
        .where('jobId', '=', jobId)
        .where('commentId', '=', commentId)
        .where('clusterId', '=', SET_ASIDE_CLUSTER)
        .orderBy('position', 'asc')
        .limit(1)
        .executeTakeFirst();
      return row ?? null;
    },

    /** Texts of the video's other clusters: the background that makes a cluster's key themes distinctive. */
    async otherClusterTexts(jobId: string, clusterId: number, cap = 5_000): Promise<string[]> {
      const rows = await db
        .selectFrom('analysisComments')
        .select('text')
        .where('jobId', '=', jobId)
        .where('clusterId', '<>', clusterId)
        .where('clusterId', '<>', SET_ASIDE_CLUSTER)
        .orderBy('position', 'asc')
        .limit(cap)
        .execute();
      return rows.map((r) => r.text);
    },

    async findCachedAnalysis(jobId: string, clusterId: number): Promise<unknown> {
      const row = await db
        .selectFrom('clusterAnalyses')
        .select(sql<string>`analysis::text`.as('analysisJson'))
        .where('jobId', '=', jobId)
        .where('clusterId', '=', clusterId)
        .executeTakeFirst();
      return row === undefined ? null : (JSON.parse(row.analysisJson) as unknown);
    },

    /** Drops the cached per-cluster analyses of these jobs (their questions and summaries quote comments). */
    async deleteCachedForJobs(jobIds: readonly string[]): Promise<void> {
      if (jobIds.length === 0) return;
      await db.deleteFrom('clusterAnalyses').where('jobId', 'in', jobIds).execute();
    },

    async saveCachedAnalysis(
      jobId: string,
      clusterId: number,
      analysis: { source: 'offline' | 'llm' },
    ): Promise<void> {
      await db
        .insertInto('clusterAnalyses')
        .values({ jobId, clusterId, analysis: toJsonb(analysis), source: analysis.source })
        .onConflict((oc) =>
          oc
            .columns(['jobId', 'clusterId'])
            .doUpdateSet({ analysis: toJsonb(analysis), source: analysis.source }),
        )
        .execute();
    },

    /**
     * Stores a comment's restore from the spam set aside in one transaction: locks the report (scoped
     * by user), checks that the comments set aside are still those the figures were computed from
     * (`setAsideBefore`, and this one among them), moves the comment into its cluster, stores the
     * recomputed report body and summary, and drops the cached per-cluster analyses (they counted
     * the old members). Returns false, changing nothing, when the report or the comment changed
     * meanwhile (another restore, a new analysis).
     */
    async saveRestore(input: {
      userId: string;
      jobId: string;
      position: number;
      clusterId: number;
      setAsideBefore: number;
      restoredAt: Date;
      report: unknown;
      /** The summary composed again; null keeps the stored one. */
      executiveSummary: unknown;
      /** The questions to answer worked out again with the comment in its topic. */
      questions: unknown;
    }): Promise<boolean> {
      return db.transaction().execute(async (trx) => {
        const locked = await trx
          .selectFrom('analysisReports')
          .select('jobId')
          .where('jobId', '=', input.jobId)
          .where('userId', '=', input.userId)
          .forUpdate()
          .executeTakeFirst();
        if (locked === undefined) return false;
        const count = await trx
          .selectFrom('analysisComments')
          .select((eb) => eb.fn.countAll<string | number>().as('n'))
          .where('jobId', '=', input.jobId)
          .where('clusterId', '=', SET_ASIDE_CLUSTER)
          .executeTakeFirstOrThrow();
        if (Number(count.n) !== input.setAsideBefore) return false;
        const moved = await trx
          .updateTable('analysisComments')
          .set({ clusterId: input.clusterId, spamRestoredAt: input.restoredAt })
          .where('jobId', '=', input.jobId)
          .where('position', '=', input.position)
          .where('clusterId', '=', SET_ASIDE_CLUSTER)
          .executeTakeFirst();
        if (Number(moved.numUpdatedRows) !== 1) return false;
        await trx
          .updateTable('analysisReports')
          .set({
            report: toJsonb(input.report),
            questions: toJsonb(input.questions),
            ...(input.executiveSummary !== null
              ? { executiveSummary: toJsonb(input.executiveSummary) }
              : {}),
          })
          .where('jobId', '=', input.jobId)
          .where('userId', '=', input.userId)
          .execute();
        await trx.deleteFrom('clusterAnalyses').where('jobId', '=', input.jobId).execute();
        return true;
      });
    },

    /**
     * Stores a CreatorX retag in one transaction: the relabelled report body with its recomputed
     * figures (scoped by user), the executive summary composed from them when given, the questions
     * to answer worked out again when given, the comments
     * whose intent changed, and no cached per-cluster analyses (they were written for the old
     * labels and are recomputed on the next request).
     */
    async saveRetag(
      userId: string,
      jobId: string,
      report: unknown,
      changedIntents: readonly { position: number; intent: string }[],
      executiveSummary: unknown = null,
      questions: unknown = null,
    ): Promise<void> {
      await db.transaction().execute(async (trx) => {
        const updated = await trx
          .updateTable('analysisReports')
          .set({
            report: toJsonb(report),
            ...(executiveSummary !== null ? { executiveSummary: toJsonb(executiveSummary) } : {}),
            ...(questions !== null ? { questions: toJsonb(questions) } : {}),
          })
          .where('jobId', '=', jobId)
          .where('userId', '=', userId)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return;
        for (let i = 0; i < changedIntents.length; i += 1000) {
          const chunk = changedIntents.slice(i, i + 1000);
          const values = sql.join(chunk.map((c) => sql`(${c.position}::int, ${c.intent}::text)`));
          await sql`update analysis_comments as c set intent = v.intent
            from (values ${values}) as v(position, intent)
            where c.job_id = ${jobId} and c.position = v.position`.execute(trx);
        }
        await trx.deleteFrom('clusterAnalyses').where('jobId', '=', jobId).execute();
      });
    },
  };
}
