import { sql, type Kysely } from 'kysely';
import { createDatabase } from './database';
import { migrateBefore } from './migrate';
import type { DB } from './schema';

export interface LegacyRows {
  /** The one account the rows belong to. */
  userId: string;
  /** Inserts a complete analysis of `videoId` as the schema before the migration has it. */
  job: (videoId: string) => Promise<string>;
  /** Inserts that analysis's report with `body` (an empty object unless given). */
  report: (jobId: string, videoId: string, body?: unknown, totalComments?: number) => Promise<void>;
}

/**
 * For the test of a migration that rewrites stored rows: a fresh in-memory database migrated to
 * just before `migration`, with one account; `run` stores the old rows, migrates and checks them.
 * The database is closed afterwards.
 */
export async function beforeMigration(
  migration: string,
  run: (db: Kysely<DB>, legacy: LegacyRows) => Promise<void>,
): Promise<void> {
  const database = await createDatabase({ kind: 'pglite', dataDir: undefined });
  const { db } = database;
  try {
    await migrateBefore(db, migration);
    const userId = (
      await sql<{ id: string }>`
        insert into users (email) values (${`legacy-${migration}@example.com`}) returning id`.execute(
        db,
      )
    ).rows[0]!.id;
    const job = async (videoId: string) =>
      (
        await sql<{ id: string }>`insert into analysis_jobs
          (user_id, video_id, status, comment_limit, reserved_credits)
          values (${userId}, ${videoId}, 'complete', 1000, 1) returning id`.execute(db)
      ).rows[0]!.id;
    const report = async (jobId: string, videoId: string, body: unknown = {}, total = 5) => {
      await sql`insert into analysis_reports
        (job_id, user_id, video_id, report, executive_summary, total_comments, processing_seconds)
        values (${jobId}, ${userId}, ${videoId}, ${JSON.stringify(body)}::jsonb,
          ${JSON.stringify({ overall_vibe: 'x', key_positives: [], improvement_suggestions: [] })}::jsonb,
          ${total}, 1)`.execute(db);
    };
    await run(db, { userId, job, report });
  } finally {
    await database.close();
  }
}
