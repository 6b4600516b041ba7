import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { PostsReplySchema, type Workspace } from '@app/contracts';
import { describeEachDatabase } from '../../test/databases';
import { jobFinished, useAnalysisTestApp } from '../../test/factories';
import { bearer, signUpTestUser } from '../../test/test-app';
import {
  FAKE_NO_PAGES_TOKEN,
  FAKE_REJECTED_CODE,
  FakeInstagramGraph,
} from './fake-instagram-graph';

describeEachDatabase('FakeInstagramGraph through the API (demo account, no network)', (t) => {
  let app: FastifyInstance;
  const graph = new FakeInstagramGraph();
  useAnalysisTestApp(t, { overrides: { instagramGraph: graph } }, (s) => ({ app } = s));

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
    const status = await jobFinished(app, token, jobId);
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
