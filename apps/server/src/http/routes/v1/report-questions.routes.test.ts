import { analyseComments, type CompletionRequest } from '@app/analysis';
import { ReportQuestionSchema, ReportReplySchema, type ReportReply } from '@app/contracts';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { FakeLanguageModel } from '../../../providers/llm/fake-language-model';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { purgeExpiredComments } from '../../../services/analysis/purge-expired-comments';
import { describeEachDatabase } from '../../../test/databases';
import {
  buildAnalysisTestApp,
  createTestAnalysis,
  type AnalysisTestApp,
} from '../../../test/factories';
import { bearer, signUpTestUser, type TestApp } from '../../../test/test-app';

const VIDEO = 'questVideo1';

/**
 * An invented baking video: one question asked three times in the same words, one asked once that
 * the channel answered in its thread, one asked twice, and praise around them.
 */
function commentsCsv(): string {
  const rows = ['id,text,likes,author,published_at,parent_id,by_creator'];
  const add = (id: string, text: string, likes: number, parent = '', creator = false) =>
    rows.push(
      `${id},"${text}",${likes},${creator ? 'The Baker' : `fan_${id}`},2025-04-02T10:00:00Z,${parent},${creator}`,
    );
  add('q1', 'How long do you proof the dough overnight in the fridge?', 9);
  add('q2', 'How long do you proof the dough overnight in the fridge?', 2);
  add('q3', 'How long do you proof the dough overnight in the fridge?', 0);
  add('q4', 'Which oven temperature do you bake the loaf at?', 4);
  add('r1', 'I bake it at 250 C for the first twenty minutes, then lower it.', 30, 'q4', true);
  add('q5', 'Can I use rye flour instead of spelt in this recipe?', 1);
  add('q6', 'Can I use rye flour instead of spelt in this recipe?', 1);
  const praise = [
    'This is the best bread video I have ever watched',
    'Beautiful crumb, amazing work as always',
    'Love the calm music and the clear steps',
    'My first loaf came out perfect thanks to you',
    'Great channel, the crust looks incredible',
    'Thank you for such a relaxing video',
    'Wonderful explanation of the folding technique',
    'The scoring pattern is gorgeous',
  ];
  praise.forEach((t, i) => add(`p${i}`, t, i, '', false));
  return `${rows.join('\n')}\n`;
}

/** A model that drafts a reply for every question it is asked about and declines everything else. */
function replyingModel(): FakeLanguageModel {
  const answer = (request: CompletionRequest): unknown => {
    if (request.schemaName !== 'question_replies') throw new Error('not scripted');
    const block = /<questions>\n([\s\S]*?)\n<\/questions>/.exec(request.user)![1]!;
    const asked = JSON.parse(block) as { index: number; question: string }[];
    return {
      replies: asked.map((q) => ({ index: q.index, reply: `Thanks for asking! ${q.question}` })),
    };
  };
  return new FakeLanguageModel(Array.from({ length: 40 }, () => answer));
}

describeEachDatabase('the questions to answer in the report', (t) => {
  let apps: AnalysisTestApp[] = [];
  afterEach(async () => {
    for (const a of apps) await a.close();
    apps = [];
  });

  async function setUp(languageModel: FakeLanguageModel | null) {
    const test = await buildAnalysisTestApp({
      database: t.database,
      videos: { [VIDEO]: { csv: commentsCsv() } },
      overrides: { languageModel, analyse: analyseComments },
    });
    apps.push(test);
    return test;
  }

  const analyse = (s: TestApp, token: string) => createTestAnalysis(s.app, token, VIDEO, 120_000);

  const retag = (s: TestApp, token: string, context: string) =>
    s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context },
    });
  async function report(s: TestApp, token: string): Promise<ReportReply> {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return ReportReplySchema.parse(res.json());
  }

  async function stored(s: TestApp, jobId: string) {
    const { rows } = await sql<{ questions: string | null }>`
      select questions::text as questions from analysis_reports where job_id = ${jobId}`.execute(
      s.container.db,
    );
    const raw = rows[0]!.questions;
    return raw === null ? null : ReportQuestionSchema.array().parse(JSON.parse(raw));
  }

  it('answers the stored list: merged, ranked, answered from the channel’s reply, no invented reply offline; other accounts get 404', async () => {
    const s = await setUp(null);
    const owner = await signUpTestUser(s.app);
    const jobId = await analyse(s, owner.token);
    const reply = await report(s, owner.token);

    expect(reply.questions).not.toBeNull();
    expect(reply.questions).toEqual(await stored(s, jobId));
    const questions = reply.questions!;
    expect(questions.map((q) => q.count)).toEqual([3, 2, 1]);
    const [proof, rye, oven] = questions;
    expect(proof!.question).toBe('How long do you proof the dough overnight in the fridge?');
    expect(proof!.examples.map((e) => e.id)).toEqual(['q1', 'q2', 'q3']);
    expect(proof!.like_count).toBe(11);
    expect(proof!.answered).toBe(false);
    expect(rye!.answered).toBe(false);
    // the channel replied in q4's thread; its own reply is never a question
    expect(oven!.examples.map((e) => e.id)).toEqual(['q4']);
    expect(oven!.answered).toBe(true);
    for (const q of questions) {
      expect(q.suggested_reply).toBeNull();
      expect(reply.report.clusters.map((c) => c.cluster_id)).toContain(q.cluster_id);
    }

    // another account sees neither the report nor its questions
    const other = await signUpTestUser(s.app);
    const foreign = await s.app.inject({
      method: 'GET',
      url: `/api/v1/report/${VIDEO}`,
      headers: bearer(other.token),
    });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain('proof the dough');

    // a retag works the list out again from the same comments: the same list, stored and answered
    const retagged = await retag(s, owner.token, '');
    expect(retagged.statusCode, retagged.body).toBe(200);
    const after = await report(s, owner.token);
    expect(after.questions).toEqual(questions);
    expect(await stored(s, jobId)).toEqual(questions);

    // the creator's context turns the rye questions into requests: they leave the list
    const requests = await retag(s, owner.token, 'treat rye comments as Requests');
    expect(requests.statusCode, requests.body).toBe(200);
    const without = await report(s, owner.token);
    expect(without.questions).toEqual([proof, oven]);
    expect(await stored(s, jobId)).toEqual([proof, oven]);
    await retag(s, owner.token, '');
    expect((await report(s, owner.token)).questions).toEqual(questions);

    // retention drops the quoted comments and keeps the questions
    const later = { now: () => new Date(Date.now() + 400 * 86_400_000) };
    await purgeExpiredComments({ ...analysisDepsFrom(s.container), clock: later });
    const expired = await report(s, owner.token);
    expect(expired.questions!.map((q) => [q.question, q.count, q.answered])).toEqual(
      questions.map((q) => [q.question, q.count, q.answered]),
    );
    for (const q of expired.questions!) expect(q.examples).toEqual([]);
  }, 240_000);

  it('with an LLM, each question has a suggested reply, kept through a retag', async () => {
    const model = replyingModel();
    const s = await setUp(model);
    const owner = await signUpTestUser(s.app);
    const jobId = await analyse(s, owner.token);
    const questions = (await report(s, owner.token)).questions!;
    expect(questions.length).toBe(3);
    for (const q of questions) expect(q.suggested_reply).toBe(`Thanks for asking! ${q.question}`);
    expect(await stored(s, jobId)).toEqual(questions);
    const asked = model.requests.filter((r) => r.schemaName === 'question_replies').length;
    expect(asked).toBe(1);

    const retagged = await retag(s, owner.token, '');
    expect(retagged.statusCode, retagged.body).toBe(200);
    expect((await report(s, owner.token)).questions).toEqual(questions);
    // the same wordings keep their replies: the model is not asked again
    expect(model.requests.filter((r) => r.schemaName === 'question_replies').length).toBe(asked);
  }, 240_000);
});
