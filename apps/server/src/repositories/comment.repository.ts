import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface StoredComment {
  position: number;
  commentId: string;
  text: string;
  author: string | null;
  likeCount: number;
  publishedAt: string | null;
  parentId: string | null;
  replyCount: number;
  clusterId: number;
  intent: string;
  classifiedIntent: string | null;
  /** Posted by the video's own channel; false when absent. */
  byCreator?: boolean;
  /** Flagged as spam (set aside in no cluster, `clusterId` -1); false when absent. */
  spam?: boolean;
  sentimentScore: number;
  sentimentLabel: string;
}

export interface CommentRow extends Omit<StoredComment, 'publishedAt'> {
  publishedAt: Date | null;
}

export type CommentRepository = ReturnType<typeof createCommentRepository>;

/** The cluster id of a comment set aside as spam (in no cluster). */
export const SET_ASIDE_CLUSTER = -1;

/** Rows per INSERT: 16 columns x 1,000 stays far below PostgreSQL's 65,535 parameters. */
const BATCH = 1000;

/** Raw comments of an analysis, with their cluster, intent and sentiment; purged after retention. */
export function createCommentRepository(db: Kysely<DB>) {
  return {
    async insertMany(jobId: string, comments: StoredComment[]): Promise<void> {
      for (let i = 0; i < comments.length; i += BATCH) {
        await db
          .insertInto('analysisComments')
          .values(comments.slice(i, i + BATCH).map((c) => ({ ...c, jobId })))
          .execute();
      }
    },

    async countForJob(jobId: string): Promise<number> {
      const row = await db
        .selectFrom('analysisComments')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('jobId', '=', jobId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One page of a cluster's comments, by likes (default) or newest first, and the total. */
    async listByCluster(input: {
      jobId: string;
      clusterId: number;
      limit: number;
      offset: number;
      sort: 'likes' | 'newest';
    }): Promise<{ comments: CommentRow[]; total: number }> {
      const base = db
        .selectFrom('analysisComments')
        .where('jobId', '=', input.jobId)
        .where('clusterId', '=', input.clusterId);
      let q = base.selectAll();
      q =
        input.sort === 'likes'
          ? q.orderBy('likeCount', 'desc').orderBy('position')
          : q.orderBy('publishedAt', (ob) => ob.desc().nullsLast()).orderBy('position');
      const [comments, count] = await Promise.all([
        q.limit(input.limit).offset(input.offset).execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { comments, total: Number(count.n) };
    },

    /** Every comment of a job in source order (chat retrieval, cluster deep dives). */
    listForJob(jobId: string): Promise<CommentRow[]> {
      return db
        .selectFrom('analysisComments')
        .selectAll()
        .where('jobId', '=', jobId)
        .orderBy('position')
        .execute();
    },

    /** The comments of a job set aside as spam (cluster -1): most-liked first, then source order. */
    listSetAside(jobId: string, limit: number): Promise<CommentRow[]> {
      return db
        .selectFrom('analysisComments')
        .selectAll()
        .where('jobId', '=', jobId)
        .where('clusterId', '=', SET_ASIDE_CLUSTER)
        .orderBy('likeCount', 'desc')
        .orderBy('position')
        .limit(limit)
        .execute();
    },

    /** Deletes raw comments stored before `cutoff`; returns the jobs that lost comments. */
    async purgeOlderThan(cutoff: Date): Promise<string[]> {
      const rows = await db
        .deleteFrom('analysisComments')
        .where('createdAt', '<', cutoff)
        .returning('jobId')
        .execute();
      return [...new Set(rows.map((r) => r.jobId))];
    },
  };
}
