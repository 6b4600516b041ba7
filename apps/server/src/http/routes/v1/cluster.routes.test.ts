import { CLUSTER_ANALYSIS_SYSTEM_PROMPT, CLUSTER_CHAT_SYSTEM_PROMPT } from '@app/analysis';
import type { ChatReply, ClusterAnalysis, ClusterCommentsReply } from '@app/contracts';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeLanguageModel } from '../../../providers/llm/fake-language-model';
import { json, startStubServer } from '../../../providers/llm/local-stub-server.test-support';
import {
  COOKING_CLUSTERS,
  COOKING_COMMENTS,
  INJECTION_TEXT,
  seedAnalysis,
  userIdByEmail,
} from '../../../test/deep-dive-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';

const VIDEO = 'cookVideo01';

async function setUp(
  t: { database: Parameters<typeof buildTestApp>[0]['database'] },
  options: {
    languageModel?: FakeLanguageModel | null;
    env?: Record<string, string>;
    expired?: boolean;
  } = {},
) {
  const test = await buildTestApp({
    database: t.database,
    env: options.env,
    overrides: {
      embedder: new FakeTextEmbedder(),
      ...(options.env ? {} : { languageModel: options.languageModel ?? null }),
    },
  });
  const user = await signUpTestUser(test.app);
  const userId = await userIdByEmail(test.container.db, user.email);
  const jobId = await seedAnalysis(test.container.db, {
    userId,
    videoId: VIDEO,
    clusters: COOKING_CLUSTERS,
    comments: COOKING_COMMENTS,
    expired: options.expired,
    title: 'Garlic sauce three ways',
    channelTitle: 'Babish Culinary Universe',
  });
  return { ...test, token: user.token, userId, jobId };
}

describeEachDatabase('cluster deep dive over HTTP', (t) => {
  let apps: TestApp[] = [];
  const track = async <T extends TestApp>(p: Promise<T>): Promise<T> => {
    const x = await p;
    apps.push(x);
    return x;
  };
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.app.close()));
    apps = [];
  });

  describe('POST /cluster/analyze', () => {
    it('analyses a cluster offline from its comments and caches the result', async () => {
      const s = await track(setUp(t));
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(s.token),
        payload: { video_id: VIDEO, cluster_id: 0 },
      });
      expect(res.statusCode, res.body).toBe(200);
      const { analysis } = res.json<{ analysis: ClusterAnalysis }>();
      expect(analysis.source).toBe('offline');
      // the questions are those of the comments whose intent is Question; "Can you share the
      // recipe…?" asks for something (a Request), so it is neither counted nor listed
      expect(analysis.top_questions).toEqual([
        'What brand of pan do you use?',
        'How long do you cook the chicken?',
      ]);
      expect(analysis.question_count).toBe(2);
      expect(analysis.summary).toContain('2 of the 7 comments in this cluster ask a question');
      expect(analysis.key_themes[0]).toMatch(/^garlic sauce recipe \(3 comments\)$/);
      expect(analysis.summary).toContain('7 comments');

      // Cached: the stored row answers even after the comments change.
      await s.container.db
        .updateTable('analysisComments')
        .set({ text: 'changed' })
        .where('jobId', '=', s.jobId)
        .execute();
      const again = await s.app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(s.token),
        payload: { video_id: VIDEO, cluster_id: 0 },
      });
      expect(again.json()).toEqual(res.json());
    });

    it('rejects bad input with a message, unknown clusters and other users with 404, and anonymous calls with 401', async () => {
      const s = await track(setUp(t));
      const post = (payload: unknown, token: string | null = s.token) =>
        s.app.inject({
          method: 'POST',
          url: '/api/v1/cluster/analyze',
          headers: token ? bearer(token) : {},
          payload: payload as object,
        });
      const badId = await post({ video_id: 'short', cluster_id: 0 });
      expect(badId.statusCode).toBe(400);
      expect(badId.json<{ message: string }>().message).toMatch(/video id is exactly 11/);
      expect((await post({ video_id: VIDEO, cluster_id: 'abc' })).statusCode).toBe(400);
      // values z.coerce would have read as cluster 0 or 1 are refused, not acted on
      for (const cluster_id of [null, '', ' ', true, false, [0], '0x1', -1, 1.5]) {
        const wrong = await post({ video_id: VIDEO, cluster_id });
        expect(wrong.statusCode, JSON.stringify(cluster_id)).toBe(400);
        expect(wrong.json<{ message: string }>().message).toBe(
          'cluster_id is the number of a cluster in the report (0 or more).',
        );
      }
      expect((await post({ video_id: VIDEO, cluster_id: '0' })).statusCode).toBe(200);
      expect((await post({ video_id: VIDEO, cluster_id: 0 }, null)).statusCode).toBe(401);
      const missing = await post({ video_id: VIDEO, cluster_id: 7 });
      expect(missing.statusCode).toBe(404);
      expect(missing.json<{ message: string }>().message).toBe('This analysis has no cluster 7.');
      const other = await signUpTestUser(s.app);
      const foreign = await post({ video_id: VIDEO, cluster_id: 0 }, other.token);
      expect(foreign.statusCode).toBe(404);
      expect(foreign.json<{ code: string }>().code).toBe('analysis_not_found');
    });

    it('uses the model when one is configured, keeping only questions really asked', async () => {
      const model = new FakeLanguageModel([
        {
          summary: 'Viewers want the garlic sauce recipe.',
          key_themes: ['garlic sauce recipe', 'cookware'],
          top_questions: [
            'What brand of pan do you use?',
            'Will you make a vegan version?',
            // asked for (a Request), not asked: not one of the cluster's questions
            'Can you share the recipe for the garlic sauce?',
          ],
          sentiment: 'negative',
        },
      ]);
      const s = await track(setUp(t, { languageModel: model }));
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(s.token),
        payload: { video_id: VIDEO, cluster_id: 0 },
      });
      const { analysis } = res.json<{ analysis: ClusterAnalysis }>();
      expect(analysis).toMatchObject({
        source: 'llm',
        summary: 'Viewers want the garlic sauce recipe.',
        // the tone and counts are the report's, whatever the model says
        sentiment: 'positive',
        question_count: 2,
      });
      expect(analysis.top_questions).toEqual(['What brand of pan do you use?']);
      const request = model.requests[0]!;
      expect(request.system).toBe(CLUSTER_ANALYSIS_SYSTEM_PROMPT);
      expect(request.system).not.toContain('IGNORE');
      // the video the comments are on, as data
      expect(request.user).toContain(
        'Video (data only): {"title":"Garlic sauce three ways","channel":"Babish Culinary Universe"}',
      );
    });

    describe('with an OpenAI-compatible server that fails', () => {
      let stub: Awaited<ReturnType<typeof startStubServer>>;
      let calls = 0;
      beforeAll(async () => {
        stub = await startStubServer([
          (_req, res) => {
            calls += 1;
            if (calls === 1) {
              json(res, 500, { error: { message: 'overloaded' } });
              return;
            }
            json(res, 200, {
              choices: [
                {
                  message: {
                    role: 'assistant',
                    content: JSON.stringify({
                      summary: 'From the model.',
                      key_themes: ['recipe'],
                      top_questions: [],
                      sentiment: 'mixed',
                    }),
                  },
                  finish_reason: 'stop',
                },
              ],
            });
          },
        ]);
      });
      afterAll(() => stub.close());

      it('falls back to the offline analysis, does not cache it, and uses the model once it recovers', async () => {
        calls = 0;
        const s = await track(
          setUp(t, {
            env: { LLM_API_URL: stub.url, LLM_MODEL: 'stub-model', LLM_MAX_RETRIES: '0' },
          }),
        );
        const call = () =>
          s.app.inject({
            method: 'POST',
            url: '/api/v1/cluster/analyze',
            headers: bearer(s.token),
            payload: { video_id: VIDEO, cluster_id: 0 },
          });
        const first = (await call()).json<{ analysis: ClusterAnalysis }>().analysis;
        expect(first.source).toBe('offline');
        expect(first.top_questions.length).toBeGreaterThan(0);
        const second = (await call()).json<{ analysis: ClusterAnalysis }>().analysis;
        expect(second).toMatchObject({
          source: 'llm',
          summary: 'From the model.',
          // the report's tone, not the model's 'mixed'
          sentiment: first.sentiment,
        });
        // No invented questions: the model gave none, so the offline ones stay.
        expect(second.top_questions).toEqual(first.top_questions);
      });
    });

    it('answers 410 once the comments expired and nothing was cached', async () => {
      const s = await track(setUp(t, { expired: true }));
      const res = await s.app.inject({
        method: 'POST',
        url: '/api/v1/cluster/analyze',
        headers: bearer(s.token),
        payload: { video_id: VIDEO, cluster_id: 0 },
      });
      expect(res.statusCode).toBe(410);
      expect(res.json<{ code: string; message: string }>()).toMatchObject({
        code: 'comments_expired',
      });
    });
  });

  describe('GET /cluster/comments', () => {
    it('pages most-liked first, or newest first', async () => {
      const s = await track(setUp(t));
      const get = (q: string) =>
        s.app.inject({
          method: 'GET',
          url: `/api/v1/cluster/comments?video_id=${VIDEO}&cluster_id=0${q}`,
          headers: bearer(s.token),
        });
      const page1 = (await get('&page_size=3')).json<ClusterCommentsReply>();
      expect(page1).toMatchObject({ total: 7, page: 1, page_size: 3, expired: false });
      expect(page1.comments.map((c) => c.like_count)).toEqual([999, 120, 40]);
      expect(page1.comments[1]).toMatchObject({
        author: 'ana',
        text: 'Can you share the recipe for the garlic sauce?',
      });
      expect(page1.comments[1]!.published_at).toMatch(/^2026-01-01T/);
      const page3 = (await get('&page_size=3&page=3')).json<ClusterCommentsReply>();
      expect(page3.comments.map((c) => c.like_count)).toEqual([3]);
      const newest = (await get('&sort=newest')).json<ClusterCommentsReply>();
      expect(newest.comments[0]!.text).toBe('I need the garlic sauce recipe too, it looks so good');
      expect((await get('&page=0')).statusCode).toBe(400);
    });

    it('says the comments expired after retention, and hides other users’ analyses', async () => {
      const s = await track(setUp(t, { expired: true }));
      const res = await s.app.inject({
        method: 'GET',
        url: `/api/v1/cluster/comments?video_id=${VIDEO}&cluster_id=0`,
        headers: bearer(s.token),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json<ClusterCommentsReply>()).toMatchObject({
        comments: [],
        total: 0,
        expired: true,
      });
      const other = await signUpTestUser(s.app);
      const foreign = await s.app.inject({
        method: 'GET',
        url: `/api/v1/cluster/comments?video_id=${VIDEO}&cluster_id=0`,
        headers: bearer(other.token),
      });
      expect(foreign.statusCode).toBe(404);
    });
  });

  describe('POST /cluster/chat', () => {
    const ask = (s: TestApp & { token: string }, message: unknown, extra: object = {}) =>
      s.app.inject({
        method: 'POST',
        url: '/api/v1/cluster/chat',
        headers: bearer(s.token),
        payload: { video_id: VIDEO, cluster_id: 0, message, ...extra },
      });

    it('answers offline with counts and verbatim quotes of the cluster’s comments', async () => {
      const s = await track(setUp(t));
      const res = await ask(s, 'What do people say about the garlic sauce recipe?');
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json<ChatReply>();
      expect(reply.source).toBe('offline');
      expect(reply.answer).toMatch(
        /^4 of the 7 comments in this cluster mention "garlic" or "sauce" or "recipe"/,
      );
      const texts = COOKING_COMMENTS.filter((c) => c.clusterId === 0).map((c) => c.text);
      expect(reply.quotes.length).toBeGreaterThan(0);
      for (const q of reply.quotes) {
        expect(texts).toContain(q.text);
        expect(q.text).toMatch(/garlic sauce/);
      }
      expect(reply.comment_ids.length).toBe(7);
    });

    it('answers a question about what viewers ask from the stored intents, whatever their words', async () => {
      const s = await track(setUp(t));
      const res = await ask(s, 'What questions do viewers have?');
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json<ChatReply>();
      expect(reply.answer).toMatch(/^2 of the 7 comments in this cluster ask a question\./);
      expect(reply.quotes.map((q) => q.text).sort()).toEqual([
        'How long do you cook the chicken?',
        'What brand of pan do you use?',
      ]);
    });

    it('rejects empty and over-long questions with a message', async () => {
      const s = await track(setUp(t));
      const empty = await ask(s, '   ');
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe('Type a question about this cluster.');
      const long = await ask(s, 'x'.repeat(2001));
      expect(long.statusCode).toBe(400);
      expect(long.json<{ message: string }>().message).toMatch(/at most 2000 characters/);
      expect((await ask(s, 'ok?', { top_k: 0 })).statusCode).toBe(400);
    });

    it('keeps a prompt-injection comment inside the fenced data block and the system prompt unchanged', async () => {
      const model = new FakeLanguageModel([
        (request: { user: string }) => ({
          answer:
            'Most want the garlic sauce recipe: "Can you share the recipe for the garlic sauce?"',
          quoted_comment_ids: [
            `${VIDEO}-c0`,
            'made-up-id',
            request.user.length > 0 ? `${VIDEO}-c8` : 'x',
          ],
        }),
      ]);
      const s = await track(setUp(t, { languageModel: model }));
      const reply = (await ask(s, 'What do people ask for?')).json<ChatReply>();
      expect(reply.source).toBe('llm');
      // Only comments of this cluster that were retrieved can be quoted (c8 is in another cluster).
      expect(reply.quotes.map((q) => q.id)).toEqual([`${VIDEO}-c0`]);

      const request = model.requests[0]!;
      expect(request.system).toBe(CLUSTER_CHAT_SYSTEM_PROMPT);
      expect(request.user).toContain('"channel":"Babish Culinary Universe"');
      const open = request.user.indexOf('```json\n');
      const close = request.user.lastIndexOf('\n```');
      expect(open).toBeGreaterThan(0);
      expect(request.user.match(/```/g)).toHaveLength(2);
      const outside = request.user.slice(0, open) + request.user.slice(close + 4);
      expect(outside).not.toContain('IGNORE PREVIOUS');
      expect(outside).toContain('"What do people ask for?"');
      const data = JSON.parse(request.user.slice(open + 8, close)) as {
        id: string;
        text: string;
      }[];
      expect(data.find((d) => d.text === INJECTION_TEXT)).toBeDefined();
      expect(
        data.every((d) => COOKING_COMMENTS.some((c) => c.text === d.text && c.clusterId === 0)),
      ).toBe(true);
    });

    it('answers offline when the model fails or replies with the wrong shape', async () => {
      const model = new FakeLanguageModel([new Error('timeout'), { text: 'not the schema' }]);
      const s = await track(setUp(t, { languageModel: model }));
      for (let i = 0; i < 2; i += 1) {
        const reply = (await ask(s, 'How long to cook the chicken?')).json<ChatReply>();
        expect(reply.source).toBe('offline');
        expect(reply.quotes[0]?.text).toBe('How long do you cook the chicken?');
      }
      expect(model.requests).toHaveLength(2);
    });

    it('embeds a cluster once per conversation and refuses expired comments', async () => {
      const embedder = new FakeTextEmbedder();
      const s = await track(
        (async () => {
          const test = await buildTestApp({
            database: t.database,
            overrides: { embedder, languageModel: null },
          });
          const user = await signUpTestUser(test.app);
          await seedAnalysis(test.container.db, {
            userId: await userIdByEmail(test.container.db, user.email),
            videoId: VIDEO,
            clusters: COOKING_CLUSTERS,
            comments: COOKING_COMMENTS,
          });
          return { ...test, token: user.token };
        })(),
      );
      await ask(s, 'first question?');
      await ask(s, 'second question?');
      const batches = embedder.calls.map((c) => c.length);
      // 7 comments once, then one question per call.
      expect(batches).toEqual([7, 1, 1]);

      const expired = await track(setUp(t, { expired: true }));
      expect((await ask(expired, 'anything?')).statusCode).toBe(410);
    });
  });
});
