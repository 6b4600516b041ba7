// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Workspace, WorkspaceVideo } from '@app/contracts';
import { apiError, fakeApi, type FakeCall, type FakeReply } from '../../test/fake-api';
import { ME, deferred, renderScreens, setUpSignedInScreens } from '../../test/workspaces-harness';
import { makeLinkedWorkspace, makeVideo, makeWorkspace } from '../../test/workspace-factories';

const A = makeVideo('aaa', { title: 'Pasta night' });
const B = makeVideo('bbb', { title: 'Bread basics' });
const C = makeVideo('ccc', { title: null, thumbnail_url: null });

const cardsIn = (testId: string) =>
  within(screen.getByTestId(testId))
    .queryAllByTestId('media-card')
    .map((c) => c.getAttribute('data-id'));

const card = (testId: string, id: string) =>
  within(screen.getByTestId(testId))
    .getAllByTestId('media-card')
    .find((c) => c.getAttribute('data-id') === id)!;

const cardButton = (testId: string, id: string) => within(card(testId, id)).getByRole('button');

setUpSignedInScreens();

/** A server with one linked workspace whose added set is `added` (mutated by toggle). */
function server(
  opts: { workspace?: Workspace; added?: string[]; addedOnly?: () => FakeReply } = {},
) {
  const ws = opts.workspace ?? makeLinkedWorkspace(4, { name: 'Kitchen' });
  const added = new Set(opts.added ?? [A.youtube_video_id]);
  const toggle = deferred<void>();
  const jobStatus: Record<string, string> = {};
  const api = fakeApi({
    'GET /api/v1/auth/me': ME,
    'GET /api/v1/config': { instagram: null },
    'GET /api/v1/workspaces': [ws],
    [`POST /api/v1/workspaces/${ws.id}/sync`]: {
      success: true,
      youtube_videos: 3,
      instagram_posts: 0,
    },
    [`GET /api/v1/workspaces/${ws.id}/analyzed`]: [],
    [`GET /api/v1/workspaces/${ws.id}/videos`]: (call: FakeCall) => {
      if (call.query.get('added_only') === 'true')
        return opts.addedOnly ? opts.addedOnly() : { body: [...added] };
      return {
        body: [A, B, C].map((v): WorkspaceVideo => ({
          ...v,
          is_added: added.has(v.youtube_video_id),
        })),
      };
    },
    [`POST /api/v1/workspaces/${ws.id}/videos/toggle`]: async (call: FakeCall) => {
      await toggle.promise;
      const body = call.body as { video_ids: string[]; is_added: boolean };
      for (const v of body.video_ids) {
        if (body.is_added) added.add(v);
        else added.delete(v);
      }
      return { body: { success: true, added: [...added] } };
    },
    'POST /api/v1/analyses/batch/estimate': (call: FakeCall) => {
      const ids = (call.body as { video_ids: string[] }).video_ids;
      return {
        body: {
          videos: ids.map((video_id, i) => ({
            video_id,
            title: null,
            comment_count: 150,
            credits: i === 2 ? 0 : 2,
            will_analyse: i === 2 ? 0 : 150,
            error: i === 2 ? 'Your credits run out before this video.' : null,
          })),
          credits: 4,
          balance: 4,
          comment_count: 450,
          will_analyse: 300,
          max_comments: 10000,
        },
      };
    },
    'POST /api/v1/analyses/batch': (call: FakeCall) => {
      const ids = (call.body as { video_ids: string[] }).video_ids;
      return {
        body: {
          jobs: ids.map((video_id, i) =>
            i === 2
              ? {
                  video_id,
                  job_id: null,
                  error: 'Not enough credits.',
                  code: 'insufficient_credits',
                }
              : { video_id, job_id: `job-${video_id}`, error: null },
          ),
        },
      };
    },
    'POST /api/v1/retag/bbb00000000': { success: true, labeller: 'offline', clusters: [] },
  });
  // Job status: polled (the event stream answers 404); each job reports what jobStatus says.
  const base = api.fetchMock.getMockImplementation()!;
  api.fetchMock.mockImplementation(async (input, init) => {
    const url = new URL(
      input instanceof Request ? input.url : input.toString(),
      'http://localhost',
    );
    const m = /^\/api\/v1\/status\/([^/]+)$/.exec(url.pathname);
    if (m) {
      const jobId = m[1]!;
      const status = jobStatus[jobId] ?? 'embedding';
      api.calls.push({ method: 'GET', path: url.pathname, query: url.searchParams, body: null });
      return new Response(
        JSON.stringify({
          job_id: jobId,
          status,
          error: null,
          video_id: jobId.replace('job-', ''),
          progress_percent: status === 'complete' ? 100 : 40,
          eta_seconds: 20,
        }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    }
    return base(input, init);
  });
  vi.stubGlobal('fetch', api.fetchMock);
  return { api, ws, added, toggle, jobStatus };
}

describe('workspace selection panel', () => {
  it('adds only the selected catalogue videos (Adding…), which move to Workspace Videos', async () => {
    const { api, toggle } = server();
    renderScreens({ activeWorkspaceId: 4 });

    await waitFor(() => expect(cardsIn('workspace-videos')).toEqual([A.youtube_video_id]));
    const addedCard = card('workspace-videos', A.youtube_video_id);
    expect(within(addedCard).getByText('Added')).toBeTruthy();
    expect(within(addedCard).getByText('Pasta night')).toBeTruthy();
    // The catalogue opens from Add Videos (the search box is gone: a channel is linked).
    expect(screen.queryByPlaceholderText('Search YouTube channels')).toBeNull();
    expect(screen.queryByTestId('catalogue')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add Videos' }));
    await waitFor(() =>
      expect(cardsIn('catalogue')).toEqual([B.youtube_video_id, C.youtube_video_id]),
    );
    expect(screen.getByTestId('catalogue-count').textContent).toBe(
      '2 videos not in the workspace yet',
    );
    // Title falls back to the id; the thumbnail to the standard image URL by id.
    const untitled = card('catalogue', C.youtube_video_id);
    expect(within(untitled).getByText(C.youtube_video_id)).toBeTruthy();
    expect(untitled.querySelector('img')!.getAttribute('src')).toBe(
      `https://i.ytimg.com/vi/${C.youtube_video_id}/hqdefault.jpg`,
    );

    // Click toggles; keyboard users press the card's button (Enter/Space are native clicks).
    fireEvent.click(cardButton('catalogue', B.youtube_video_id));
    fireEvent.click(cardButton('catalogue', C.youtube_video_id));
    expect(screen.getByTestId('catalogue-selected-count').textContent).toBe('2 selected');
    expect(cardButton('catalogue', B.youtube_video_id).getAttribute('aria-pressed')).toBe('true');
    expect(card('catalogue', B.youtube_video_id).querySelector('.media-card-check')).toBeTruthy();
    fireEvent.click(cardButton('catalogue', C.youtube_video_id));
    expect(screen.getByTestId('catalogue-selected-count').textContent).toBe('1 selected');
    expect(card('catalogue', C.youtube_video_id).querySelector('.media-card-check')).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Add to Workspace' }));
    expect((await screen.findByRole('button', { name: 'Adding…' })).hasAttribute('disabled')).toBe(
      true,
    );
    toggle.resolve();
    await waitFor(() =>
      expect(cardsIn('workspace-videos')).toEqual([A.youtube_video_id, B.youtube_video_id]),
    );
    expect(api.callsTo('POST /api/v1/workspaces/4/videos/toggle')[0]!.body).toEqual({
      video_ids: [B.youtube_video_id],
      is_added: true,
    });
    expect(cardsIn('catalogue')).toEqual([C.youtube_video_id]);
    expect(screen.queryByTestId('catalogue-selected-count')).toBeNull();
    expect(screen.getByTestId('ws-notice').textContent).toMatch(/^Added 1 video to Kitchen\./);
  });

  it('analyses every selected video in one batch, follows the jobs and retags the first', async () => {
    const { api, jobStatus } = server({
      added: [A.youtube_video_id, B.youtube_video_id, C.youtube_video_id],
    });
    renderScreens({ activeWorkspaceId: 4 });
    await waitFor(() => expect(cardsIn('workspace-videos')).toHaveLength(3));
    expect(screen.queryByRole('button', { name: 'Analyze Comments' })).toBeNull();

    fireEvent.click(cardButton('workspace-videos', B.youtube_video_id));
    fireEvent.click(cardButton('workspace-videos', A.youtube_video_id));
    fireEvent.click(cardButton('workspace-videos', C.youtube_video_id));
    expect(screen.getByTestId('added-selected-count').textContent).toBe('3 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze Comments' }));
    // the batch's price first, in a dialog; nothing starts before it is confirmed
    const dialog = await screen.findByRole('dialog', { name: 'Analyze these 3 videos?' });
    expect(within(dialog).getByTestId('confirm-cover').textContent).toBe(
      'Your 4 credits cover 300 of 450 comments.',
    );
    expect(api.callsTo('POST /api/v1/analyses/batch')).toHaveLength(0);
    const pay = within(dialog).getByRole('button', { name: 'Analyze for 4 credits' });
    expect(document.activeElement?.outerHTML).toBe(pay.outerHTML);
    fireEvent.click(pay);
    expect(screen.getByRole('button', { name: 'Starting…' })).toBeTruthy();

    await waitFor(() => expect(api.callsTo('POST /api/v1/analyses/batch')).toHaveLength(1));
    expect(api.callsTo('POST /api/v1/analyses/batch')[0]!.body).toEqual({
      video_ids: [B.youtube_video_id, A.youtube_video_id, C.youtube_video_id],
      workspace_id: 4,
    });
    // Selection cleared; the third could not start and says why.
    await waitFor(() => expect(screen.queryByTestId('added-selected-count')).toBeNull());
    expect(screen.getByTestId('ws-error').textContent).toBe(
      `Started 2 analyses. ${C.youtube_video_id}: Not enough credits.`,
    );
    // Cards of running jobs show a spinner and progress, and cannot be selected meanwhile.
    await waitFor(() =>
      expect(
        within(card('workspace-videos', A.youtube_video_id)).getByTestId('media-card-busy')
          .textContent,
      ).toBe('Reading comments… 40%'),
    );
    expect(
      card('workspace-videos', A.youtube_video_id).querySelector('.media-card-spinner'),
    ).toBeTruthy();
    expect(cardButton('workspace-videos', A.youtube_video_id).hasAttribute('disabled')).toBe(true);
    expect(screen.getAllByTestId('workspace-job')).toHaveLength(2);

    // B was selected first: its completion sends the retag call, A's does not.
    jobStatus[`job-${A.youtube_video_id}`] = 'complete';
    await waitFor(
      () =>
        expect(
          screen.getAllByTestId('workspace-job').map((j) => j.getAttribute('data-state')),
        ).toEqual(['running', 'complete']),
      { timeout: 5000 },
    );
    // the running one shows its bar; the complete one its outcome, and no part-filled bar
    const [runningJob, completeJob] = screen.getAllByTestId('workspace-job');
    expect(within(runningJob!).getByRole('progressbar').getAttribute('aria-valuenow')).toBe('40');
    expect(within(completeJob!).queryByRole('progressbar')).toBeNull();
    expect(within(completeJob!).getByText('✓ Complete')).toBeTruthy();
    expect(api.calls.filter((c) => c.path.startsWith('/api/v1/retag/'))).toHaveLength(0);
    jobStatus[`job-${B.youtube_video_id}`] = 'complete';
    await waitFor(
      () => expect(api.callsTo(`POST /api/v1/retag/${B.youtube_video_id}`)).toHaveLength(1),
      { timeout: 5000 },
    );
    expect(api.callsTo(`POST /api/v1/retag/${B.youtube_video_id}`)[0]!.body).toEqual({
      context: '',
    });
    expect(
      card('workspace-videos', A.youtube_video_id).querySelector('.media-card-spinner'),
    ).toBeNull();
  });

  it('shows the empty text, and links a channel from the search', async () => {
    const ws = makeWorkspace(5, { name: 'Fresh' });
    let linked = false;
    const api = fakeApi({
      'GET /api/v1/auth/me': ME,
      'GET /api/v1/config': { instagram: null },
      'GET /api/v1/workspaces': () => ({
        body: [linked ? makeLinkedWorkspace(5, { name: 'Fresh' }) : ws],
      }),
      'GET /api/v1/youtube/search/channels': [
        {
          channelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
          title: 'Cooking With Ana',
          thumbnail_url: null,
          subscriberCount: 1200,
          verified: true,
        },
      ],
      'POST /api/v1/workspaces/5/link-channel': () => {
        linked = true;
        return { body: makeLinkedWorkspace(5) };
      },
      'POST /api/v1/workspaces/5/sync': { success: true, youtube_videos: 2, instagram_posts: 0 },
      'GET /api/v1/workspaces/5/analyzed': [],
      'GET /api/v1/workspaces/5/videos': (call: FakeCall) => ({
        body: call.query.get('added_only') === 'true' ? [] : [A, B],
      }),
    });
    vi.stubGlobal('fetch', api.fetchMock);
    renderScreens({ activeWorkspaceId: 5 });
    expect((await screen.findByTestId('workspace-videos-empty')).textContent).toBe(
      'No videos added yet. Click Add Videos to start.',
    );
    fireEvent.change(screen.getByPlaceholderText('Search YouTube channels'), {
      target: { value: 'ana' },
    });
    fireEvent.click(await screen.findByTestId('channel-option'));
    await waitFor(() =>
      expect(api.callsTo('POST /api/v1/workspaces/5/link-channel')[0]?.body).toEqual({
        channel_id: 'UCaaaaaaaaaaaaaaaaaaaaaa',
      }),
    );
    // Linked: the search is replaced by the channel and Add Videos; the catalogue is open.
    await waitFor(() =>
      expect(screen.queryByPlaceholderText('Search YouTube channels')).toBeNull(),
    );
    expect(
      within(screen.getByTestId('selection-panel')).getByText('Cooking With Ana'),
    ).toBeTruthy();
    await waitFor(() =>
      expect(cardsIn('catalogue')).toEqual([A.youtube_video_id, B.youtube_video_id]),
    );
    // with the channel's videos open, the empty text points at them, not at a hidden button
    expect(screen.getByRole('button', { name: 'Hide channel videos' })).toBeTruthy();
    expect(screen.getByTestId('workspace-videos-empty').textContent).toBe(
      'No videos added yet. Select videos below and click Add to Workspace.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Hide channel videos' }));
    expect(screen.getByRole('button', { name: 'Add Videos' })).toBeTruthy();
    expect(screen.getByTestId('workspace-videos-empty').textContent).toBe(
      'No videos added yet. Click Add Videos to start.',
    );
  });

  it('shows skeletons while the catalogue loads, and reads the added set from the catalogue when added_only fails', async () => {
    const videos = deferred<void>();
    const ws = makeLinkedWorkspace(6);
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/v1/auth/me': ME,
        'GET /api/v1/config': { instagram: null },
        'GET /api/v1/workspaces': [ws],
        'POST /api/v1/workspaces/6/sync': () => apiError(502, 'YouTube did not answer.'),
        'GET /api/v1/workspaces/6/analyzed': [],
        'GET /api/v1/workspaces/6/videos': async (call: FakeCall) => {
          if (call.query.get('added_only') === 'true') return apiError(500, 'boom');
          await videos.promise;
          return { body: [{ ...A, is_added: true }, B] };
        },
      }).fetchMock,
    );
    renderScreens({ activeWorkspaceId: 6 });
    fireEvent.click(await screen.findByRole('button', { name: 'Add Videos' }));
    expect(await screen.findAllByTestId('catalogue-skeleton')).toHaveLength(6);
    videos.resolve();
    await waitFor(() => expect(cardsIn('catalogue')).toEqual([B.youtube_video_id]));
    expect(cardsIn('workspace-videos')).toEqual([A.youtube_video_id]);
  });

  it('renames the active workspace and deletes it after a confirmation', async () => {
    let list: Workspace[] = [makeWorkspace(7, { name: 'Drafts' })];
    const api = fakeApi({
      'GET /api/v1/auth/me': ME,
      'GET /api/v1/config': { instagram: null },
      'GET /api/v1/workspaces': () => ({ body: list }),
      'GET /api/v1/workspaces/7/analyzed': [],
      'PATCH /api/v1/workspaces/7': (call: FakeCall) => {
        const name = (call.body as { name: string }).name;
        list = [{ ...list[0]!, name }];
        return { body: list[0] };
      },
      'DELETE /api/v1/workspaces/7': () => {
        list = [];
        return { body: { success: true } };
      },
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const { onActivate } = renderScreens({ activeWorkspaceId: 7 });
    fireEvent.click(await screen.findByRole('button', { name: 'Rename' }));
    const input = screen.getByLabelText('Workspace name');
    fireEvent.change(input, { target: { value: '  Recipes  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(screen.getByRole('heading', { level: 2, name: 'Recipes' })).toBeTruthy(),
    );
    expect(api.callsTo('PATCH /api/v1/workspaces/7')[0]!.body).toEqual({ name: 'Recipes' });

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    expect(api.callsTo('DELETE /api/v1/workspaces/7')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Delete workspace' }));
    await waitFor(() => expect(onActivate).toHaveBeenLastCalledWith(null));
    expect(api.callsTo('DELETE /api/v1/workspaces/7')).toHaveLength(1);
    expect((await screen.findByTestId('workspaces-empty')).textContent).toBe(
      'No workspaces yet. Click Link Channel on a new workspace to start.',
    );
    expect(screen.getByRole('status').textContent).toMatch(/^Deleted “Recipes”\./);
  });

  it('removes selected videos from the workspace and unlinks the channel after a confirmation', async () => {
    const { api, added, toggle } = server({ added: [A.youtube_video_id, B.youtube_video_id] });
    const toggleResolve = () => toggle.resolve();
    let linked = true;
    api.fetchMock.mockImplementation(
      ((base) => async (input: RequestInfo | URL, init?: RequestInit) => {
        const url = new URL(input instanceof Request ? input.url : input.toString(), 'http://x');
        if (url.pathname === '/api/v1/workspaces/4/channel' && init?.method === 'DELETE') {
          linked = false;
          added.clear();
          api.calls.push({
            method: 'DELETE',
            path: url.pathname,
            query: url.searchParams,
            body: null,
          });
          return new Response(JSON.stringify(makeWorkspace(4, { name: 'Kitchen' })), {
            status: 200,
          });
        }
        if (url.pathname === '/api/v1/workspaces' && !linked)
          return new Response(JSON.stringify([makeWorkspace(4, { name: 'Kitchen' })]), {
            status: 200,
          });
        return base(input, init);
      })(api.fetchMock.getMockImplementation()!),
    );
    renderScreens({ activeWorkspaceId: 4 });
    await waitFor(() => expect(cardsIn('workspace-videos')).toHaveLength(2));
    fireEvent.click(cardButton('workspace-videos', B.youtube_video_id));
    fireEvent.click(screen.getByRole('button', { name: 'Remove' }));
    toggleResolve();
    await waitFor(() => expect(cardsIn('workspace-videos')).toEqual([A.youtube_video_id]));
    expect(api.callsTo('POST /api/v1/workspaces/4/videos/toggle')[0]!.body).toEqual({
      video_ids: [B.youtube_video_id],
      is_added: false,
    });

    fireEvent.click(screen.getByRole('button', { name: 'Unlink' }));
    expect(api.callsTo('DELETE /api/v1/workspaces/4/channel')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Unlink channel' }));
    await waitFor(() => expect(api.callsTo('DELETE /api/v1/workspaces/4/channel')).toHaveLength(1));
    // Unlinked: the channel search is back.
    expect(await screen.findByPlaceholderText('Search YouTube channels')).toBeTruthy();
    expect(screen.getByTestId('workspace-videos-empty')).toBeTruthy();
  });
});
