import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import {
  AnalyzedReplySchema,
  BatchAnalyzeReplySchema,
  ChannelSearchReplySchema,
  MAX_WORKSPACES_PER_ACCOUNT,
  PostsReplySchema,
  SyncReplySchema,
  WorkspaceSchema,
  WorkspacesReplySchema,
  WorkspaceVideosReplySchema,
  type Workspace,
} from '@app/contracts';
import type { Container } from '../../../container';
import {
  ChannelDirectoryError,
  type ChannelDirectory,
} from '../../../providers/comment-sources/channel-directory.port';
import { FakeChannelDirectory } from '../../../providers/comment-sources/fake-channel-directory';
import { waitFor } from '../../../services/analysis/analysis.test-support';
import { describeEachDatabase } from '../../../test/databases';
import { createTestWorkspace, jobFinished, useAnalysisTestApp } from '../../../test/factories';
import { bearer, buildTestApp, signUpTestUser } from '../../../test/test-app';
import { createTestUser } from '../../../test/factories';

const DESERT = 'UCfakeDesertTrips0000001'; // 30 uploads, 1.25M subscribers, verified
const SHORTS = 'UCfakeDesertShorts000002'; // 5 uploads, hidden subscribers
const KITCHEN = 'UCfakeTripKitchen0000003'; // 12 uploads, 48.2K subscribers
const TINY = 'UCfakeTinyChannel0000004'; // no uploads
const UNKNOWN = 'UCxxxxxxxxxxxxxxxxxxxxxx';

/** Desert Trips' uploads, newest first: fake1v00000 (1 Nov 2025), fake1v00001, ... */
const desert = (i: number) => `fake1v${String(i).padStart(5, '0')}`;
const kitchen = (i: number) => `fake3v${String(i).padStart(5, '0')}`;

describeEachDatabase('workspaces API', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const directory = new FakeChannelDirectory();
  useAnalysisTestApp(
    t,
    {
      // Comment files for some Desert Trips uploads, so they can be analysed end to end.
      videos: {
        [desert(0)]: { comments: 150, meta: { title: 'Desert trip #30', comment_count: 150 } },
        [desert(1)]: { comments: 40, meta: { title: 'Desert trip #29', comment_count: 40 } },
        [desert(2)]: { comments: 40, meta: { comment_count: 40 } },
        [desert(3)]: { comments: 40, meta: { comment_count: 40 } },
      },
      overrides: { channelDirectory: directory },
    },
    (s) => ({ app, container } = s),
  );

  const call = (
    token: string,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: unknown,
  ) =>
    app.inject({
      method,
      url: `/api/v1${url}`,
      headers: bearer(token),
      ...(payload === undefined ? {} : { payload: payload as object }),
    });

  const create = (token: string, name?: string) => createTestWorkspace(app, token, { name });

  const link = async (token: string, id: number, channelId: string): Promise<Workspace> => {
    const res = await call(token, 'POST', `/workspaces/${id}/link-channel`, {
      channel_id: channelId,
    });
    expect(res.statusCode, res.body).toBe(200);
    return WorkspaceSchema.parse(res.json());
  };

  const videos = async (token: string, id: number) => {
    const res = await call(token, 'GET', `/workspaces/${id}/videos`);
    expect(res.statusCode, res.body).toBe(200);
    return WorkspaceVideosReplySchema.parse(res.json());
  };

  const addedIds = async (token: string, id: number) => {
    const res = await call(token, 'GET', `/workspaces/${id}/videos?added_only=true`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<string[]>();
  };

  const toggle = (token: string, id: number, videoIds: string[], isAdded = true) =>
    call(token, 'POST', `/workspaces/${id}/videos/toggle`, {
      video_ids: videoIds,
      is_added: isAdded,
    });

  const finished = (token: string, jobId: string) => jobFinished(app, token, jobId);

  describe('creating and listing', () => {
    it('creates workspaces (an empty or missing name is "New Workspace") and lists only mine, newest first', async () => {
      const { token } = await signUpTestUser(app);
      const other = await signUpTestUser(app);
      await create(other.token, 'Not yours');

      const named = await create(token, '  Travel vlog  ');
      expect(named).toMatchObject({
        name: 'Travel vlog',
        youtube_channel_id: null,
        youtube_channel_title: null,
        yt_avatar_url: null,
        instagram_business_id: null,
        instagram_username: null,
        ig_profile_picture_url: null,
      });
      expect(named.id).toBeGreaterThan(0);
      const blank = await create(token, '   ');
      expect(blank.name).toBe('New Workspace');
      const noBody = await app.inject({
        method: 'POST',
        url: '/api/v1/workspaces',
        headers: { ...bearer(token), 'content-type': 'application/json' },
      });
      expect(noBody.statusCode, noBody.body).toBe(201);
      expect(noBody.json<Workspace>().name).toBe('New Workspace');

      const list = await call(token, 'GET', '/workspaces');
      expect(list.statusCode).toBe(200);
      expect(list.headers['cache-control']).toBe('no-store');
      const mine = WorkspacesReplySchema.parse(list.json());
      expect(mine.map((w) => w.id)).toEqual([noBody.json<Workspace>().id, blank.id, named.id]);
      expect(mine.map((w) => w.name)).not.toContain('Not yours');
    });

    it('needs a sign-in', async () => {
      for (const [method, url] of [
        ['GET', '/api/v1/workspaces'],
        ['POST', '/api/v1/workspaces'],
        ['GET', '/api/v1/youtube/search/channels?q=desert'],
        ['POST', '/api/v1/analyses/batch'],
      ] as const) {
        const res = await app.inject({ method, url });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it(`stops at ${MAX_WORKSPACES_PER_ACCOUNT} workspaces per account with a 409 that says what to do`, async () => {
      const { token } = await signUpTestUser(app);
      await Promise.all(
        Array.from({ length: MAX_WORKSPACES_PER_ACCOUNT + 3 }, () =>
          call(token, 'POST', '/workspaces', {}),
        ),
      );
      const list = WorkspacesReplySchema.parse((await call(token, 'GET', '/workspaces')).json());
      expect(list).toHaveLength(MAX_WORKSPACES_PER_ACCOUNT);
      const res = await call(token, 'POST', '/workspaces', { name: 'One more' });
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'workspace_limit' });
      expect(res.json<{ message: string }>().message).toMatch(/Delete one/);
    });

    it('renames and deletes a workspace; a deleted one is gone', async () => {
      const { token } = await signUpTestUser(app);
      const w = await create(token, 'Old');
      const renamed = await call(token, 'PATCH', `/workspaces/${w.id}`, { name: ' New name ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json<Workspace>()).toMatchObject({ id: w.id, name: 'New name' });
      const empty = await call(token, 'PATCH', `/workspaces/${w.id}`, { name: '  ' });
      expect(empty.statusCode).toBe(400);
      expect(empty.json<{ message: string }>().message).toBe('Give the workspace a name.');
      // a pasted NUL, tab or line break is a space: never a 500, never a blank name
      const invisible = await call(token, 'PATCH', `/workspaces/${w.id}`, { name: '\u0000\t' });
      expect(invisible.statusCode).toBe(400);
      const pasted = await call(token, 'PATCH', `/workspaces/${w.id}`, {
        name: 'Two\u0000\nlines',
      });
      expect(pasted.statusCode, pasted.body).toBe(200);
      expect(pasted.json<Workspace>().name).toBe('Two lines');

      await link(token, w.id, TINY);
      const deleted = await call(token, 'DELETE', `/workspaces/${w.id}`);
      expect(deleted.statusCode).toBe(200);
      expect(deleted.json()).toEqual({ success: true });
      expect((await call(token, 'GET', '/workspaces')).json()).toEqual([]);
      const again = await call(token, 'GET', `/workspaces/${w.id}/videos`);
      expect(again.statusCode).toBe(404);
      expect(again.json<{ message: string }>().message).toBe('Workspace not found.');
    });
  });

  describe('channel search', () => {
    it('answers channels sorted by subscribers, hidden counts last, with the verified badge', async () => {
      const { token } = await signUpTestUser(app);
      const res = await call(token, 'GET', '/youtube/search/channels?q=%20trip%20');
      expect(res.statusCode, res.body).toBe(200);
      const results = ChannelSearchReplySchema.parse(res.json());
      expect(results.map((r) => [r.title, r.subscriberCount, r.verified])).toEqual([
        ['Desert Trips', 1_250_000, true],
        ['Trip Kitchen', 48_200, false],
        ['Desert Trips Shorts', null, false],
      ]);
      expect(results[0]).toEqual({
        channelId: DESERT,
        title: 'Desert Trips',
        thumbnail_url: 'https://yt3.ggpht.com/fake-desert-trips=s88',
        subscriberCount: 1_250_000,
        verified: true,
      });
      expect(directory.calls).toContain('search:trip');
    });

    it('finds a pasted channel id or channel link directly, and nothing for an unknown one', async () => {
      const { token } = await signUpTestUser(app);
      const byLink = await call(
        token,
        'GET',
        `/youtube/search/channels?q=${encodeURIComponent(`https://www.youtube.com/channel/${KITCHEN}/videos`)}`,
      );
      expect(byLink.json<{ channelId: string }[]>().map((r) => r.channelId)).toEqual([KITCHEN]);
      const unknown = await call(token, 'GET', `/youtube/search/channels?q=${UNKNOWN}`);
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual([]);
      const none = await call(token, 'GET', '/youtube/search/channels?q=zzzz');
      expect(none.json()).toEqual([]);
    });

    it('answers 400 for an empty or too long query, 503 with a readable reason when YouTube fails', async () => {
      const { token } = await signUpTestUser(app);
      for (const q of ['', '%20%20', 'x'.repeat(101)]) {
        const res = await call(token, 'GET', `/youtube/search/channels?q=${q}`);
        expect(res.statusCode, q).toBe(400);
      }
      const missing = await call(token, 'GET', '/youtube/search/channels');
      expect(missing.statusCode).toBe(400);
      expect(missing.json<{ message: string }>().message).toBe(
        'Type a channel name to search for.',
      );

      directory.failNext(
        new ChannelDirectoryError('quota_exceeded', 'The YouTube API quota for today is used up.'),
      );
      const quota = await call(token, 'GET', '/youtube/search/channels?q=desert');
      expect(quota.statusCode).toBe(503);
      expect(quota.json()).toEqual({
        message: 'The YouTube API quota for today is used up.',
        code: 'quota_exceeded',
      });
    });
  });

  describe('linking, the catalogue and adding videos', () => {
    it('links a channel: title and avatar stored, catalogue filled newest first, nothing added yet', async () => {
      const { token } = await signUpTestUser(app);
      const w = await create(token, 'Trips');
      const linked = await link(token, w.id, DESERT);
      expect(linked).toMatchObject({
        id: w.id,
        name: 'Trips',
        youtube_channel_id: DESERT,
        youtube_channel_title: 'Desert Trips',
        yt_avatar_url: 'https://yt3.ggpht.com/fake-desert-trips=s88',
      });
      const listed = WorkspacesReplySchema.parse((await call(token, 'GET', '/workspaces')).json());
      expect(listed[0]).toEqual(linked);

      const catalogue = await videos(token, w.id);
      expect(catalogue).toHaveLength(30);
      expect(catalogue.slice(0, 3).map((v) => v.youtube_video_id)).toEqual([
        desert(0),
        desert(1),
        desert(2),
      ]);
      expect(catalogue[0]).toMatchObject({
        title: 'Desert trip #30',
        thumbnail_url: `https://i.ytimg.com/vi/${desert(0)}/hqdefault.jpg`,
        published_at: '2025-11-01T12:00:00.000Z',
        is_added: false,
      });
      expect(await addedIds(token, w.id)).toEqual([]);
      expect((await call(token, 'GET', `/workspaces/${w.id}/posts`)).json()).toEqual([]);
    });

    it('adds and removes videos; added_only answers their ids; ids outside the catalogue are a 400 naming them', async () => {
      const { token } = await signUpTestUser(app);
      const w = await createTestWorkspace(app, token, { channelId: DESERT });

      const add = await toggle(token, w.id, [desert(5), desert(1), desert(5)]);
      expect(add.statusCode, add.body).toBe(200);
      expect(add.json()).toEqual({ success: true, added: [desert(1), desert(5)] });
      expect(await addedIds(token, w.id)).toEqual([desert(1), desert(5)]);
      const flags = await videos(token, w.id);
      expect(flags.filter((v) => v.is_added).map((v) => v.youtube_video_id)).toEqual([
        desert(1),
        desert(5),
      ]);
      // Adding again changes nothing.
      expect((await toggle(token, w.id, [desert(1)])).json()).toEqual({
        success: true,
        added: [desert(1), desert(5)],
      });

      const bad = await toggle(token, w.id, [desert(2), kitchen(0), 'zzzzzzzzzzz']);
      expect(bad.statusCode).toBe(400);
      expect(bad.json()).toMatchObject({ code: 'videos_not_in_workspace' });
      expect(bad.json<{ message: string }>().message).toContain(`${kitchen(0)}, zzzzzzzzzzz`);
      expect(bad.json<{ message: string }>().message).not.toContain(desert(2));
      expect(await addedIds(token, w.id)).toEqual([desert(1), desert(5)]);

      const removed = await toggle(token, w.id, [desert(1)], false);
      expect(removed.json()).toEqual({ success: true, added: [desert(5)] });
      expect(await videos(token, w.id)).toHaveLength(30);

      const posts = PostsReplySchema.parse(
        (await call(token, 'GET', `/workspaces/${w.id}/posts`)).json(),
      );
      expect(posts).toEqual([
        {
          kind: 'youtube',
          id: desert(5),
          video_id: desert(5),
          title: 'Desert trip #25',
          thumbnail_url: `https://i.ytimg.com/vi/${desert(5)}/hqdefault.jpg`,
        },
      ]);
    });

    it('refuses to add videos before a channel is linked', async () => {
      const { token } = await signUpTestUser(app);
      const w = await create(token);
      const res = await toggle(token, w.id, [desert(0)]);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ code: 'channel_not_linked' });
    });

    it('answers 404 for a channel YouTube does not have, and 503 when YouTube cannot be reached', async () => {
      const { token } = await signUpTestUser(app);
      const w = await create(token);
      const missing = await call(token, 'POST', `/workspaces/${w.id}/link-channel`, {
        channel_id: UNKNOWN,
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toMatchObject({ code: 'channel_not_found' });
      expect(missing.json<{ message: string }>().message).toMatch(/channel was not found/);

      directory.failNext(new ChannelDirectoryError('unavailable', 'YouTube could not be reached.'));
      const down = await call(token, 'POST', `/workspaces/${w.id}/link-channel`, {
        channel_id: DESERT,
      });
      expect(down.statusCode).toBe(503);
      const after = WorkspacesReplySchema.parse((await call(token, 'GET', '/workspaces')).json());
      expect(after[0]!.youtube_channel_id).toBeNull();
    });

    it('linking another channel replaces the catalogue; unlinking empties it', async () => {
      const { token } = await signUpTestUser(app);
      const w = await createTestWorkspace(app, token, { channelId: DESERT });
      await toggle(token, w.id, [desert(0)]);
      const relinked = await link(token, w.id, SHORTS);
      expect(relinked).toMatchObject({
        youtube_channel_id: SHORTS,
        youtube_channel_title: 'Desert Trips Shorts',
        yt_avatar_url: null,
      });
      const catalogue = await videos(token, w.id);
      expect(catalogue).toHaveLength(5);
      expect(catalogue.every((v) => v.youtube_video_id.startsWith('fake2v'))).toBe(true);
      expect(await addedIds(token, w.id)).toEqual([]);

      await toggle(token, w.id, ['fake2v00001']);
      // Linking the same channel again keeps what was added.
      await link(token, w.id, SHORTS);
      expect(await addedIds(token, w.id)).toEqual(['fake2v00001']);

      const unlinked = await call(token, 'DELETE', `/workspaces/${w.id}/channel`);
      expect(unlinked.statusCode, unlinked.body).toBe(200);
      expect(unlinked.json()).toMatchObject({
        youtube_channel_id: null,
        youtube_channel_title: null,
        yt_avatar_url: null,
      });
      expect(await videos(token, w.id)).toEqual([]);
      // Unlinking again is harmless.
      expect((await call(token, 'DELETE', `/workspaces/${w.id}/channel`)).statusCode).toBe(200);
    });
  });

  describe('sync', () => {
    it('picks up new uploads and renamed channels, keeps added videos, and is idempotent', async () => {
      const { token } = await signUpTestUser(app);
      const w = await createTestWorkspace(app, token, { channelId: KITCHEN });
      await toggle(token, w.id, [kitchen(0), kitchen(11)]);

      directory.addUpload(KITCHEN, {
        videoId: 'newKitchen1',
        title: 'Brand new upload',
        thumbnailUrl: null,
        publishedAt: '2025-11-20T08:00:00Z',
      });
      directory.removeUpload(KITCHEN, kitchen(11)); // added: stays
      directory.removeUpload(KITCHEN, kitchen(10)); // not added: leaves the catalogue
      directory.update(KITCHEN, {
        title: 'Trip Kitchen TV',
        thumbnailUrl: 'https://yt3.ggpht.com/k2',
      });

      const sync = await call(token, 'POST', `/workspaces/${w.id}/sync`);
      expect(sync.statusCode, sync.body).toBe(200);
      expect(SyncReplySchema.parse(sync.json())).toEqual({
        success: true,
        youtube_videos: 12,
        instagram_posts: 0,
      });
      const catalogue = await videos(token, w.id);
      const ids = catalogue.map((v) => v.youtube_video_id);
      expect(ids[0]).toBe('newKitchen1');
      expect(catalogue[0]).toMatchObject({
        title: 'Brand new upload',
        thumbnail_url: 'https://i.ytimg.com/vi/newKitchen1/hqdefault.jpg',
        is_added: false,
      });
      expect(ids).toContain(kitchen(11));
      expect(ids).not.toContain(kitchen(10));
      expect(await addedIds(token, w.id)).toEqual([kitchen(0), kitchen(11)]);
      const workspace = WorkspacesReplySchema.parse(
        (await call(token, 'GET', '/workspaces')).json(),
      )[0]!;
      expect(workspace).toMatchObject({
        youtube_channel_title: 'Trip Kitchen TV',
        yt_avatar_url: 'https://yt3.ggpht.com/k2',
      });

      const again = await call(token, 'POST', `/workspaces/${w.id}/sync`);
      expect(again.json()).toEqual(sync.json());
      expect(await videos(token, w.id)).toEqual(catalogue);
    });

    it('answers zero counts without a channel; keeps the catalogue when YouTube does not list the uploads or the channel is gone (410)', async () => {
      const { token } = await signUpTestUser(app);
      const empty = await create(token);
      const none = await app.inject({
        method: 'POST',
        url: `/api/v1/workspaces/${empty.id}/sync`,
        headers: { ...bearer(token), 'content-type': 'application/json' },
        payload: '',
      });
      expect(none.statusCode, none.body).toBe(200);
      expect(none.json()).toEqual({ success: true, youtube_videos: 0, instagram_posts: 0 });

      const fake = new FakeChannelDirectory();
      let uploadsKnown = true;
      const directory: ChannelDirectory = {
        name: 'test',
        searchChannels: (q, o) => fake.searchChannels(q, o),
        getChannel: (id) => fake.getChannel(id),
        listUploads: (id, o) => (uploadsKnown ? fake.listUploads(id, o) : Promise.resolve(null)),
      };
      const local = await buildTestApp({
        database: t.database,
        overrides: { channelDirectory: directory },
      });
      const inject = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
        local.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });
      try {
        const user = await signUpTestUser(local.app);
        const w = WorkspaceSchema.parse(
          (await inject(user.token, 'POST', '/workspaces', {})).json(),
        );
        await inject(user.token, 'POST', `/workspaces/${w.id}/link-channel`, {
          channel_id: SHORTS,
        });
        await inject(user.token, 'POST', `/workspaces/${w.id}/videos/toggle`, {
          video_ids: ['fake2v00003'],
        });
        const catalogue = (await inject(user.token, 'GET', `/workspaces/${w.id}/videos`)).json();
        expect(catalogue).toHaveLength(5);

        uploadsKnown = false;
        const unknown = await inject(user.token, 'POST', `/workspaces/${w.id}/sync`);
        expect(unknown.statusCode, unknown.body).toBe(200);
        expect(unknown.json()).toMatchObject({ youtube_videos: 5 });
        expect((await inject(user.token, 'GET', `/workspaces/${w.id}/videos`)).json()).toEqual(
          catalogue,
        );

        uploadsKnown = true;
        fake.removeChannel(SHORTS);
        const res = await inject(user.token, 'POST', `/workspaces/${w.id}/sync`);
        expect(res.statusCode).toBe(410);
        expect(res.json()).toMatchObject({ code: 'channel_gone' });
        expect(res.json<{ message: string }>().message).toMatch(/no longer available/);
        const after = WorkspacesReplySchema.parse(
          (await inject(user.token, 'GET', '/workspaces')).json(),
        );
        expect(after[0]!.youtube_channel_id).toBe(SHORTS);
        expect((await inject(user.token, 'GET', `/workspaces/${w.id}/videos`)).json()).toEqual(
          catalogue,
        );
      } finally {
        await local.app.close();
      }
    });
  });

  describe('batch analysis and the Analyzed tab', () => {
    it('starts analyses one after another, reports a 402 in its entry, files them under the workspace', async () => {
      const { token } = await signUpTestUser(app);
      const w = await createTestWorkspace(app, token, { channelId: DESERT });
      await toggle(token, w.id, [desert(0), desert(1), desert(2)]);

      // 3 credits: desert(0) has 150 comments (2 credits), desert(1) takes the last one, desert(2) cannot start.
      const res = await call(token, 'POST', '/analyses/batch', {
        video_ids: [desert(0), 'ig_123456789012', desert(1), desert(2), desert(0)],
      });
      expect(res.statusCode, res.body).toBe(200);
      const { jobs } = BatchAnalyzeReplySchema.parse(res.json());
      expect(jobs.map((j) => j.video_id)).toEqual([
        desert(0),
        'ig_123456789012',
        desert(1),
        desert(2),
      ]);
      expect(jobs[0]).toMatchObject({ error: null, code: null });
      expect(jobs[0]!.job_id).toEqual(expect.any(String));
      expect(jobs[1]).toMatchObject({ job_id: null, code: 'not_a_youtube_video' });
      expect(jobs[2]!.job_id).toEqual(expect.any(String));
      expect(jobs[3]).toMatchObject({ job_id: null, code: 'insufficient_credits' });
      expect(jobs[3]!.error).toMatch(/balance is 0 credits.*Buy Credits/);

      for (const j of [jobs[0]!, jobs[2]!])
        expect((await finished(token, j.job_id!)).status).toBe('complete');
      const stored = await container.repos.analysisJobs.findById(jobs[0]!.job_id!);
      expect(stored!.workspaceId).toBe(w.id);

      const analyzed = await call(token, 'GET', `/workspaces/${w.id}/analyzed`);
      expect(analyzed.statusCode, analyzed.body).toBe(200);
      const items = AnalyzedReplySchema.parse(analyzed.json());
      expect(items.map((i) => i.report_video_id)).toEqual([desert(1), desert(0)]);
      expect(items[1]).toEqual({
        kind: 'youtube',
        id: desert(0),
        video_id: desert(0),
        title: 'Desert trip #30',
        thumbnail_url: `https://i.ytimg.com/vi/${desert(0)}/hqdefault.jpg`,
        report_video_id: desert(0),
        job_id: jobs[0]!.job_id,
        status: 'complete',
        analysed_at: expect.any(String),
      });
      const report = await call(token, 'GET', `/report/${items[1]!.report_video_id}`);
      expect(report.statusCode).toBe(200);
    });

    it('lists a catalogue video analysed from the link box too, with its latest analysis, and not other videos', async () => {
      const { token } = await createTestUser({ app, container }, { credits: 13 });
      const w = await create(token);
      const elsewhere = await create(token, 'Elsewhere');
      await link(token, w.id, DESERT);
      const start = async (videoId: string) => {
        const res = await call(token, 'POST', `/analyze?video_id=${videoId}`);
        expect(res.statusCode, res.body).toBe(200);
        const jobId = res.json<{ job_id: string }>().job_id;
        await finished(token, jobId);
        return jobId;
      };
      await start(desert(3));
      const latest = await start(desert(3));
      // Analysed from another workspace: it belongs there, not here.
      const batch = await call(token, 'POST', '/analyses/batch', {
        video_ids: [desert(2)],
        workspace_id: elsewhere.id,
      });
      expect(batch.statusCode, batch.body).toBe(200);

      const items = AnalyzedReplySchema.parse(
        (await call(token, 'GET', `/workspaces/${w.id}/analyzed`)).json(),
      );
      expect(items.map((i) => [i.report_video_id, i.job_id])).toEqual([
        // desert(2) is in this workspace's catalogue too.
        [desert(2), BatchAnalyzeReplySchema.parse(batch.json()).jobs[0]!.job_id],
        [desert(3), latest],
      ]);
      const there = AnalyzedReplySchema.parse(
        (await call(token, 'GET', `/workspaces/${elsewhere.id}/analyzed`)).json(),
      );
      expect(there.map((i) => i.report_video_id)).toEqual([desert(2)]);

      // Clearing history clears the tab; deleting a workspace keeps the analyses in history.
      await call(token, 'DELETE', `/workspaces/${elsewhere.id}`);
      const history = (await call(token, 'GET', '/analyses')).json<{ video_id: string }[]>();
      expect(history.map((h) => h.video_id)).toContain(desert(2));
      await waitFor(async () => {
        const all = (await call(token, 'GET', '/analyses')).json<{ status: string }[]>();
        return all.every((h) => h.status === 'complete' || h.status === 'failed') || undefined;
      });
      await call(token, 'DELETE', '/analyses/clear');
      expect((await call(token, 'GET', `/workspaces/${w.id}/analyzed`)).json()).toEqual([]);
    });
  });

  describe('ownership and validation', () => {
    it("answers 404 'Workspace not found.' for another user's workspace on every route", async () => {
      const owner = await signUpTestUser(app);
      const w = await create(owner.token, 'Private');
      await link(owner.token, w.id, DESERT);
      await toggle(owner.token, w.id, [desert(0)]);
      const other = await signUpTestUser(app);

      const attempts: [string, 'GET' | 'POST' | 'PATCH' | 'DELETE', string, unknown?][] = [
        ['videos', 'GET', `/workspaces/${w.id}/videos`],
        ['added', 'GET', `/workspaces/${w.id}/videos?added_only=true`],
        ['toggle', 'POST', `/workspaces/${w.id}/videos/toggle`, { video_ids: [desert(1)] }],
        ['link', 'POST', `/workspaces/${w.id}/link-channel`, { channel_id: KITCHEN }],
        ['unlink', 'DELETE', `/workspaces/${w.id}/channel`],
        ['sync', 'POST', `/workspaces/${w.id}/sync`],
        ['posts', 'GET', `/workspaces/${w.id}/posts`],
        ['analyzed', 'GET', `/workspaces/${w.id}/analyzed`],
        ['rename', 'PATCH', `/workspaces/${w.id}`, { name: 'Mine now' }],
        ['delete', 'DELETE', `/workspaces/${w.id}`],
        ['batch', 'POST', '/analyses/batch', { video_ids: [desert(0)], workspace_id: w.id }],
        ['missing', 'GET', '/workspaces/2147483647/videos'],
      ];
      for (const [what, method, url, payload] of attempts) {
        const res = await call(other.token, method, url, payload);
        expect(res.statusCode, what).toBe(404);
        expect(res.json(), what).toEqual({
          message: 'Workspace not found.',
          code: 'workspace_not_found',
        });
      }
      // Nothing changed for the owner, and the intruder started nothing.
      const mine = WorkspacesReplySchema.parse(
        (await call(owner.token, 'GET', '/workspaces')).json(),
      );
      expect(mine).toEqual([
        expect.objectContaining({ id: w.id, name: 'Private', youtube_channel_id: DESERT }),
      ]);
      expect(await addedIds(owner.token, w.id)).toEqual([desert(0)]);
      expect((await call(other.token, 'GET', '/analyses')).json()).toEqual([]);
      expect((await call(other.token, 'GET', '/workspaces')).json()).toEqual([]);
    });

    it.each([
      [
        'a non-numeric id',
        'GET',
        '/workspaces/abc/videos',
        undefined,
        'The workspace id must be a whole number.',
      ],
      [
        'a hexadecimal id',
        'GET',
        '/workspaces/0x1/posts',
        undefined,
        'The workspace id must be a whole number.',
      ],
      [
        'a fractional id',
        'GET',
        '/workspaces/1.5/posts',
        undefined,
        'The workspace id must be a whole number.',
      ],
      [
        'a zero id',
        'POST',
        '/workspaces/0/sync',
        undefined,
        'The workspace id must be a positive number.',
      ],
      [
        'a huge id',
        'GET',
        '/workspaces/99999999999/analyzed',
        undefined,
        'That workspace id is too large.',
      ],
      [
        'a malformed channel id',
        'POST',
        '/workspaces/1/link-channel',
        { channel_id: 'UC123' },
        'That is not a YouTube channel id (they start with UC and are 24 characters long).',
      ],
      ['no channel id', 'POST', '/workspaces/1/link-channel', {}, 'Give the channel id to link.'],
      [
        'an empty toggle',
        'POST',
        '/workspaces/1/videos/toggle',
        { video_ids: [] },
        'Choose at least one video.',
      ],
      [
        'too many toggled ids',
        'POST',
        '/workspaces/1/videos/toggle',
        { video_ids: Array.from({ length: 201 }, (_, i) => `v${String(i).padStart(10, '0')}`) },
        'Add at most 200 videos at once.',
      ],
      [
        'a bad video id',
        'POST',
        '/workspaces/1/videos/toggle',
        { video_ids: ['short'] },
        undefined,
      ],
      [
        'a bad added_only',
        'GET',
        '/workspaces/1/videos?added_only=yes',
        undefined,
        'added_only is true or false.',
      ],
      [
        'too many batch ids',
        'POST',
        '/analyses/batch',
        { video_ids: Array.from({ length: 51 }, (_, i) => `v${String(i).padStart(10, '0')}`) },
        'Analyze at most 50 videos at once.',
      ],
      [
        'an empty batch',
        'POST',
        '/analyses/batch',
        { video_ids: [] },
        'Choose at least one video to analyze.',
      ],
      [
        'no batch body',
        'POST',
        '/analyses/batch',
        undefined,
        'video_ids is a list of YouTube video ids.',
      ],
      [
        'a long name',
        'POST',
        '/workspaces',
        { name: 'x'.repeat(81) },
        'Workspace names are at most 80 characters long.',
      ],
      ['bad JSON', 'POST', '/workspaces', '{"name":', 'The request body is not valid JSON.'],
    ] as const)('answers 400 for %s', async (_what, method, url, payload, message) => {
      const { token } = await signUpTestUser(app);
      const res =
        typeof payload === 'string'
          ? await app.inject({
              method,
              url: `/api/v1${url}`,
              headers: { ...bearer(token), 'content-type': 'application/json' },
              payload,
            })
          : await call(token, method, url, payload);
      expect(res.statusCode, res.body).toBe(400);
      if (message !== undefined) expect(res.json<{ message: string }>().message).toBe(message);
    });

    it('deleting the account deletes its workspaces and their catalogues', async () => {
      const { token, email } = await signUpTestUser(app);
      const w = await createTestWorkspace(app, token, { channelId: KITCHEN });
      await toggle(token, w.id, [kitchen(1)]);
      const user = (await container.repos.users.findByEmail(email))!;
      expect(await container.repos.workspaceVideos.count(w.id)).toBeGreaterThan(0);
      await container.db.deleteFrom('users').where('id', '=', user.id).execute();
      expect(await container.repos.workspaces.findForUser(user.id, w.id)).toBeNull();
      expect(await container.repos.workspaceVideos.count(w.id)).toBe(0);
    });
  });
});
