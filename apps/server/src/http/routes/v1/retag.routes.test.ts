import { classifyIntents } from '@app/analysis';
import type { RetagReply } from '@app/contracts';
import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import { FakeLanguageModel } from '../../../providers/llm/fake-language-model';
import { describeEachDatabase } from '../../../test/databases';
import { seedAnalysis, userIdByEmail, type SeedComment } from '../../../test/deep-dive-fixtures';
import { bearer, buildTestApp, signUpTestUser, type TestApp } from '../../../test/test-app';

const VIDEO = 'retagVideo1';

/** A cooking video: recipe requests phrased as questions, and praise. */
const COMMENTS: SeedComment[] = [
  ...[
    'What is the recipe for the garlic sauce?',
    'Where can I find the garlic sauce recipe?',
    'Could you post the recipe for that garlic sauce?',
    'Is the garlic sauce recipe on your website?',
    'What recipe did you use for the garlic sauce?',
  ].map((text) => ({ clusterId: 0, text, likes: 5, intent: 'Question', sentimentScore: 0 })),
  ...[
    'Love this channel so much',
    'Amazing food, great video',
    'Best cooking videos ever, love it',
  ].map((text) => ({
    clusterId: 1,
    text,
    likes: 9,
    intent: 'Praise',
    sentimentScore: 0.8,
  })),
];

async function storedClusters(s: TestApp, jobId: string) {
  const row = await sql<{
    report: string;
  }>`select report::text as report from analysis_reports where job_id = ${jobId}`.execute(
    s.container.db,
  );
  return (
    JSON.parse(row.rows[0]!.report) as {
      clusters: { cluster_id: number; heading: string; category: string; size: number }[];
    }
  ).clusters;
}

describeEachDatabase('POST /retag/{video_id}', (t) => {
  let apps: TestApp[] = [];
  afterEach(async () => {
    await Promise.all(apps.map((a) => a.app.close()));
    apps = [];
  });

  /** An app without a language model and a user signed up to it. */
  async function signedUp() {
    const s = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
    });
    apps.push(s);
    const user = await signUpTestUser(s.app);
    return { s, user, userId: await userIdByEmail(s.container.db, user.email) };
  }

  async function setUp(languageModel: FakeLanguageModel | null = null) {
    const s = await buildTestApp({
      database: t.database,
      overrides: { embedder: new FakeTextEmbedder(), languageModel },
    });
    apps.push(s);
    const user = await signUpTestUser(s.app);
    const userId = await userIdByEmail(s.container.db, user.email);
    const jobId = await seedAnalysis(s.container.db, {
      userId,
      videoId: VIDEO,
      clusters: [
        { cluster_id: 0, heading: 'Old heading A', tags: ['old'], category: 'Question' },
        { cluster_id: 1, heading: 'Old heading B', tags: ['old'], category: 'Opinion' },
      ],
      comments: COMMENTS,
    });
    return { s, token: user.token, jobId };
  }

  it('relabels the stored clusters with the creator’s context, keeps the rest, and costs no credits', async () => {
    const { s, token, jobId } = await setUp();
    const before = (
      await s.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })
    ).json<{
      credits_balance: number;
    }>();
    const plain = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: '' },
    });
    expect(plain.statusCode, plain.body).toBe(200);
    const withoutContext = plain.json<RetagReply>();
    expect(withoutContext.labeller).toBe('offline');
    expect(withoutContext.clusters.find((c) => c.cluster_id === 0)?.category).toBe('Question');

    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: 'this is a cooking channel; treat recipe requests as Requests' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<RetagReply>();
    expect(reply.clusters.find((c) => c.cluster_id === 0)?.category).toBe('Request');
    const stored = await storedClusters(s, jobId);
    expect(stored.find((c) => c.cluster_id === 0)).toMatchObject({ category: 'Request', size: 5 });
    expect(stored.map((c) => c.heading)).not.toContain('Old heading A');
    const after = (
      await s.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: bearer(token) })
    ).json<{
      credits_balance: number;
    }>();
    expect(after.credits_balance).toBe(before.credits_balance);
  });

  it('stores the new comment intents and intent counts, drops cached deep dives, and a new context replaces the old one', async () => {
    const { s, token, jobId } = await setUp();
    const retag = (context: string) =>
      s.app.inject({
        method: 'POST',
        url: `/api/v1/retag/${VIDEO}`,
        headers: bearer(token),
        payload: { context },
      });
    const intentsOfCluster0 = async () =>
      (
        await sql<{
          intent: string;
        }>`select intent from analysis_comments where job_id = ${jobId} and cluster_id = 0 order by position`.execute(
          s.container.db,
        )
      ).rows.map((r) => r.intent);
    const cachedAnalyses = async () =>
      Number(
        (
          await sql<{
            n: string;
          }>`select count(*) as n from cluster_analyses where job_id = ${jobId}`.execute(
            s.container.db,
          )
        ).rows[0]!.n,
      );
    const analyze = await s.app.inject({
      method: 'POST',
      url: '/api/v1/cluster/analyze',
      headers: bearer(token),
      payload: { video_id: VIDEO, cluster_id: 0 },
    });
    expect(analyze.statusCode, analyze.body).toBe(200);
    expect(await cachedAnalyses()).toBe(1);

    expect((await retag('treat recipe requests as Requests')).statusCode).toBe(200);
    expect(await intentsOfCluster0()).toEqual(Array(5).fill('Request'));
    const counts = (await storedClusters(s, jobId)).find((c) => c.cluster_id === 0) as unknown as {
      intent_counts: Record<string, number>;
    };
    expect(counts.intent_counts).toMatchObject({ Request: 5, Question: 0 });
    expect(await cachedAnalyses()).toBe(0);

    // Without the context each comment gets the classifier's own answer again (the old rule does
    // not stick): mostly Questions, so the cluster is a Question cluster again.
    expect((await retag('')).statusCode).toBe(200);
    const own = classifyIntents(COMMENTS.slice(0, 5).map((c) => c.text));
    expect(own.filter((i) => i === 'Question').length).toBeGreaterThanOrEqual(4);
    expect(await intentsOfCluster0()).toEqual(own);
    expect((await storedClusters(s, jobId)).find((c) => c.cluster_id === 0)).toMatchObject({
      category: 'Question',
    });
  });

  it('starts from the classifier answers stored with the analysis (made with embeddings), not from the words again', async () => {
    const { s, user, userId } = await signedUp();
    // the stored answers differ from what the words alone give ("Love this channel" reads as Praise)
    const stored = ['Opinion', 'Criticism', 'Opinion'];
    const jobId = await seedAnalysis(s.container.db, {
      userId,
      videoId: VIDEO,
      clusters: [{ cluster_id: 0, heading: 'Old', tags: ['old'], category: 'Praise' }],
      comments: COMMENTS.slice(5).map((c, i) => ({
        ...c,
        clusterId: 0,
        intent: 'Request',
        classifiedIntent: stored[i],
      })),
    });
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(user.token),
      payload: { context: '' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await sql<{
      intent: string;
    }>`select intent from analysis_comments where job_id = ${jobId} order by position`.execute(
      s.container.db,
    );
    expect(rows.rows.map((r) => r.intent)).toEqual(stored);
  });

  it('passes the context to the model and keeps the offline labels when it fails', async () => {
    const model = new FakeLanguageModel([new Error('model down')]);
    const { s, token } = await setUp(model);
    const res = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: 'treat recipe requests as Requests' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<RetagReply>().labeller).toBe('offline');
    expect(model.requests.length).toBeGreaterThan(0);
    expect(JSON.stringify(model.requests[0])).toContain('treat recipe requests as Requests');
  });

  it('spells names as the video’s title and channel do, however viewers type them', async () => {
    const { s, user, userId } = await signedUp();
    const praise = [
      'babish never misses, love it',
      'babish is the best cook on here',
      'love babish so much',
      'babish at his best, beautiful',
    ];
    const seed = (videoId: string, channelTitle?: string) =>
      seedAnalysis(s.container.db, {
        userId,
        videoId,
        title: 'Garlic sauce recipe',
        channelTitle,
        clusters: [{ cluster_id: 0, heading: 'Old', tags: ['old'], category: 'Praise' }],
        comments: praise.map((text) => ({
          clusterId: 0,
          text,
          likes: 1,
          intent: 'Praise',
          sentimentScore: 0.8,
        })),
      });
    await seed('retagVideo2', 'Babish Culinary Universe');
    await seed('retagVideo3');
    const heading = async (videoId: string) => {
      const res = await s.app.inject({
        method: 'POST',
        url: `/api/v1/retag/${videoId}`,
        headers: bearer(user.token),
        payload: { context: '' },
      });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<RetagReply>().clusters[0]!.heading;
    };
    expect(await heading('retagVideo2')).toMatch(/\bBabish\b/);
    // without the channel the lower-case word is not known for a name
    expect(await heading('retagVideo3')).not.toMatch(/Babish/);
  });

  it('validates input and hides other users’ analyses', async () => {
    const { s, token } = await setUp();
    expect(
      (
        await s.app.inject({
          method: 'POST',
          url: '/api/v1/retag/bad',
          headers: bearer(token),
          payload: {},
        })
      ).statusCode,
    ).toBe(400);
    const long = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(token),
      payload: { context: 'x'.repeat(2001) },
    });
    expect(long.statusCode).toBe(400);
    expect(long.json<{ message: string }>().message).toBe(
      'Keep the context under 2,000 characters.',
    );
    expect(
      (await s.app.inject({ method: 'POST', url: `/api/v1/retag/${VIDEO}`, payload: {} }))
        .statusCode,
    ).toBe(401);
    const other = await signUpTestUser(s.app);
    const foreign = await s.app.inject({
      method: 'POST',
      url: `/api/v1/retag/${VIDEO}`,
      headers: bearer(other.token),
      payload: {},
    });
    expect(foreign.statusCode).toBe(404);
  });
});
