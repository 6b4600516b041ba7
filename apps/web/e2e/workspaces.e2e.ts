import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import type { ReportReply, Workspace } from '@app/contracts';
import {
  apiGet,
  apiSignUp,
  newPage,
  photograph,
  seriousViolations,
  signUp,
  uniqueEmail,
  useAppPage,
  useServerAndBrowser,
} from './support';

// Workspaces in Chromium against the real server: the file channel directory (COMMENTS_DIR
// meta.json names each video's channel) lets a creator search a channel, link it, add its videos
// and analyse them. YOUTUBE_FALLBACK=none: nothing is ever asked of YouTube itself.

const CHANNEL = 'Hollowbrook Kitchen'; // the channel of the three invented videos in the fixtures
const LEMON_VIDEO = 'k3TnLmVq8Ra'; // 100 comments
const LEMON_TITLE = 'One-Pan Lemon Garlic Chicken in 30 Minutes';
/** The channel's uploads, newest first (each meta.json's published_at). */
const CHANNEL_VIDEOS = ['Hx9KnfE4cUz', 'Sd7wQy2Rb5M', LEMON_VIDEO];

const panel = (page: Page) => page.getByTestId('selection-panel');
const mediaCard = (page: Page, scope: string, id: string) =>
  page.getByTestId(scope).locator(`[data-testid="media-card"][data-id="${id}"]`);
const cardIds = (page: Page, scope: string) =>
  page
    .getByTestId(scope)
    .getByTestId('media-card')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-id')));

/** Signs a new account up, creates its first workspace and returns the workspace's card once active. */
async function signUpWithWorkspace(page: Page, emailTag: string): Promise<Locator> {
  await page.goto('/');
  await signUp(page, uniqueEmail(emailTag));
  await page.getByRole('button', { name: 'Workspace', exact: true }).click();
  await page.getByRole('button', { name: 'Create Workspace' }).click();
  const card = page.getByTestId('workspace-card');
  await card.getByText('Active').waitFor();
  return card;
}

/** Records the API calls the page makes (method and path), to check what was sent. */
function recordCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (r) => {
    const url = new URL(r.url());
    if (url.pathname.startsWith('/api/')) calls.push(`${r.method()} ${url.pathname}`);
  });
  return calls;
}

describe('workspaces', () => {
  let calls: string[];
  const app = useAppPage({
    env: { YOUTUBE_FALLBACK: 'none' },
    prepare: ({ page }) => {
      calls = recordCalls(page);
    },
    signUp: 'workspaces',
  });

  it('creates a workspace, links a channel, adds a video, analyses it and opens its report', async () => {
    // The side card's way in; no workspaces yet.
    const side = app.page.getByTestId('workspace-side-card');
    await side.getByRole('button', { name: 'Go to Workspace Dashboard' }).click();
    expect(await app.page.getByTestId('workspaces-empty').innerText()).toBe(
      'No workspaces yet. Click Link Channel on a new workspace to start.',
    );
    expect(await seriousViolations(app.page)).toEqual([]);

    await app.page.getByLabel('New workspace name').fill('Weeknight dinners');
    await app.page.getByRole('button', { name: 'Create Workspace' }).click();
    const card = app.page.getByTestId('workspace-card');
    await card.getByText('Active').waitFor();
    expect(await card.getByRole('heading').innerText()).toBe('Weeknight dinners');
    // The cursor waits in the channel search of the new, active workspace.
    const search = app.page.getByRole('combobox', { name: 'Search YouTube channels' });
    await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true);

    await search.fill('hollowbrook');
    const option = app.page.getByTestId('channel-option');
    await option.first().waitFor();
    expect(await option.count()).toBe(1);
    expect(await option.locator('.channel-title').innerText()).toBe(CHANNEL);
    expect(await option.getByTestId('channel-subscribers').innerText()).toBe(
      'Subscriber count hidden',
    );
    expect(
      calls.filter((c) => c === 'GET /api/v1/youtube/search/channels'),
      'debounced: one search for the filled text',
    ).toHaveLength(1);
    await photograph(app.page, 'workspace-search', async () => {
      await search.focus();
      await option.first().waitFor();
    });
    expect(await seriousViolations(app.page)).toEqual([]);

    await option.first().click();
    // Linked: the search gives way to the channel and Add Videos; the catalogue opens.
    await search.waitFor({ state: 'detached' });
    await panel(app.page).getByText('Linked channel').waitFor();
    const catalogueCard = mediaCard(app.page, 'catalogue', LEMON_VIDEO);
    await catalogueCard.waitFor();
    expect(await cardIds(app.page, 'catalogue')).toEqual(CHANNEL_VIDEOS);
    expect(await catalogueCard.locator('.media-card-title').innerText()).toBe(LEMON_TITLE);
    expect(await app.page.getByTestId('workspace-videos-empty').innerText()).toBe(
      'No videos added yet. Select videos below and click Add to Workspace.',
    );
    await photograph(app.page, 'workspace-linked');

    await catalogueCard.getByRole('button').click();
    expect(await app.page.getByTestId('catalogue-selected-count').innerText()).toBe('1 selected');
    await app.page.getByRole('button', { name: 'Add to Workspace' }).click();
    const added = mediaCard(app.page, 'workspace-videos', LEMON_VIDEO);
    await added.waitFor();
    expect(await added.locator('.media-card-badge').innerText()).toBe('Added');
    // the added video leaves the catalogue; the channel's other uploads stay to choose from
    await expect
      .poll(() => cardIds(app.page, 'catalogue'))
      .toEqual(CHANNEL_VIDEOS.filter((id) => id !== LEMON_VIDEO));

    // Keyboard: Space on the focused card selects it.
    await added.getByRole('button').focus();
    await app.page.keyboard.press('Space');
    expect(await app.page.getByTestId('added-selected-count').innerText()).toBe('1 selected');
    await photograph(app.page, 'workspace-panel');
    expect(await seriousViolations(app.page)).toEqual([]);

    await app.page.getByRole('button', { name: 'Analyze Comments' }).click();
    // the batch's price first: the video says 4,812 comments, a new account's 3 credits cover 300
    expect(await app.page.getByTestId('confirm-cover').innerText()).toBe(
      'Your 3 credits cover 300 of 4,812 comments.',
    );
    await app.page.getByRole('button', { name: 'Analyze for 3 credits' }).click();
    const job = app.page.getByTestId('workspace-job');
    await job.waitFor();
    await app.page.locator('[data-testid="workspace-job"][data-state="complete"]').waitFor({
      timeout: 120_000,
    });
    expect(await job.locator('.ws-job-status').innerText()).toBe('✓ Complete');
    // a finished analysis shows its outcome, not a progress bar (one had shown part-filled)
    expect(await job.getByRole('progressbar').count()).toBe(0);
    await photograph(app.page, 'workspace-jobs-complete', () => job.scrollIntoViewIfNeeded());
    // The batch call, then the retag of the first selected video.
    expect(calls).toContain('POST /api/v1/analyses/batch');
    await expect.poll(() => calls.includes(`POST /api/v1/retag/${LEMON_VIDEO}`)).toBe(true);
    // One credit charged, the header refreshed.
    await expect
      .poll(async () => (await app.page.getByTestId('credits-pill').innerText()).split(/\s/)[0])
      .toBe('2');
    expect(await app.page.evaluate(() => localStorage.getItem('current_job'))).toBeNull();

    // The detail: the Analyzed tab lists it; a click shows the analysis below the tabs.
    await panel(app.page).getByRole('button', { name: 'Open posts and reports' }).click();
    await app.page.getByRole('tab', { name: 'YouTube' }).waitFor();
    await mediaCard(app.page, 'tab-youtube', LEMON_VIDEO).waitFor();
    await app.page.getByRole('tab', { name: 'Analyzed' }).click();
    const analysed = mediaCard(app.page, 'tab-analyzed', LEMON_VIDEO);
    await analysed.waitFor();
    expect(await analysed.locator('.media-card-status').innerText()).toBe('✓ Complete');
    await analysed.getByRole('button').click();
    await app.page.locator(`[data-testid="report"][data-video-id="${LEMON_VIDEO}"]`).waitFor();
    const report = await apiGet<ReportReply>(
      app.server.url,
      app.token,
      `/api/v1/report/${LEMON_VIDEO}`,
    );
    expect(report.report.clusters.length).toBeGreaterThan(0);
    const analysis = app.page.getByTestId('workspace-analysis');
    expect(await analysis.getByTestId('stat-topics-value').innerText()).toBe(
      String(report.report.clusters.length),
    );
    expect(await analysis.getByRole('heading', { name: 'Topic Distribution' }).count()).toBe(1);
    // A workspace is active: no executive summary here.
    expect(await analysis.getByRole('heading', { name: 'Executive Summary' }).count()).toBe(0);
    await photograph(app.page, 'workspace-detail');
    expect(await seriousViolations(app.page)).toEqual([]);

    // The session remembers the tab: back to the list and into the detail again ...
    await app.page.getByRole('button', { name: 'Back' }).click();
    await panel(app.page).getByRole('button', { name: 'Open posts and reports' }).click();
    expect(
      await app.page.getByRole('tab', { name: 'Analyzed' }).getAttribute('aria-selected'),
    ).toBe('true');

    // ... and the report shown before is there again.
    await app.page.locator(`[data-testid="report"][data-video-id="${LEMON_VIDEO}"]`).waitFor();
    // Open with the executive summary: the main view shows the same report, summary included.
    await app.page.getByRole('button', { name: 'Open with the executive summary' }).click();
    await app.page.getByRole('heading', { name: 'Executive Summary' }).waitFor();

    // Home: the side card has the shortcut; choosing it opens the workspace, active.
    await side.getByRole('button', { name: 'Weeknight dinners' }).click();
    expect(await panel(app.page).getByRole('heading', { level: 2 }).innerText()).toBe(
      'Weeknight dinners',
    );
    expect(app.offsite).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });

  it('keeps a workspace private: another user neither sees nor reaches it', async () => {
    const mine = await apiGet<Workspace[]>(app.server.url, app.token, '/api/v1/workspaces');
    expect(mine).toHaveLength(1);
    const id = mine[0]!.id;

    const other = await newPage(app.browser, { baseURL: app.server.url });
    try {
      await other.page.goto('/');
      await signUp(other.page, uniqueEmail('other'));
      await other.page.getByRole('button', { name: 'Workspace', exact: true }).click();
      await other.page.getByTestId('workspaces-empty').waitFor();
      expect(await other.page.getByTestId('workspace-card').count()).toBe(0);
      // Even a stored active id from this tab does not show someone else's workspace.
      await other.page.evaluate(
        (wsId) => sessionStorage.setItem('active_workspace', String(wsId)),
        id,
      );
      // A reload stays on the workspaces address, still empty.
      await other.page.reload();
      await other.page.getByTestId('workspaces-empty').waitFor();
      expect(await other.page.getByTestId('workspace-card').count()).toBe(0);
      await other.page.getByRole('button', { name: 'Home', exact: true }).click();
      await other.page.getByTestId('workspace-side-card').waitFor();
      expect(await other.page.getByTestId('workspace-shortcut').count()).toBe(0);
      // The owner's workspace address shows nothing of it.
      await other.page.goto(`/workspaces/${id}?tab=analyzed`);
      await other.page.getByTestId('no-workspace').waitFor();
      expect(await other.page.getByTestId('workspace-analysis').count()).toBe(0);

      const otherToken = await apiSignUp(app.server.url, uniqueEmail('api-other'));
      for (const path of [`/api/v1/workspaces/${id}/videos`, `/api/v1/workspaces/${id}/analyzed`]) {
        const res = await fetch(`${app.server.url}${path}`, {
          headers: { authorization: `Bearer ${otherToken}` },
        });
        expect(res.status, path).toBe(404);
      }
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('says Instagram linking is not configured on a server without an Instagram app', async () => {
    await app.page.getByRole('button', { name: 'Workspace', exact: true }).click();
    await app.page
      .getByTestId('workspace-card')
      .getByRole('button', { name: 'Link Instagram' })
      .click();
    expect(await app.page.getByTestId('workspace-card').getByRole('status').innerText()).toBe(
      'Instagram linking is not available on this server yet: no Instagram app is configured.',
    );
    expect(app.page.url()).toBe(`${app.server.url}/workspaces`);
  });
});

describe('Instagram linking', () => {
  const app = useServerAndBrowser({
    env: {
      YOUTUBE_FALLBACK: 'none',
      INSTAGRAM_APP_ID: '990602627938098',
      INSTAGRAM_APP_SECRET: 'e2e-instagram-secret',
    },
  });

  it('redirects to the authorisation page and handles the return with code and state', async () => {
    const { context, page, pageErrors } = await newPage(app.browser, { baseURL: app.server.url });
    try {
      const card = await signUpWithWorkspace(page, 'instagram');
      const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
      expect(await card.getByRole('heading').innerText()).toBe('New Workspace');
      const [ws] = await apiGet<Workspace[]>(app.server.url, token, '/api/v1/workspaces');

      // The Link button leaves for Instagram (the request is stopped: tests stay on 127.0.0.1).
      const leaving = page.waitForRequest((r) => r.url().startsWith('https://www.instagram.com/'));
      await card.getByRole('button', { name: 'Link Instagram' }).click();
      const authorize = new URL((await leaving).url());
      expect(`${authorize.origin}${authorize.pathname}`).toBe(
        'https://www.instagram.com/oauth/authorize',
      );
      expect(authorize.searchParams.get('force_reauth')).toBe('true');
      expect(authorize.searchParams.get('client_id')).toBe('990602627938098');
      expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.server.url}/`);
      expect(authorize.searchParams.get('response_type')).toBe('code');
      expect(authorize.searchParams.get('state')).toBe(String(ws!.id));
      expect(authorize.searchParams.get('scope')?.split(',')).toContain('instagram_business_basic');

      // Instagram sends the creator back with a code: the app hands it to the server and tidies
      // the address. (This server has no Instagram token exchange yet, so it answers an error.)
      await page.goto(`/?code=AQBe2e-code&state=${ws!.id}#_`);
      const banner = page.getByTestId('workspace-banner');
      await banner.waitFor();
      expect(await banner.locator('p').innerText()).toMatch(/^Instagram linking failed: .+\.$/);
      await expect.poll(() => new URL(page.url()).search).toBe('');
      expect(new URL(page.url()).hash).toBe('');
      await photograph(page, 'workspace-instagram-return');
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors.filter((e) => !e.includes('instagram.com'))).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('Instagram through Facebook', () => {
  const app = useServerAndBrowser({
    env: {
      YOUTUBE_FALLBACK: 'none',
      FACEBOOK_APP_ID: '1234567890123',
      FACEBOOK_APP_SECRET: 'e2e-facebook-secret',
    },
  });

  it('opens Facebook Login with the Page and Instagram permissions and says why linking stopped', async () => {
    const { context, page, pageErrors } = await newPage(app.browser, { baseURL: app.server.url });
    try {
      // Meta's SDK, replaced by a stand-in whose login is declined (tests stay on 127.0.0.1).
      await page.route('https://connect.facebook.net/**', (route) =>
        route.fulfill({
          contentType: 'text/javascript',
          body: `window.FB = {
            init() {},
            getLoginStatus(cb) { cb({ status: 'unknown' }); },
            login(cb, options) { window.__fbLogin = options; cb({ status: 'not_authorized' }); },
          };`,
        }),
      );
      const card = await signUpWithWorkspace(page, 'facebook-instagram');

      await card.getByRole('button', { name: 'Link Instagram' }).click();
      const banner = page.getByTestId('instagram-connect-banner');
      await banner.waitFor();
      expect(await banner.locator('p').innerText()).toBe(
        'Facebook login was not completed. Status: not_authorized.',
      );
      const options = await page.evaluate(
        () => (window as unknown as { __fbLogin: { scope: string; auth_type: string } }).__fbLogin,
      );
      expect(options.auth_type).toBe('rerequest');
      expect(options.scope.split(',')).toEqual(
        expect.arrayContaining(['pages_show_list', 'instagram_basic', 'instagram_manage_comments']),
      );
      await photograph(page, 'workspace-facebook-connect');
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
