import { sql } from 'kysely';
import { ReportQuestionSchema } from '@app/contracts';
import { expect, it } from 'vitest';
import { beforeMigration } from './legacy-rows.test-support';
import { migrateToLatest } from './migrate';

const QUESTIONS = '2026112825_report_questions';

it('gives reports stored before their questions a list from their stored comments, and null once those expired', async () => {
  await beforeMigration(QUESTIONS, async (db, { job, report }) => {
    const stored = async (videoId: string): Promise<string> => {
      const jobId = await job(videoId);
      await report(jobId, videoId);
      return jobId;
    };

    const kept = await stored('keptVideo01');
    const rows: [string, string, number, string, string | null, boolean, number][] = [
      ['a1', 'Where did you buy that lamp?', 1, 'Question', null, false, 0],
      ['a2', 'Where did you buy that  lamp?', 5, 'Question', null, false, 1],
      ['b1', 'What camera is this?', 0, 'Question', null, false, 1],
      ['r1', 'It is a small mirrorless one, details below', 0, 'Opinion', 'b1', true, 1],
      ['c1', 'Please make a part two', 3, 'Request', null, false, 0],
      ['d1', 'Is the music yours? asked the channel', 0, 'Question', null, true, 0],
    ];
    for (const [i, [id, text, likes, intent, parent, creator, cluster]] of rows.entries()) {
      await sql`insert into analysis_comments (job_id, position, comment_id, text, like_count,
          cluster_id, intent, sentiment_score, sentiment_label, by_creator, parent_id)
        values (${kept}, ${i}, ${id}, ${text}, ${likes}, ${cluster}, ${intent}, 0, 'neutral',
          ${creator}, ${parent})`.execute(db);
    }
    const purged = await stored('purgedVid01');

    expect(await migrateToLatest(db)).toContain(QUESTIONS);
    const read = async (jobId: string) => {
      const r = await sql<{ questions: string | null }>`
        select questions::text as questions from analysis_reports where job_id = ${jobId}`.execute(
        db,
      );
      const raw = r.rows[0]!.questions;
      return raw === null ? null : ReportQuestionSchema.array().parse(JSON.parse(raw));
    };
    expect(await read(kept)).toEqual([
      {
        question: 'Where did you buy that  lamp?'.replace(/\s+/g, ' '),
        count: 2,
        like_count: 6,
        cluster_id: 0,
        examples: [
          expect.objectContaining({ id: 'a2', like_count: 5 }),
          expect.objectContaining({ id: 'a1', like_count: 1 }),
        ],
        answered: false,
        suggested_reply: null,
      },
      {
        question: 'What camera is this?',
        count: 1,
        like_count: 0,
        cluster_id: 1,
        examples: [expect.objectContaining({ id: 'b1', text: 'What camera is this?' })],
        answered: true,
        suggested_reply: null,
      },
    ]);
    expect(await read(purged)).toBeNull();
  });
});
