import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { JobStatusReplySchema, PostsReplySchema, type Workspace } from '@app/contracts';
import { startWorker } from '../../jobs/start-worker';
import { analysisDepsFrom } from '../../services/analysis/analysis-deps';
import { waitFor } from '../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../test/databases';
import { bearer, buildTestApp, signUpTestUser } from '../../test/test-app';
import { FakeTextEmbedder } from '../embeddings/fake-text-embedder';
import {
  FAKE_NO_PAGES_TOKEN,
  FAKE_REJECTED_CODE,
  FakeInstagramGraph,
} from './fake-instagram-graph';

describeEachDatabase('FakeInstagramGraph through the API (demo account, no network)', (t) => {
  let app: FastifyInstance;
  let graph: FakeInstagramGraph;
  let stopWorker: () => Promise<void>;

  beforeAll(async () => {
    graph = new FakeInstagramGraph();
    const test = await buildTestApp({
      database: t.database,
      env: { YOUTUBE_FALLBACK: 'none' },
      overrides: { embedder: new FakeTextEmbedder(), languageModel: null, instagramGraph: graph },
    });
    app = test.app;
    stopWorker = await startWorker(
      { ...analysisDepsFrom(test.container), logger: test.container.logger },
      { concurrency: 1 },
    );
  });
  afterAll(async () => {
    await stopWorker();
    await app.close();
  });

  it('links by code, lists four posts newest first, and analyses one end to end', async () => {
    const { token } = await signUpTestUser(app);
    const headers = bearer(token);
    const ws = (
      await app.inject({ method: 'POST', url: '/api/v1/workspaces', headers, payload: {} })
    ).json<Workspace>();
    const refused = await app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${ws.id}/instagram/oauth/callback?code=${FAKE_REJECTED_CODE}`,
      headers,
    });
    expect(refused.statusCode).toBe(502);
    const linked = await app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${ws.id}/instagram/oauth/callback?code=demo`,
      headers,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const posts = PostsReplySchema.parse(
      (
        await app.inject({ method: 'GET', url: `/api/v1/workspaces/${ws.id}/posts`, headers })
      ).json(),
    );
    expect(posts.map((p) => p.id)).toEqual(graph.media.map((m) => m.id));
    expect(posts[3]).toMatchObject({ caption: null, media_type: 'IMAGE' });

    const started = await app.inject({
      method: 'POST',
      url: `/api/v1/instagram/analyze?media_id=${graph.media[0]!.id}&workspace_id=${ws.id}`,
      headers,
    });
    expect(started.statusCode, started.body).toBe(200);
    const jobId = started.json<{ job_id: string }>().job_id;
    const status = await waitFor(async () => {
      const s = JobStatusReplySchema.parse(
        (await app.inject({ method: 'GET', url: `/api/v1/status/${jobId}`, headers })).json(),
      );
      return s.status === 'complete' || s.status === 'failed' ? s : undefined;
    });
    expect(status.status).toBe('complete');
    const report = (
      await app.inject({ method: 'GET', url: `/api/v1/report/ig_${graph.media[0]!.id}`, headers })
    ).json<{ total_comments: number; title: string }>();
    expect(report.total_comments).toBe(42);
    expect(report.title).toBe('Golden hour over the dunes 🌅 #desert #travel');

    const noPages = await app.inject({
      method: 'POST',
      url: `/api/v1/workspaces/${ws.id}/instagram/connect`,
      headers,
      payload: { user_access_token: FAKE_NO_PAGES_TOKEN },
    });
    expect(noPages.statusCode).toBe(422);
  });
});
