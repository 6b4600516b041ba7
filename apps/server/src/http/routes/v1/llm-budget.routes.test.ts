import type { ChatReply, ClusterAnalysis } from '@app/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeLanguageModel } from '../../../providers/llm/fake-language-model';
import {
  COOKING_CLUSTERS,
  COOKING_COMMENTS,
  seedAnalysis,
  userIdByEmail,
} from '../../../test/deep-dive-fixtures';
import { describeEachDatabase } from '../../../test/databases';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';

const VIDEO = 'cookVideo01';
const chatReply = () => ({ answer: 'From the model.', quoted_comment_ids: [] });

describeEachDatabase('language-model budget per account (LLM_CALLS_PER_USER_PER_HOUR)', (t) => {
  let test: TestApp;
  let app: FastifyInstance;
  const model = new FakeLanguageModel();

  beforeAll(async () => {
    test = await buildTestApp({
      database: t.database,
      env: { LLM_CALLS_PER_USER_PER_HOUR: '2' },
      overrides: { embedder: new FakeTextEmbedder(), languageModel: model },
    });
    app = test.app;
  });
  afterAll(async () => {
    await app?.close();
  });

  async function creator() {
    const user = await signUpTestUser(app);
    const userId = await userIdByEmail(test.container.db, user.email);
    const jobId = await seedAnalysis(test.container.db, {
      userId,
      videoId: VIDEO,
      clusters: COOKING_CLUSTERS,
      comments: COOKING_COMMENTS,
    });
    return { token: user.token, jobId };
  }
  const chat = (token: string) =>
    app.inject({
      method: 'POST',
      url: '/api/v1/cluster/chat',
      headers: bearer(token),
      payload: { video_id: VIDEO, cluster_id: 0, message: 'What do people ask for?' },
    });

  it('answers from the offline analyser past the hour’s calls, for that account only, and again after the hour', async () => {
    const { token: first, jobId } = await creator();
    const { token: second } = await creator();
    model.enqueue(chatReply(), chatReply(), chatReply(), chatReply());
    const sources = async (token: string, n: number) => {
      const out: string[] = [];
      for (let i = 0; i < n; i++) {
        const res = await chat(token);
        expect(res.statusCode, res.body).toBe(200);
        out.push(res.json<ChatReply>().source);
      }
      return out;
    };
    const before = model.requests.length;
    expect(await sources(first, 3)).toEqual(['llm', 'llm', 'offline']);
    expect(model.requests.length - before).toBe(2); // the third call was never made
    // a deep analysis past the budget is answered offline and not cached, so it can still improve
    const deep = await app.inject({
      method: 'POST',
      url: '/api/v1/cluster/analyze',
      headers: bearer(first),
      payload: { video_id: VIDEO, cluster_id: 0 },
    });
    expect(deep.json<{ analysis: ClusterAnalysis }>().analysis.source).toBe('offline');
    expect(await test.container.repos.clusterAnalysis.findCachedAnalysis(jobId, 0)).toBeNull();
    // another account has its own budget
    expect(await sources(second, 1)).toEqual(['llm']);
    // an hour later the first account has room again
    test.clock.advance({ hours: 1, minutes: 1 });
    try {
      expect(await sources(first, 1)).toEqual(['llm']);
    } finally {
      test.clock.advance({ hours: -1, minutes: -1 });
    }
  });
});
