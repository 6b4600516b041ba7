// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { fakeApi, apiError, type FakeCall, type FakeReply } from '../../test/fake-api';
import { makeCluster, makeReport } from '../../test/factories';
import { ME, deferred, renderScreens, setUpSignedInScreens } from '../../test/workspaces-harness';
import {
  makeAnalyzedVideo,
  makeInstagramPost,
  makeLinkedWorkspace,
  makeYouTubePost,
} from '../../test/workspace-factories';

const LONG_CAPTION =
  'Golden hour at the harbour with the whole crew, and a bowl of the best ramen in town tonight';
const POSTS = [
  makeYouTubePost('vidAAAAAAAA', 'Knife skills'),
  makeInstagramPost('100000000001', {
    media_type: 'IMAGE',
    caption: LONG_CAPTION,
    timestamp: '2026-10-01T10:00:00+0000',
  }),
  makeInstagramPost('100000000002', {
    media_type: 'VIDEO',
    media_url: 'https://cdn.example/reel.mp4',
    thumbnail_url: 'https://cdn.example/reel.jpg',
    caption: null,
    timestamp: '2026-11-05T10:00:00+0000',
  }),
  makeInstagramPost('100000000003', {
    media_type: 'CAROUSEL_ALBUM',
    media_url: null,
    thumbnail_url: null,
    caption: 'No picture',
    timestamp: '2026-09-01T10:00:00+0000',
  }),
  makeYouTubePost('vidBBBBBBBB', null),
];

const WS = makeLinkedWorkspace(8, {
  name: 'Kitchen',
  instagram_business_id: '17841400000000000',
  instagram_username: 'ana.cooks',
});

function server(
  routes: Record<string, object | ((c: FakeCall) => FakeReply | Promise<FakeReply>)> = {},
) {
  const api = fakeApi({
    'GET /api/v1/auth/me': ME,
    'GET /api/v1/config': { instagram: null },
    'GET /api/v1/workspaces': [WS],
    'POST /api/v1/workspaces/8/sync': { success: true, youtube_videos: 2, instagram_posts: 3 },
    'GET /api/v1/workspaces/8/posts': POSTS,
    'GET /api/v1/workspaces/8/analyzed': [],
    ...routes,
  });
  vi.stubGlobal('fetch', api.fetchMock);
  return api;
}

const cards = () =>
  screen.getAllByTestId('media-card').map((c) => ({
    id: c.getAttribute('data-id'),
    title: c.querySelector('.media-card-title')!.textContent,
    meta: c.querySelector('.media-card-meta')?.textContent ?? null,
  }));

setUpSignedInScreens();

describe('workspace detail', () => {
  it("says 'No workspace selected.' without an active workspace", async () => {
    server();
    renderScreens({ activeWorkspaceId: null, path: '/workspaces/999?tab=youtube' });
    expect((await screen.findByTestId('no-workspace')).textContent).toBe('No workspace selected.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    expect(await screen.findByRole('heading', { name: 'Workspaces' })).toBeTruthy();
  });

  it('opens on YouTube by default and on the stored tab when there is one', async () => {
    server();
    const first = renderScreens({ activeWorkspaceId: 8 });
    fireEvent.click(await screen.findByRole('button', { name: 'Open posts and reports' }));
    expect(
      (await screen.findByRole('tab', { name: 'YouTube' })).getAttribute('aria-selected'),
    ).toBe('true');
    await waitFor(() =>
      expect(cards().map((c) => c.title)).toEqual(['Knife skills', 'vidBBBBBBBB']),
    );
    // Arrow keys move between tabs (and remember the choice for the session).
    fireEvent.keyDown(screen.getByRole('tab', { name: 'YouTube' }), { key: 'ArrowRight' });
    expect(screen.getByRole('tab', { name: 'Instagram' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    first.unmount();
    sessionStorage.setItem('workspace_tab', 'analyzed');
    renderScreens({ activeWorkspaceId: 8 });
    fireEvent.click(await screen.findByRole('button', { name: 'Open posts and reports' }));
    expect(
      (await screen.findByRole('tab', { name: 'Analyzed' })).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('renders Instagram posts newest first: player, image or camera; captions cut at 60', async () => {
    server();
    renderScreens({ activeWorkspaceId: 8, path: '/workspaces/8?tab=instagram' });
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(3));
    expect(cards()).toEqual([
      { id: '100000000002', title: 'Instagram video', meta: 'Video · Nov 5, 2026' },
      {
        id: '100000000001',
        title: `${LONG_CAPTION.slice(0, 60).trimEnd()}…`,
        meta: 'Image · Oct 1, 2026',
      },
      { id: '100000000003', title: 'No picture', meta: 'Carousel album · Sep 1, 2026' },
    ]);
    const [video, image, none] = screen.getAllByTestId('media-card') as [
      HTMLElement,
      HTMLElement,
      HTMLElement,
    ];
    expect(video.querySelector('video')!.getAttribute('src')).toBe('https://cdn.example/reel.mp4');
    expect(video.querySelector('video')!.getAttribute('poster')).toBe(
      'https://cdn.example/reel.jpg',
    );
    // The player is not inside the selection button (a player cannot sit in a button).
    expect(within(video).getByRole('button').querySelector('video')).toBeNull();
    expect(image.querySelector('img')!.getAttribute('src')).toBe(
      'https://cdn.example/100000000001.jpg',
    );
    expect(none.querySelector('img, video')).toBeNull();
    expect(none.querySelector('.media-fallback svg')).toBeTruthy();
  });

  it('analyses selected Instagram posts one call at a time, then clears the selection', async () => {
    const first = deferred<FakeReply>();
    const api = server({
      'POST /api/v1/instagram/analyze': (call) =>
        call.query.get('media_id') === '100000000002'
          ? first.promise
          : { body: { job_id: `job-${call.query.get('media_id')}` } },
      'GET /api/v1/status/job-100000000002': {
        job_id: 'job-100000000002',
        status: 'embedding',
        error: null,
        video_id: 'ig_100000000002',
        progress_percent: 10,
        eta_seconds: null,
      },
      'GET /api/v1/status/job-100000000001': {
        job_id: 'job-100000000001',
        status: 'embedding',
        error: null,
        video_id: 'ig_100000000001',
        progress_percent: 10,
        eta_seconds: null,
      },
    });
    renderScreens({ activeWorkspaceId: 8, path: '/workspaces/8?tab=instagram' });
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(3));
    const button = (id: string) =>
      within(
        screen.getAllByTestId('media-card').find((c) => c.getAttribute('data-id') === id)!,
      ).getByRole('button');
    fireEvent.click(button('100000000002'));
    fireEvent.click(button('100000000001'));
    expect(screen.getByTestId('instagram-selected-count').textContent).toBe('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Analyze selected' }));
    expect(screen.getByRole('button', { name: 'Starting…' })).toBeTruthy();
    await waitFor(() => expect(api.callsTo('POST /api/v1/instagram/analyze')).toHaveLength(1));
    // The second call waits for the first reply.
    await new Promise((r) => setTimeout(r, 50));
    expect(api.callsTo('POST /api/v1/instagram/analyze')).toHaveLength(1);
    first.resolve({ body: { job_id: 'job-100000000002' } });
    await waitFor(() => expect(api.callsTo('POST /api/v1/instagram/analyze')).toHaveLength(2));
    expect(
      api.callsTo('POST /api/v1/instagram/analyze').map((c) => Object.fromEntries(c.query)),
    ).toEqual([
      { media_id: '100000000002', workspace_id: '8' },
      { media_id: '100000000001', workspace_id: '8' },
    ]);
    await waitFor(() =>
      expect(screen.getByTestId('instagram-selected-count').textContent).toBe(
        'Select posts to analyze their comments',
      ),
    );
    expect(screen.getByTestId('ws-notice').textContent).toMatch(/^Started 2 analyses\./);
    expect(screen.getAllByTestId('workspace-job')).toHaveLength(2);
  });

  it('analyses YouTube posts by video_id and stops at a refusal for credits', async () => {
    const api = server({
      'POST /api/v1/analyses/batch/estimate': {
        videos: [],
        credits: 2,
        balance: 2,
        comment_count: null,
        will_analyse: 200,
        max_comments: 10000,
      },
      'POST /api/v1/analyze': (call) =>
        call.query.get('video_id') === 'vidAAAAAAAA'
          ? apiError(
              402,
              'Your balance is 0 credits. Buy credits to analyze more comments.',
              'insufficient_credits',
            )
          : { body: { job_id: 'never' } },
    });
    renderScreens({ activeWorkspaceId: 8, path: '/workspaces/8?tab=youtube' });
    await waitFor(() => expect(screen.getAllByTestId('media-card')).toHaveLength(2));
    for (const c of screen.getAllByTestId('media-card'))
      fireEvent.click(within(c).getByRole('button'));
    fireEvent.click(screen.getByRole('button', { name: 'Analyze selected' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Analyze for 2 credits' }));
    expect((await screen.findByTestId('ws-error')).textContent).toBe(
      'Error: Knife skills: Your balance is 0 credits. Buy credits to analyze more comments. 1 more not started.',
    );
    expect(api.callsTo('POST /api/v1/analyze').map((c) => c.query.get('video_id'))).toEqual([
      'vidAAAAAAAA',
    ]);
  });

  it('loads an analysed item’s report below the tabs, without the executive summary', async () => {
    const report = makeReport([makeCluster(1, { heading: 'Ramen questions' }), makeCluster(2)], {
      video_id: 'vidAAAAAAAA',
      title: 'Knife skills',
    });
    const api = server({
      'GET /api/v1/workspaces/8/analyzed': [
        makeAnalyzedVideo('vidAAAAAAAA', { title: 'Knife skills' }),
        makeAnalyzedVideo('vidBBBBBBBB', {
          title: 'Older one',
          status: 'failed',
          analysed_at: '2026-11-01T10:00:00.000Z',
        }),
      ],
      'GET /api/v1/report/vidAAAAAAAA': report,
    });
    const { onOpenReport } = renderScreens({
      activeWorkspaceId: 8,
      path: '/workspaces/8?tab=analyzed',
    });
    await waitFor(() => expect(cards().map((c) => c.title)).toEqual(['Knife skills', 'Older one']));
    expect(screen.getByText('✓ Complete')).toBeTruthy();
    expect(screen.getByText('Failed')).toBeTruthy();
    fireEvent.click(within(screen.getAllByTestId('media-card')[0]!).getByRole('button'));
    await screen.findByTestId('report');
    expect(api.callsTo('GET /api/v1/report/vidAAAAAAAA')).toHaveLength(1);
    const analysis = screen.getByTestId('workspace-analysis');
    expect(within(analysis).getByRole('heading', { name: 'Topic Distribution' })).toBeTruthy();
    expect(within(analysis).getAllByText('Ramen questions').length).toBeGreaterThan(0);
    expect(within(analysis).queryByRole('heading', { name: 'Executive Summary' })).toBeNull();
    expect(
      within(screen.getAllByTestId('media-card')[0]!)
        .getByRole('button')
        .getAttribute('aria-current'),
    ).toBe('true');
    fireEvent.click(screen.getByRole('button', { name: 'Open with the executive summary' }));
    expect(onOpenReport).toHaveBeenCalledWith('vidAAAAAAAA');
  });
});
