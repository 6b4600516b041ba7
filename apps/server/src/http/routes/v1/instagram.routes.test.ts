import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AnalyzedReplySchema,
  PostsReplySchema,
  SyncReplySchema,
  WorkspaceSchema,
  type Workspace,
} from '@app/contracts';
import type { Container } from '../../../container';
import { FakeTextEmbedder } from '../../../providers/embeddings/fake-text-embedder';
import {
  startInstagramGraphStub,
  stubComments,
  type InstagramGraphStub,
} from '../../../providers/instagram/instagram-graph-stub.test-support';
import { INSTAGRAM_MESSAGES } from '../../../providers/instagram/instagram-graph.port';
import { renewInstagramTokens } from '../../../services/instagram/renew-instagram-tokens';
import { describeEachDatabase } from '../../../test/databases';
import { jobFinished, useAnalysisTestApp } from '../../../test/factories';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';

const REEL = '17900000000000005'; // 12 comments + 3 replies, newest
const PHOTO = '17900000000000004'; // 5 comments + 2 replies
const TOKEN_KEY = 'instagram-token-key-for-tests-0123456789';

describeEachDatabase('Instagram API (real adapter against a local Graph stub)', (t) => {
  let stub: InstagramGraphStub;
  let app: FastifyInstance;
  let container: Container;

  beforeAll(async () => {
    stub = await startInstagramGraphStub({ pageSize: 2 });
  });
  afterAll(() => stub.close());
  useAnalysisTestApp(
    t,
    () => ({
      env: {
        PUBLIC_URL: 'https://chorus.test',
        INSTAGRAM_APP_ID: stub.appId,
        INSTAGRAM_APP_SECRET: stub.appSecret,
        INSTAGRAM_API_URL: stub.url,
        INSTAGRAM_GRAPH_URL: stub.url,
        INSTAGRAM_TOKEN_KEY: TOKEN_KEY,
        FACEBOOK_APP_ID: stub.fbAppId,
        FACEBOOK_APP_SECRET: stub.fbAppSecret,
        FACEBOOK_GRAPH_URL: stub.url,
      },
    }),
    (s) => ({ app, container } = s),
  );

  const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = async (token: string): Promise<Workspace> => {
    const res = await call(token, 'POST', '/workspaces', { name: 'Travel' });
    expect(res.statusCode, res.body).toBe(201);
    return WorkspaceSchema.parse(res.json());
  };

  const linkWithCode = async (token: string, id: number, code: string) => {
    stub.codes.add(code);
    return call(token, 'GET', `/workspaces/${id}/instagram/oauth/callback?code=${code}`);
  };

  const posts = async (token: string, id: number) => {
    const res = await call(token, 'GET', `/workspaces/${id}/posts`);
    expect(res.statusCode, res.body).toBe(200);
    return PostsReplySchema.parse(res.json());
  };

  it('the callback links the workspace: token exchanged, account and posts stored, token encrypted', async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    const res = await linkWithCode(token, ws.id, 'code-link-1');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      success: true,
      instagram_posts: 3,
      workspace: {
        id: ws.id,
        instagram_business_id: stub.account.id,
        instagram_username: 'desert.trips',
        ig_profile_picture_url: stub.account.profile_picture_url,
      },
    });
    // The redirect_uri sent is the one GET /config gives the web app.
    const exchange = stub.requests.find(
      (r) => r.path === '/oauth/access_token' && r.form.get('code') === 'code-link-1',
    );
    expect(exchange!.form.get('redirect_uri')).toBe('https://chorus.test/');

    const list = await posts(token, ws.id);
    expect(list.map((p) => (p.kind === 'instagram' ? p.media_id : p.id))).toEqual([
      REEL,
      PHOTO,
      '17900000000000003',
    ]);
    expect(list[0]).toEqual({
      kind: 'instagram',
      id: REEL,
      media_id: REEL,
      media_type: 'VIDEO',
      media_url: 'https://scontent.cdninstagram.com/v/t50/reel5.mp4',
      thumbnail_url: 'https://scontent.cdninstagram.com/v/t51/reel5.jpg',
      caption: expect.stringContaining('Sunrise from the top of the dune'),
      permalink: 'https://www.instagram.com/reel/ABC5/',
      timestamp: '2025-11-05T06:30:00.000Z',
      comments_count: 15,
    });

    const row = await t.db
      .selectFrom('workspaces')
      .select(['instagramTokenCiphertext', 'instagramTokenSource', 'instagramTokenExpiresAt'])
      .where('id', '=', ws.id)
      .executeTakeFirstOrThrow();
    expect(row.instagramTokenSource).toBe('instagram_login');
    expect(row.instagramTokenExpiresAt).not.toBeNull();
    expect(row.instagramTokenCiphertext).toMatch(/^v1\./);
    expect(row.instagramTokenCiphertext).not.toContain('long-code-link-1');
    expect(container.instagram!.cipher.decrypt(row.instagramTokenCiphertext!)).toBe(
      'long-code-link-1',
    );
  });

  it("callback: 400 without a code, 404 for another user's workspace, 502 with a message when Instagram refuses", async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    const ws = await create(a.token);

    const missing = await call(a.token, 'GET', `/workspaces/${ws.id}/instagram/oauth/callback`);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toContain('The Instagram authorisation code is missing.');

    const other = await linkWithCode(b.token, ws.id, 'code-other-user');
    expect(other.statusCode).toBe(404);
    expect(other.json().message).toBe('Workspace not found.');

    const used = await call(
      a.token,
      'GET',
      `/workspaces/${ws.id}/instagram/oauth/callback?code=used`,
    );
    expect(used.statusCode).toBe(502);
    expect(used.json().message).toContain('This authorization code has been used');

    const bad = await call(a.token, 'GET', `/workspaces/abc/instagram/oauth/callback?code=x`);
    expect(bad.statusCode).toBe(400);
    const anonymous = await app.inject({
      method: 'GET',
      url: `/api/v1/workspaces/${ws.id}/instagram/oauth/callback?code=x`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('sync refreshes the Instagram posts; an expired token answers 409 "reconnect Instagram"', async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    expect((await linkWithCode(token, ws.id, 'code-sync')).statusCode).toBe(200);

    stub.media.unshift({
      id: '17900000000000006',
      media_type: 'IMAGE',
      media_url: 'https://scontent.cdninstagram.com/v/t51/new6.jpg',
      caption: 'Fresh post',
      timestamp: '2025-11-06T08:00:00+0000',
      permalink: 'https://www.instagram.com/p/ABC6/',
      like_count: 3,
      comments: stubComments('1806', 2),
    });
    try {
      const res = await call(token, 'POST', `/workspaces/${ws.id}/sync`);
      expect(res.statusCode, res.body).toBe(200);
      expect(SyncReplySchema.parse(res.json())).toEqual({
        success: true,
        youtube_videos: 0,
        instagram_posts: 4,
      });
      expect((await posts(token, ws.id))[0]).toMatchObject({ media_id: '17900000000000006' });

      stub.validTokens.delete('long-code-sync');
      const expired = await call(token, 'POST', `/workspaces/${ws.id}/sync`);
      expect(expired.statusCode).toBe(409);
      expect(expired.json()).toMatchObject({
        code: 'instagram_reconnect',
        message: expect.stringContaining('Reconnect Instagram'),
      });
      // The posts already read stay.
      expect(await posts(token, ws.id)).toHaveLength(4);
    } finally {
      stub.media.shift();
    }
  });

  it('sync extends an Instagram Login token in its last days before it expires', async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    expect((await linkWithCode(token, ws.id, 'code-refresh')).statusCode).toBe(200);
    const soon = new Date(container.clock.now().getTime() + 5 * 86_400_000);
    await t.db
      .updateTable('workspaces')
      .set({ instagramTokenExpiresAt: soon })
      .where('id', '=', ws.id)
      .execute();
    const res = await call(token, 'POST', `/workspaces/${ws.id}/sync`);
    expect(res.statusCode, res.body).toBe(200);
    const refresh = stub.requests.find((r) => r.path === '/refresh_access_token');
    expect(refresh!.query.get('grant_type')).toBe('ig_refresh_token');
    const row = await t.db
      .selectFrom('workspaces')
      .select(['instagramTokenCiphertext', 'instagramTokenExpiresAt'])
      .where('id', '=', ws.id)
      .executeTakeFirstOrThrow();
    expect(container.instagram!.cipher.decrypt(row.instagramTokenCiphertext!)).toBe(
      'long-code-refresh-r',
    );
    expect(row.instagramTokenExpiresAt!.getTime()).toBeGreaterThan(soon.getTime());
    // The posts were read with the new token.
    const lastMedia = stub.requests.filter((r) => r.path === '/me/media').at(-1)!;
    expect(lastMedia.query.get('access_token')).toBe('long-code-refresh-r');
  });

  it("the worker's hourly sweep extends tokens near expiry without a sync, and marks a refused one expired", async () => {
    const day = 86_400_000;
    const now = container.clock.now().getTime();
    const linked = async (code: string, expiresInDays: number) => {
      const { token } = await signUpTestUser(app);
      const ws = await create(token);
      expect((await linkWithCode(token, ws.id, code)).statusCode).toBe(200);
      await t.db
        .updateTable('workspaces')
        .set({ instagramTokenExpiresAt: new Date(now + expiresInDays * day) })
        .where('id', '=', ws.id)
        .execute();
      return { token, id: ws.id };
    };
    const due = await linked('code-sweep-due', 3);
    const later = await linked('code-sweep-later', 45);
    const lapsed = await linked('code-sweep-lapsed', -1);
    const revoked = await linked('code-sweep-revoked', 2);
    stub.validTokens.delete('long-code-sweep-revoked');
    const row = (id: number) =>
      t.db
        .selectFrom('workspaces')
        .select(['instagramTokenCiphertext', 'instagramTokenExpiresAt'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await Promise.all([later, lapsed].map((w) => row(w.id)));
    const refreshes = () => stub.requests.filter((r) => r.path === '/refresh_access_token').length;
    const asked = refreshes();
    const warnings: unknown[] = [];
    const deps = {
      repos: container.repos,
      transaction: container.transaction,
      clock: container.clock,
      instagram: container.instagram,
      logger: { warn: (o: unknown) => void warnings.push(o) },
    };

    const sweep = await renewInstagramTokens(deps);

    // Other tests' workspaces may be due too: count only these.
    expect(sweep.renewed).toBeGreaterThanOrEqual(1);
    expect(sweep.revoked).toBe(1);
    const renewed = await row(due.id);
    expect(container.instagram!.cipher.decrypt(renewed.instagramTokenCiphertext!)).toBe(
      'long-code-sweep-due-r',
    );
    expect(renewed.instagramTokenExpiresAt!.getTime()).toBeGreaterThan(now + 59 * day);
    // Not in its last 20 days, or already expired: left as it was, Instagram not asked.
    expect(await Promise.all([later, lapsed].map((w) => row(w.id)))).toEqual(before);
    // Refused (code 190): kept but expired now, so a sync says "reconnect" and the sweep stops asking.
    const refused = await row(revoked.id);
    expect(refused.instagramTokenExpiresAt!.getTime()).toBeLessThanOrEqual(
      container.clock.now().getTime(),
    );
    expect(warnings).toEqual([{ workspaceId: revoked.id }]);
    expect(JSON.stringify(warnings)).not.toContain('long-code');
    const sync = await call(revoked.token, 'POST', `/workspaces/${revoked.id}/sync`);
    expect(sync.statusCode, sync.body).toBe(409);
    expect(sync.json().message).toBe(INSTAGRAM_MESSAGES.reconnect);

    // The next sweep finds nothing of these due: no request for them.
    const second = refreshes();
    expect(second - asked).toBe(sweep.renewed + sweep.revoked + sweep.failed);
    await renewInstagramTokens(deps);
    const again = stub.requests
      .filter((r) => r.path === '/refresh_access_token')
      .slice(second)
      .map((r) => r.query.get('access_token'));
    expect(again).not.toContain('long-code-sweep-due-r');
    expect(again).not.toContain('long-code-sweep-revoked');
  });

  it("analyze starts a job for ig_<media id> that completes with the stub's comments and replies", async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    expect((await linkWithCode(token, ws.id, 'code-analyze')).statusCode).toBe(200);

    const res = await call(
      token,
      'POST',
      `/instagram/analyze?media_id=${REEL}&workspace_id=${ws.id}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const jobId = res.json<{ job_id: string }>().job_id;
    const status = await jobFinished(app, token, jobId);
    expect(status).toMatchObject({ status: 'complete', video_id: `ig_${REEL}` });

    const report = await call(token, 'GET', `/report/ig_${REEL}`);
    expect(report.statusCode, report.body).toBe(200);
    expect(report.json()).toMatchObject({
      video_id: `ig_${REEL}`,
      title:
        'Sunrise from the top of the dune. Worth every step of the 4am climb! #desert #sunrise',
      channel_title: '@desert.trips',
      thumbnail_url: 'https://scontent.cdninstagram.com/v/t51/reel5.jpg',
      total_comments: 15,
      report: { source: 'instagram-graph', likes_approximate: false, analysed_comments: 15 },
    });
    const comments = await t.db
      .selectFrom('analysisComments')
      .select(['commentId', 'parentId', 'text'])
      .where('jobId', '=', jobId)
      .orderBy('position')
      .execute();
    expect(comments[0]).toEqual({
      commentId: '1805000',
      parentId: null,
      text: 'Where is this place? It looks amazing',
    });
    expect(comments[1]).toMatchObject({ commentId: '18050009', parentId: '1805000' });
    // the account's own replies are stored as the creator's (never spam, also on a retag)
    const own = await t.db
      .selectFrom('analysisComments')
      .select(['commentId', 'author'])
      .where('jobId', '=', jobId)
      .where('byCreator', '=', true)
      .orderBy('position')
      .execute();
    expect(own.map((c) => c.commentId)).toEqual(['18050009', '18050049', '18050089']);
    expect(own.every((c) => c.author === 'desert.trips')).toBe(true);
    // Comments were read with this workspace's token.
    const reads = stub.requests.filter((r) => r.path === `/${REEL}/comments`);
    expect(reads.every((r) => r.query.get('access_token') === 'long-code-analyze')).toBe(true);

    // 1 credit for 15 comments (3 signup credits).
    const me = await call(token, 'GET', '/auth/me');
    expect(me.json()).toMatchObject({ credits_balance: 2 });

    const analyzed = AnalyzedReplySchema.parse(
      (await call(token, 'GET', `/workspaces/${ws.id}/analyzed`)).json(),
    );
    expect(analyzed).toEqual([
      expect.objectContaining({
        kind: 'instagram',
        media_id: REEL,
        media_type: 'VIDEO',
        report_video_id: `ig_${REEL}`,
        job_id: jobId,
        status: 'complete',
      }),
    ]);
  });

  it("analyze: 400 for bad input, 404 for a post not in the workspace or another user's workspace, 409 without Instagram", async () => {
    const a = await signUpTestUser(app);
    const b = await signUpTestUser(app);
    const ws = await create(a.token);
    const plain = await create(a.token);
    expect((await linkWithCode(a.token, ws.id, 'code-bad-input')).statusCode).toBe(200);

    const badId = await call(
      a.token,
      'POST',
      `/instagram/analyze?media_id=abc&workspace_id=${ws.id}`,
    );
    expect(badId.statusCode).toBe(400);
    expect(badId.json().message).toContain('An Instagram media id is a number');
    const noWs = await call(a.token, 'POST', `/instagram/analyze?media_id=${REEL}`);
    expect(noWs.statusCode).toBe(400);
    const notHere = await call(
      a.token,
      'POST',
      `/instagram/analyze?media_id=123456789012&workspace_id=${ws.id}`,
    );
    expect(notHere.statusCode).toBe(404);
    expect(notHere.json().code).toBe('instagram_post_not_found');
    const others = await call(
      b.token,
      'POST',
      `/instagram/analyze?media_id=${REEL}&workspace_id=${ws.id}`,
    );
    expect(others.statusCode).toBe(404);
    expect(others.json().message).toBe('Workspace not found.');
    const unlinked = await call(
      a.token,
      'POST',
      `/instagram/analyze?media_id=${REEL}&workspace_id=${plain.id}`,
    );
    expect(unlinked.statusCode).toBe(409);
    expect(unlinked.json().code).toBe('instagram_not_linked');
    // Another user cannot read this workspace's posts either.
    expect((await call(b.token, 'GET', `/workspaces/${ws.id}/posts`)).statusCode).toBe(404);
  });

  it('connect through Facebook links the first Page with an Instagram account; 422 when none has one; 400 without a token', async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    stub.facebookUsers.set('fb-user-with-ig', [
      { id: '3001', name: 'Bakery' },
      { id: '3002', name: 'Desert Trips', withInstagram: true },
    ]);
    stub.facebookUsers.set('fb-user-no-ig', [{ id: '3003', name: 'Bakery' }]);

    const none = await call(token, 'POST', `/workspaces/${ws.id}/instagram/connect`, {
      user_access_token: 'fb-user-no-ig',
    });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toContain('None of your Facebook Pages');

    const empty = await call(token, 'POST', `/workspaces/${ws.id}/instagram/connect`, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toContain('The Facebook access token is missing.');

    const ok = await call(token, 'POST', `/workspaces/${ws.id}/instagram/connect`, {
      user_access_token: 'fb-user-with-ig',
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      instagram_posts: 3,
      workspace: { instagram_business_id: stub.account.id, instagram_username: 'desert.trips' },
    });
    const row = await t.db
      .selectFrom('workspaces')
      .select(['instagramTokenSource', 'instagramTokenExpiresAt'])
      .where('id', '=', ws.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ instagramTokenSource: 'facebook', instagramTokenExpiresAt: null });
    expect(stub.requests.some((r) => r.path === `/${stub.version}/${stub.account.id}/media`)).toBe(
      true,
    );
  });

  it('DELETE /workspaces/{id}/instagram forgets the token and the posts; analyses stay', async () => {
    const { token } = await signUpTestUser(app);
    const ws = await create(token);
    expect((await linkWithCode(token, ws.id, 'code-unlink')).statusCode).toBe(200);
    const res = await call(token, 'DELETE', `/workspaces/${ws.id}/instagram`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      instagram_business_id: null,
      instagram_username: null,
      ig_profile_picture_url: null,
    });
    expect(await posts(token, ws.id)).toEqual([]);
    const row = await t.db
      .selectFrom('workspaces')
      .select('instagramTokenCiphertext')
      .where('id', '=', ws.id)
      .executeTakeFirstOrThrow();
    expect(row.instagramTokenCiphertext).toBeNull();
    expect((await call(token, 'POST', `/workspaces/${ws.id}/sync`)).json()).toMatchObject({
      instagram_posts: 0,
    });
  });

  it('with only Instagram Login configured, the Facebook route answers 503', async () => {
    const only = (
      await buildTestApp({
        database: t.database,
        env: {
          INSTAGRAM_APP_ID: stub.appId,
          INSTAGRAM_APP_SECRET: stub.appSecret,
          INSTAGRAM_API_URL: stub.url,
          INSTAGRAM_GRAPH_URL: stub.url,
        },
      })
    ).app;
    try {
      const { token } = await signUpTestUser(only);
      const id = (
        await only.inject({
          method: 'POST',
          url: '/api/v1/workspaces',
          headers: bearer(token),
          payload: {},
        })
      ).json<Workspace>().id;
      const res = await only.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${id}/instagram/connect`,
        headers: bearer(token),
        payload: { user_access_token: 'fb-user-with-ig' },
      });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toBe(
        'Linking Instagram through Facebook is not configured on this server.',
      );
    } finally {
      await only.close();
    }
  });

  describe('without Instagram or Facebook app credentials', () => {
    let off: FastifyInstance;
    beforeAll(async () => {
      off = (
        await buildTestApp({
          database: t.database,
          overrides: { embedder: new FakeTextEmbedder(), languageModel: null },
        })
      ).app;
    });
    afterAll(() => off.close());

    it('linking, connecting and analysing answer 503 with a message', async () => {
      const { token } = await signUpTestUser(off);
      const created = await off.inject({
        method: 'POST',
        url: '/api/v1/workspaces',
        headers: bearer(token),
        payload: {},
      });
      const id = created.json<Workspace>().id;
      const get = (url: string) => off.inject({ method: 'GET', url, headers: bearer(token) });
      const post = (url: string, payload?: object) =>
        off.inject({
          method: 'POST',
          url,
          headers: bearer(token),
          ...(payload ? { payload } : {}),
        });

      const callback = await get(`/api/v1/workspaces/${id}/instagram/oauth/callback?code=abc`);
      expect(callback.statusCode).toBe(503);
      expect(callback.json().message).toBe('Instagram linking is not configured on this server.');
      const connect = await post(`/api/v1/workspaces/${id}/instagram/connect`, {
        user_access_token: 'fb-user-with-ig',
      });
      expect(connect.statusCode).toBe(503);
      expect(connect.json().message).toContain('through Facebook is not configured');
      const analyze = await post(`/api/v1/instagram/analyze?media_id=${REEL}&workspace_id=${id}`);
      expect(analyze.statusCode).toBe(503);
      // Sync still works (nothing to refresh on Instagram).
      const sync = await post(`/api/v1/workspaces/${id}/sync`);
      expect(sync.json()).toEqual({ success: true, youtube_videos: 0, instagram_posts: 0 });
    });
  });
});

describeEachDatabase('Content-Security-Policy for Instagram media', (t) => {
  it('allows Instagram CDN images and videos only when Instagram can be linked', async () => {
    const csp = async (env: Record<string, string>) => {
      const { app } = await buildTestApp({ database: t.database, env });
      try {
        return String(
          (await app.inject({ method: 'GET', url: '/api/v1/health' })).headers[
            'content-security-policy'
          ],
        );
      } finally {
        await app.close();
      }
    };
    const on = await csp({ INSTAGRAM_APP_ID: '1', INSTAGRAM_APP_SECRET: 'secret-secret' });
    expect(on).toContain(
      "img-src 'self' https://i.ytimg.com https://yt3.ggpht.com data: https://*.cdninstagram.com https://*.fbcdn.net",
    );
    expect(on).toContain("media-src 'self' https://*.cdninstagram.com https://*.fbcdn.net");
    const off = await csp({});
    expect(off).not.toMatch(/cdninstagram|fbcdn|media-src/);
  });
});
