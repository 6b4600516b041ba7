import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';

/** The latest finished report of one video or post of a workspace, with its stored questions. */
export interface WorkspaceReportQuestions {
  jobId: string;
  videoId: string;
  title: string | null;
  /** When the report was made. */
  reportedAt: Date;
  /** `analysis_reports.questions` as stored (the contract's ReportQuestion list, or null). */
  questions: unknown;
}

export type QuestionStateValue = 'open' | 'answered' | 'dismissed';

export interface StoredQuestionState {
  questionKey: string;
  state: QuestionStateValue;
  updatedAt: Date;
}

export type QuestionInboxRepository = ReturnType<typeof createQuestionInboxRepository>;

/** What the questions inbox reads (the workspace's reports) and keeps (the creator's states). */
export function createQuestionInboxRepository(db: Kysely<DB>) {
  return {
    /**
     * The latest complete report by `userId` of each video that belongs to the workspace (started
     * from it, or in its catalogue), as the Analyzed tab lists them.
     */
    async listReportQuestions(
      userId: string,
      workspaceId: number,
    ): Promise<WorkspaceReportQuestions[]> {
      const rows = await db
        .selectFrom('analysisJobs as j')
        .innerJoin('analysisReports as r', 'r.jobId', 'j.id')
        .leftJoin('workspaceVideos as wv', (join) =>
          join.on('wv.workspaceId', '=', workspaceId).onRef('wv.youtubeVideoId', '=', 'j.videoId'),
        )
        .distinctOn('j.videoId')
        .select([
          'j.id as jobId',
          'j.videoId',
          'j.title as jobTitle',
          'wv.title as catalogueTitle',
          'r.createdAt as reportedAt',
          // as text: the CamelCasePlugin would rename the snake_case keys of parsed jsonb
          sql<string | null>`r.questions::text`.as('questionsJson'),
        ])
        .where('j.userId', '=', userId)
        .where('j.status', '=', 'complete')
        .where((eb) => eb.or([eb('j.workspaceId', '=', workspaceId), eb('wv.id', 'is not', null)]))
        .orderBy('j.videoId')
        .orderBy('j.createdAt', 'desc')
        .orderBy('j.id', 'desc')
        .execute();
      return rows.map((r) => ({
        jobId: r.jobId,
        videoId: r.videoId,
        title: r.catalogueTitle ?? r.jobTitle,
        reportedAt: r.reportedAt,
        questions: r.questionsJson === null ? null : (JSON.parse(r.questionsJson) as unknown),
      }));
    },

    async listStates(userId: string, workspaceId: number): Promise<StoredQuestionState[]> {
      return db
        .selectFrom('questionStates')
        .select(['questionKey', 'state', 'updatedAt'])
        .where('userId', '=', userId)
        .where('workspaceId', '=', workspaceId)
        .execute();
    },

    /** Sets the state of one question (a second call replaces the first). */
    async setState(input: {
      userId: string;
      workspaceId: number;
      questionKey: string;
      state: QuestionStateValue;
      updatedAt: Date;
    }): Promise<void> {
      await db
        .insertInto('questionStates')
        .values(input)
        .onConflict((oc) =>
          oc
            .columns(['userId', 'workspaceId', 'questionKey'])
            .doUpdateSet({ state: input.state, updatedAt: input.updatedAt }),
        )
        .execute();
    },
  };
}
