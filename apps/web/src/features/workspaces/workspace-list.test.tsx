// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Workspace } from '@app/contracts';
import { apiError, fakeApi, type FakeReply } from '../../test/fake-api';
import { ME, deferred, renderScreens, setUpSignedInScreens } from '../../test/workspaces-harness';
import { makeLinkedWorkspace, makeWorkspace } from '../../test/workspace-factories';
import { redirectTo } from './redirect';

vi.mock('./redirect', () => ({ redirectTo: vi.fn() }));

const INSTAGRAM = {
  app_id: '990602627938098',
  authorize_url: 'https://www.instagram.com/oauth/authorize',
  redirect_uri: 'https://chorus.example.com/',
  scopes: ['instagram_business_basic', 'instagram_business_manage_comments'],
};
const config = (instagram: typeof INSTAGRAM | null) => ({
  llm_enabled: false,
  google_client_id: null,
  facebook_app_id: null,
  facebook_api_version: 'v23.0',
  instagram,
  payments: 'demo',
  mail: 'outbox',
});

setUpSignedInScreens();
afterEach(() => {
  vi.mocked(redirectTo).mockReset();
});

describe('workspace list', () => {
  it('shows the empty text, creates a workspace (Creating…) and makes it active', async () => {
    const list: Workspace[] = [];
    const created = deferred<FakeReply>();
    const api = fakeApi({
      'GET /api/v1/auth/me': ME,
      'GET /api/v1/config': config(null),
      'GET /api/v1/workspaces': () => ({ body: list }),
      'POST /api/v1/workspaces': () => created.promise,
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const { onActivate } = renderScreens();

    expect((await screen.findByTestId('workspaces-empty')).textContent).toBe(
      'No workspaces yet. Click Link Channel on a new workspace to start.',
    );
    expect(screen.getByRole('heading', { name: 'Workspaces' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    const busy = await screen.findByRole('button', { name: 'Creating…' });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    // An empty name is sent as such; the server names it 'New Workspace'.
    expect(api.callsTo('POST /api/v1/workspaces')[0]!.body).toEqual({ name: '' });

    const ws = makeWorkspace(7, { name: 'New Workspace' });
    list.push(ws);
    created.resolve({ status: 201, body: ws });
    await waitFor(() => expect(onActivate).toHaveBeenCalledWith(7));
    // The new workspace is active: its card says so and the panel offers the channel search.
    const card = await screen.findByTestId('workspace-card');
    expect(within(card).getByText('Active')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Link YouTube Channel' })).toBeTruthy();
    expect(screen.getByPlaceholderText('Search YouTube channels')).toBeTruthy();
  });

  it('says why creating failed, with the server’s message', async () => {
    let reply: FakeReply = apiError(409, 'You already have 50 workspaces.');
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/v1/auth/me': ME,
        'GET /api/v1/config': config(null),
        'GET /api/v1/workspaces': [],
        'POST /api/v1/workspaces': () => reply,
      }).fetchMock,
    );
    renderScreens();
    await screen.findByTestId('workspaces-empty');
    fireEvent.change(screen.getByLabelText('New workspace name'), {
      target: { value: 'Cooking' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    expect((await screen.findByTestId('create-error')).textContent).toBe(
      'Failed to create workspace: You already have 50 workspaces.',
    );
    reply = { status: 500, body: '' };
    fireEvent.click(screen.getByRole('button', { name: 'Create Workspace' }));
    await waitFor(() =>
      expect(screen.getByTestId('create-error').textContent).toBe(
        'Failed to create workspace: Request failed (500).',
      ),
    );
  });

  it('lists cards with avatars (logo fallbacks), names and a Link button per platform', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/v1/auth/me': ME,
        'GET /api/v1/config': config(null),
        'GET /api/v1/workspaces': [
          makeWorkspace(1, { name: 'Fresh' }),
          makeLinkedWorkspace(2, {
            name: 'Kitchen',
            yt_avatar_url: 'https://yt.example/a.jpg',
            instagram_business_id: '17841400000000000',
            instagram_username: 'ana.cooks',
          }),
        ],
      }).fetchMock,
    );
    renderScreens();
    const cards = await screen.findAllByTestId('workspace-card');
    expect(cards).toHaveLength(2);
    const [fresh, kitchen] = cards as [HTMLElement, HTMLElement];
    expect(within(fresh).getByRole('heading').textContent).toBe('Fresh');
    expect(within(fresh).getByRole('button', { name: 'Link Channel' })).toBeTruthy();
    expect(within(fresh).getByRole('button', { name: 'Link Instagram' })).toBeTruthy();
    // No pictures: the platform logos stand in (inline SVG, no <img>).
    expect(within(fresh).getByTestId('avatar-youtube').querySelector('svg')).toBeTruthy();
    expect(within(fresh).getByTestId('avatar-instagram').querySelector('img')).toBeNull();

    expect(within(kitchen).getByText('Cooking With Ana')).toBeTruthy();
    expect(within(kitchen).getByText('@ana.cooks')).toBeTruthy();
    expect(within(kitchen).queryByRole('button', { name: 'Link Channel' })).toBeNull();
    expect(
      within(kitchen).getByTestId('avatar-youtube').querySelector('img')?.getAttribute('src'),
    ).toBe('https://yt.example/a.jpg');
  });

  it('opens the detail with the avatar’s tab preselected for the session', async () => {
    vi.stubGlobal(
      'fetch',
      fakeApi({
        'GET /api/v1/auth/me': ME,
        'GET /api/v1/config': config(null),
        'GET /api/v1/workspaces': [makeLinkedWorkspace(3, { name: 'Kitchen' })],
        'POST /api/v1/workspaces/3/sync': { success: true, youtube_videos: 0, instagram_posts: 0 },
        'GET /api/v1/workspaces/3/posts': [],
        'GET /api/v1/workspaces/3/analyzed': [],
      }).fetchMock,
    );
    const { onActivate } = renderScreens();
    fireEvent.click(await screen.findByRole('button', { name: 'Kitchen: Instagram posts' }));
    expect(onActivate).toHaveBeenCalledWith(3);
    const tab = await screen.findByRole('tab', { name: 'Instagram' });
    expect(tab.getAttribute('aria-selected')).toBe('true');
    expect(sessionStorage.getItem('workspace_tab')).toBe('instagram');

    // Back to the list, then into the detail another way: the session's tab is kept.
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Open posts and reports' }));
    expect(
      (await screen.findByRole('tab', { name: 'Instagram' })).getAttribute('aria-selected'),
    ).toBe('true');
  });

  it('links Instagram through the authorisation page, or says it is not configured', async () => {
    let instagram: typeof INSTAGRAM | null = null;
    const api = fakeApi({
      'GET /api/v1/auth/me': ME,
      'GET /api/v1/config': () => ({ body: config(instagram) }),
      'GET /api/v1/workspaces': [makeWorkspace(9, { name: 'Travel' })],
    });
    vi.stubGlobal('fetch', api.fetchMock);
    const first = renderScreens();
    await screen.findByTestId('workspace-card');
    await waitFor(() => expect(api.callsTo('GET /api/v1/config')).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Link Instagram' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Instagram linking is not available on this server yet: no Instagram app is configured.',
      ),
    );
    expect(redirectTo).not.toHaveBeenCalled();
    first.unmount();

    instagram = INSTAGRAM;
    renderScreens();
    await screen.findByTestId('workspace-card');
    await waitFor(() => expect(api.callsTo('GET /api/v1/config')).toHaveLength(2));
    await waitFor(() => {
      fireEvent.click(screen.getByRole('button', { name: 'Link Instagram' }));
      expect(redirectTo).toHaveBeenCalledTimes(1);
    });
    const url = new URL(vi.mocked(redirectTo).mock.calls[0]![0]);
    expect(`${url.origin}${url.pathname}`).toBe(INSTAGRAM.authorize_url);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      force_reauth: 'true',
      client_id: INSTAGRAM.app_id,
      redirect_uri: INSTAGRAM.redirect_uri,
      response_type: 'code',
      scope: INSTAGRAM.scopes.join(','),
      state: '9',
    });
  });
});
