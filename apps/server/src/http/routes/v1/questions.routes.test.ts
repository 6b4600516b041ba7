import { QuestionsReplySchema, InboxQuestionSchema } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { questionKey } from '../../../services/questions/questions-inbox';
import {
  seedWorkspaceReport,
  storedQuestion,
} from '../../../services/questions/questions-inbox.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { userIdByEmail } from '../../../test/deep-dive-fixtures';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';

const PROOF_V1 = 'How long do you proof the dough in the fridge?';
const PROOF_V2 = 'How long should I proof the dough in the fridge?';
const OVEN = 'Which oven temperature do you bake the loaf at?';
const RYE = 'Can I use rye flour instead of spelt in this recipe?';

describeEachDatabase('the questions inbox', (t) => {
  let s: TestApp;

  beforeAll(async () => {
    s = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder() },
    });
  });
  afterAll(async () => {
    await s?.app.close();
  });

  async function account() {
    const user = await signUpTestUser(s.app);
    const userId = await userIdByEmail(t.db, user.email);
    const res = await s.app.inject({
      method: 'POST',
      url: '/api/v1/workspaces',
      headers: bearer(user.token),
      payload: { name: 'Bakery' },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { ...user, userId, workspaceId: res.json<{ id: number }>().id };
  }

  /** Two analysed videos: the proofing question asked under both, one answered on the platform. */
  async function bakery() {
    const a = await account();
    const repos = s.container.repos;
    const v1 = await seedWorkspaceReport(repos, {
      userId: a.userId,
      workspaceId: a.workspaceId,
      videoId: 'bakeVideo01',
      title: 'Sourdough basics',
      questions: [
        storedQuestion(PROOF_V1, 3, { askedAt: '2026-05-01T10:00:00.000Z' }),
        storedQuestion(OVEN, 2, { answered: true }),
      ],
    });
    const v2 = await seedWorkspaceReport(repos, {
      userId: a.userId,
      workspaceId: a.workspaceId,
      videoId: 'bakeVideo02',
      title: 'Rye loaf',
      questions: [
        storedQuestion(PROOF_V2, 4, { askedAt: '2026-06-01T10:00:00.000Z' }),
        storedQuestion(RYE, 1, { suggested_reply: 'Yes, swap up to half of it.' }),
      ],
    });
    return { ...a, v1, v2 };
  }

  async function inbox(token: string, workspaceId: number, status?: string) {
    const res = await s.app.inject({
      method: 'GET',
      url: `/api/v1/questions?workspace_id=${workspaceId}${status ? `&status=${status}` : ''}`,
      headers: bearer(token),
    });
    expect(res.statusCode, res.body).toBe(200);
    return QuestionsReplySchema.parse(res.json());
  }

  const setState = (token: string, id: string, body: object) =>
    s.app.inject({
      method: 'PATCH',
      url: `/api/v1/questions/${id}`,
      headers: bearer(token),
      payload: body,
    });

  it('merges one question asked under two videos: the count is the sum and both videos are listed', async () => {
    const b = await bakery();
    const open = await inbox(b.token, b.workspaceId);
    expect(open.analysed_videos).toBe(2);
    expect(open.counts).toEqual({ open: 2, answered: 1, dismissed: 0 });
    expect(open.questions.map((q) => [q.question, q.count])).toEqual([
      [PROOF_V2, 7],
      [RYE, 1],
    ]);
    const proof = open.questions[0]!;
    expect(proof.id).toBe(questionKey(PROOF_V2));
    expect(proof.videos).toEqual([
      { video_id: 'bakeVideo02', kind: 'youtube', job_id: b.v2, title: 'Rye loaf', count: 4 },
      {
        video_id: 'bakeVideo01',
        kind: 'youtube',
        job_id: b.v1,
        title: 'Sourdough basics',
        count: 3,
      },
    ]);
    // the most-liked comments of both videos, at most three
    expect(proof.examples.map((e) => e.like_count)).toEqual([4, 3, 3]);
    expect(proof.last_asked_at).toBe('2026-06-01T10:00:00.000Z');
    expect(proof.state).toBe('open');
    expect(proof.suggested_reply).toBeNull();
    expect(open.questions[1]!.suggested_reply).toBe('Yes, swap up to half of it.');

    // the question the channel replied to on the platform counts as answered
    const answered = await inbox(b.token, b.workspaceId, 'answered');
    expect(answered.questions.map((q) => [q.question, q.answered_on_platform])).toEqual([
      [OVEN, true],
    ]);
    expect(answered.questions[0]!.videos.map((v) => v.video_id)).toEqual(['bakeVideo01']);
  });

  it('dismisses, answers and reopens questions; each state has its own tab and count', async () => {
    const b = await bakery();
    const [proof, rye] = (await inbox(b.token, b.workspaceId)).questions;
    const dismissed = await setState(b.token, proof!.id, {
      workspace_id: b.workspaceId,
      state: 'dismissed',
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    const body = InboxQuestionSchema.parse(dismissed.json());
    expect(body).toMatchObject({ id: proof!.id, state: 'dismissed', count: 7 });
    expect(body.state_updated_at).not.toBeNull();
    // an id of a wording merged into the question (not the lead one) names it too
    const answered = await setState(b.token, questionKey(RYE), {
      workspace_id: b.workspaceId,
      state: 'answered',
    });
    expect(answered.statusCode, answered.body).toBe(200);

    const open = await inbox(b.token, b.workspaceId, 'open');
    expect(open.counts).toEqual({ open: 0, answered: 2, dismissed: 1 });
    expect(open.questions).toEqual([]);
    expect((await inbox(b.token, b.workspaceId, 'dismissed')).questions.map((q) => q.id)).toEqual([
      proof!.id,
    ]);
    expect(
      (await inbox(b.token, b.workspaceId, 'answered')).questions.map((q) => q.question),
    ).toEqual([OVEN, RYE]);

    // open again
    const reopened = await setState(b.token, proof!.id, {
      workspace_id: b.workspaceId,
      state: 'open',
    });
    expect(reopened.statusCode, reopened.body).toBe(200);
    const after = await inbox(b.token, b.workspaceId);
    expect(after.counts).toEqual({ open: 1, answered: 2, dismissed: 0 });
    expect(after.questions.map((q) => q.id)).toEqual([proof!.id]);
    expect(rye!.id).toBe(questionKey(RYE));
  });

  it('keeps a state through a new analysis of the video, and a reply seen after it marks the question answered', async () => {
    const b = await bakery();
    const proofId = questionKey(PROOF_V2);
    s.clock.set(new Date('2020-01-01T00:00:00Z')); // the creator's choices are older than any report
    try {
      expect(
        (await setState(b.token, proofId, { workspace_id: b.workspaceId, state: 'dismissed' }))
          .statusCode,
      ).toBe(200);
      // the second video analysed again, the question worded as before
      await seedWorkspaceReport(s.container.repos, {
        userId: b.userId,
        workspaceId: b.workspaceId,
        videoId: 'bakeVideo02',
        title: 'Rye loaf',
        questions: [storedQuestion(PROOF_V2, 5), storedQuestion(RYE, 1)],
      });
      let reply = await inbox(b.token, b.workspaceId, 'dismissed');
      expect(reply.questions.map((q) => [q.id, q.count])).toEqual([[proofId, 8]]);

      // the next analysis sees the channel's reply under the first video
      await seedWorkspaceReport(s.container.repos, {
        userId: b.userId,
        workspaceId: b.workspaceId,
        videoId: 'bakeVideo01',
        title: 'Sourdough basics',
        questions: [storedQuestion(PROOF_V1, 3, { answered: true }), storedQuestion(OVEN, 2)],
      });
      reply = await inbox(b.token, b.workspaceId, 'answered');
      expect(reply.counts).toEqual({ open: 2, answered: 1, dismissed: 0 });
      expect(reply.questions.map((q) => [q.id, q.answered_on_platform])).toEqual([[proofId, true]]);
    } finally {
      s.clock.set(new Date());
    }
    // set after that analysis, the creator's choice wins again
    const reopened = await setState(b.token, proofId, {
      workspace_id: b.workspaceId,
      state: 'open',
    });
    expect(reopened.json()).toMatchObject({ state: 'open', answered_on_platform: true });
    expect((await inbox(b.token, b.workspaceId)).questions.map((q) => q.id)).toContain(proofId);
  });

  it("answers 404 for another account's workspace or question, and changes nothing", async () => {
    const owner = await bakery();
    const intruder = await account();
    const proofId = questionKey(PROOF_V2);
    for (const res of [
      await s.app.inject({
        method: 'GET',
        url: `/api/v1/questions?workspace_id=${owner.workspaceId}`,
        headers: bearer(intruder.token),
      }),
      await setState(intruder.token, proofId, {
        workspace_id: owner.workspaceId,
        state: 'dismissed',
      }),
      // the owner's question through the intruder's own (empty) workspace
      await setState(intruder.token, proofId, {
        workspace_id: intruder.workspaceId,
        state: 'dismissed',
      }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toHaveProperty('message');
      expect(res.body).not.toContain('proof');
    }
    expect((await inbox(owner.token, owner.workspaceId)).counts.dismissed).toBe(0);
    const empty = await inbox(intruder.token, intruder.workspaceId);
    expect(empty).toMatchObject({ analysed_videos: 0, questions: [] });
  });

  describe('bad input', () => {
    it('answers 4xx { message, code } with a sentence', async () => {
      const b = await bakery();
      const cases: [string, 'GET' | 'PATCH', string, object | undefined, number, RegExp][] = [
        ['no workspace', 'GET', '/api/v1/questions', undefined, 400, /workspace id/i],
        [
          'bad status',
          'GET',
          `/api/v1/questions?workspace_id=${b.workspaceId}&status=later`,
          undefined,
          400,
          /open, answered or dismissed/,
        ],
        [
          'bad workspace',
          'GET',
          '/api/v1/questions?workspace_id=abc',
          undefined,
          400,
          /whole number/,
        ],
        [
          'bad id',
          'PATCH',
          '/api/v1/questions/not-a-question',
          { workspace_id: b.workspaceId, state: 'open' },
          400,
          /not the id of a question/,
        ],
        [
          'bad state',
          'PATCH',
          `/api/v1/questions/${questionKey(OVEN)}`,
          { workspace_id: b.workspaceId, state: 'done' },
          400,
          /open, answered or dismissed/,
        ],
        ['no body', 'PATCH', `/api/v1/questions/${questionKey(OVEN)}`, undefined, 400, /.+/],
        [
          'unknown question',
          'PATCH',
          `/api/v1/questions/${'0'.repeat(24)}`,
          { workspace_id: b.workspaceId, state: 'open' },
          404,
          /not in the inbox/,
        ],
        [
          'unknown workspace',
          'GET',
          '/api/v1/questions?workspace_id=2147483000',
          undefined,
          404,
          /Workspace not found/,
        ],
      ];
      for (const [name, method, url, payload, status, message] of cases) {
        const res = await s.app.inject({
          method,
          url,
          headers: bearer(b.token),
          ...(payload ? { payload } : {}),
        });
        expect(res.statusCode, `${name}: ${res.body}`).toBe(status);
        const body = res.json<{ message: string; code: string }>();
        expect(body.message, name).toMatch(message);
        expect(body.code, name).toEqual(expect.any(String));
      }
    });
  });

  it('removes the states with the account', async () => {
    const b = await bakery();
    await setState(b.token, questionKey(RYE), { workspace_id: b.workspaceId, state: 'dismissed' });
    const states = () =>
      t.db.selectFrom('questionStates').select('state').where('userId', '=', b.userId).execute();
    expect(await states()).toHaveLength(1);
    const res = await s.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/account',
      headers: bearer(b.token),
      payload: { password: b.password },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await states()).toHaveLength(0);
  });
});
