import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from './database';
import { migrateBefore, migrateToLatest } from './migrate';

const ROW_PLATFORM = '2026112901_row_platform';

it('gives analyses and reports stored before the platform column the platform their key names', async () => {
  const database = await createDatabase({ kind: 'pglite', dataDir: undefined });
  const { db } = database;
  try {
    await migrateBefore(db, ROW_PLATFORM);

    const userId = (
      await sql<{ id: string }>`
        insert into users (email) values ('legacy-platform@example.com') returning id`.execute(db)
    ).rows[0]!.id;
    for (const videoId of [
      'dQw4w9WgXcQ',
      'ig_17890000000000001',
      'ig_12345678',
      'sample_weeknight-ramen',
    ]) {
      const jobId = (
        await sql<{ id: string }>`insert into analysis_jobs
          (user_id, video_id, status, comment_limit, reserved_credits)
          values (${userId}, ${videoId}, 'complete', 1000, 1) returning id`.execute(db)
      ).rows[0]!.id;
      await sql`insert into analysis_reports
        (job_id, user_id, video_id, report, executive_summary, total_comments, processing_seconds)
        values (${jobId}, ${userId}, ${videoId}, '{}'::jsonb, '{}'::jsonb, 5, 1)`.execute(db);
    }

    await migrateToLatest(db);

    for (const table of ['analysis_jobs', 'analysis_reports']) {
      // one-word aliases: the connection camel-cases column names
      const rows = await sql<{ video: string; platform: string }>`
        select video_id as video, platform from ${sql.table(table)} order by video_id`.execute(db);
      expect(Object.fromEntries(rows.rows.map((r) => [r.video, r.platform]))).toEqual({
        dQw4w9WgXcQ: 'youtube',
        ig_12345678: 'youtube',
        ig_17890000000000001: 'instagram',
        'sample_weeknight-ramen': 'youtube',
      });
    }
    // the column is required from now on
    await expect(
      sql`insert into analysis_jobs (user_id, video_id, status, comment_limit, reserved_credits)
        values (${userId}, 'abcdefghijk', 'pending', 10, 1)`.execute(db),
    ).rejects.toThrow(/platform/);
  } finally {
    await database.close();
  }
});
