import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { beforeMigration } from './legacy-rows.test-support';
import { migrateToLatest } from './migrate';

const ROW_PLATFORM = '2026112901_row_platform';

it('gives analyses and reports stored before the platform column the platform their key names', async () => {
  await beforeMigration(ROW_PLATFORM, async (db, { userId, job, report }) => {
    for (const videoId of [
      'dQw4w9WgXcQ',
      'ig_17890000000000001',
      'ig_12345678',
      'sample_weeknight-ramen',
    ]) {
      const jobId = await job(videoId);
      await report(jobId, videoId);
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
  });
});
