import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type {
  BatchAnalyzeReply,
  ChannelSearchResult,
  JobStatusReply,
  NotificationsReply,
  ReportReply,
  WorkspaceInsightsReply,
} from '@app/contracts';
import { apiGet, fixturesCommentsDir, photograph, seriousViolations, useAppPage } from './support';

// The channel over time in Chromium against the real server. The server reads a copy of the
// fixtures folder: Hollowbrook Kitchen (three invented videos with publication dates) and the
// Larkspur Garden Club (fixtures/questions-inbox: two videos, "how often to water the seedlings"
// asked under both, the channel's own reply under the second). A creator links the kitchen
// channel, adds an alert rule, analyses the three videos, gets the notification behind the bell,
// reads the Insights tab, answers and dismisses questions in the inbox and turns auto-analysis on;
// then a garden workspace shows one question merged across two videos.

const KITCHEN = 'Hollowbrook Kitchen';
/** The kitchen channel's videos in publication order (each meta.json's published_at). */
const VIDEOS = ['k3TnLmVq8Ra', 'Sd7wQy2Rb5M', 'Hx9KnfE4cUz'];
const KNIFE_VIDEO = 'Hx9KnfE4cUz'; // 12 comments, one credit, several questions
const KNIFE_TITLE = 'Knife Skills for Beginners: Five Cuts to Learn First';
const GARDEN_DIR = path.join(fixturesCommentsDir, 'questions-inbox');
const GARDEN_VIDEOS = ['Lk4pGdn01Aa', 'Lk4pGdn02Bb'];

/** Copies every video file (`.csv`, `.meta.json`) of `from` into `to`. */
function copyVideos(from: string, to: string): void {
  for (const f of readdirSync(from))
    if (/\.(csv|meta\.json)$/.test(f)) copyFileSync(path.join(from, f), path.join(to, f));
}

/** A new upload of the kitchen channel: the fixtures' comments under a new id, published now. */
function upload(dir: string, id: string, title: string, from: string, comments: number): void {
  copyFileSync(path.join(fixturesCommentsDir, `${from}.csv`), path.join(dir, `${id}.csv`));
  writeFileSync(
    path.join(dir, `${id}.meta.json`),
    JSON.stringify({
      title,
      channel_title: KITCHEN,
      comment_count: comments,
      published_at: new Date().toISOString(),
    }),
  );
}

const percent = (n: number, total: number) => (total <= 0 ? 0 : Math.round((100 * n) / total));

const mediaCard = (page: Page, scope: string, id: string) =>
  page.getByTestId(scope).locator(`[data-testid="media-card"][data-id="${id}"]`);

const inboxCount = (page: Page, state: string) =>
  page.getByTestId(`inbox-count-${state}`).innerText();

/**
 * `photograph`'s screenshots of `name`, each after an axe scan of what it shows; `show` brings
 * back what a click on the theme toggle closed.
 */
async function look(
  page: Page,
  name: string,
  show: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  await photograph(page, name, async () => {
    await show();
    const theme = await page.evaluate(() => document.documentElement.dataset.theme);
    const where = `${name} ${theme} ${page.viewportSize()?.width}px`;
    expect(await seriousViolations(page), where).toEqual([]);
  });
}

describe('the channel over time', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'chorus-e2e-channel-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const app = useAppPage({
    env: () => {
      copyVideos(fixturesCommentsDir, dir);
      copyVideos(GARDEN_DIR, dir);
      // three kitchen videos (3 credits), two garden ones (2) and one new upload (1)
      return Promise.resolve({ COMMENTS_DIR: dir, YOUTUBE_FALLBACK: 'none', SIGNUP_CREDITS: '10' });
    },
    signUp: 'channel',
  });

  async function api<T>(method: string, p: string, body?: unknown): Promise<T> {
    const res = await fetch(`${app.server.url}/api/v1${p}`, {
      method,
      headers: {
        authorization: `Bearer ${app.token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${await res.text()}`);
    return (await res.json()) as T;
  }

  /** A workspace on the channel that `query` finds. */
  async function workspaceOn(name: string, query: string): Promise<number> {
    const { id } = await api<{ id: number }>('POST', '/workspaces', { name });
    const [channel] = await api<ChannelSearchResult[]>(
      'GET',
      `/youtube/search/channels?q=${encodeURIComponent(query)}`,
    );
    await api('POST', `/workspaces/${id}/link-channel`, { channel_id: channel!.channelId });
    return id;
  }

  /** Analyses the videos as the workspace's batch and waits until every job completed. */
  async function analyseInWorkspace(workspaceId: number, videoIds: string[]): Promise<void> {
    const batch = await api<BatchAnalyzeReply>('POST', '/analyses/batch', {
      video_ids: videoIds,
      workspace_id: workspaceId,
    });
    for (const job of batch.jobs) {
      expect(job.error).toBeNull();
      const deadline = Date.now() + 120_000;
      let status = 'pending';
      while (status !== 'complete' && status !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 300));
        status = (await api<JobStatusReply>('GET', `/status/${job.job_id}`)).status;
      }
      expect(status).toBe('complete');
    }
  }

  it('links the channel, alerts, analyses three videos, reads insights, works the inbox and auto-analyses', async () => {
    const { page, pageErrors } = app;
    const bell = page.getByTestId('notifications-bell');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // A workspace with the folder's channel and its three videos added.
    await page.getByRole('button', { name: 'Workspace', exact: true }).click();
    await page.getByLabel('New workspace name').fill('Hollowbrook');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await page.getByTestId('workspace-card').getByText('Active').waitFor();
    await page.getByRole('combobox', { name: 'Search YouTube channels' }).fill('hollowbrook');
    await page.getByTestId('channel-option').first().click();
    for (const id of VIDEOS) {
      const card = mediaCard(page, 'catalogue', id);
      await card.waitFor();
      await card.getByRole('button').click();
    }
    await page.getByRole('button', { name: 'Add to Workspace' }).click();
    for (const id of VIDEOS) await mediaCard(page, 'workspace-videos', id).waitFor();

    // The detail screen holds the alert rules.
    await page.getByRole('button', { name: 'Open posts and reports' }).click();
    const workspaceId = Number(/\/workspaces\/(\d+)/.exec(page.url())?.[1]);
    expect(workspaceId).toBeGreaterThan(0);
    const rules = page.getByTestId('alert-rules');
    await rules.getByTestId('alert-rules-empty').waitFor();
    await rules.getByLabel('Watch').selectOption('question_count');
    const threshold = rules.getByLabel('At least');
    // a threshold that does not fit is refused with a reason
    await threshold.fill('0');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    expect(await rules.getByTestId('alert-rules-error').innerText()).toBe(
      'A question count threshold is a whole number from 1 to 100,000.',
    );
    await threshold.fill('1');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    const rule = rules.getByTestId('alert-rule');
    await rule.waitFor();
    expect(await rule.locator('.alert-rule-text').innerText()).toBe(
      'At least 1 question to answer',
    );
    expect(await rules.getByTestId('alert-rules-error').count()).toBe(0);
    // off and on again
    const on = rule.getByRole('checkbox', { name: 'On' });
    await on.uncheck();
    await expect.poll(() => rule.getAttribute('class')).toContain('off');
    await on.check();
    await expect.poll(() => rule.getAttribute('class')).not.toContain('off');
    await look(page, 'alert-rules', () => rules.scrollIntoViewIfNeeded());

    // The knife video analysed from the workspace fires the rule.
    await mediaCard(page, 'tab-youtube', KNIFE_VIDEO).getByRole('button').click();
    await page.getByRole('button', { name: 'Analyze selected' }).click();
    await page.getByTestId('confirm-analyze').click();
    await page
      .locator('[data-testid="workspace-job"][data-state="complete"]')
      .waitFor({ timeout: 120_000 });

    // The bell counts it (refreshed when the job finished, else by the minute's poll).
    await expect
      .poll(() => bell.getAttribute('aria-label'), { timeout: 90_000 })
      .toBe('Notifications, 1 unread');
    expect(await page.getByTestId('notifications-count').innerText()).toBe('1');
    const knife = await apiGet<ReportReply>(
      app.server.url,
      app.token,
      `/api/v1/report/${KNIFE_VIDEO}`,
    );
    const asked = knife.questions!.length;
    expect(asked).toBeGreaterThanOrEqual(1);

    await bell.click();
    const panel = page.getByTestId('notifications-panel');
    const item = panel.getByTestId('notification-item');
    await item.waitFor();
    expect(await item.locator('.bell-message').textContent()).toBe(
      `Unread: Questions to answer reached ${asked} (your alert: 1) on “${KNIFE_TITLE}” in Hollowbrook.`,
    );
    expect(await item.getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe(
      `/report/${KNIFE_VIDEO}?job=${knife.job_id}`,
    );
    await look(page, 'notifications-open', async () => {
      if ((await panel.count()) === 0) await bell.click();
      await item.waitFor();
    });

    // Escape closes the list and puts focus back on the bell.
    await item.getByRole('link', { name: 'Open report' }).focus();
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached' });
    expect(await bell.evaluate((el) => el === document.activeElement)).toBe(true);

    // Opening the report from the notification marks it read.
    await bell.click();
    await item.getByRole('link', { name: 'Open report' }).click();
    await page.locator(`[data-testid="report"][data-video-id="${KNIFE_VIDEO}"]`).waitFor();
    await expect.poll(() => bell.getAttribute('aria-label')).toBe('Notifications');

    // One analysed video is not enough for insights.
    await page.goto(`/workspaces/${workspaceId}?tab=insights`);
    await page.getByTestId('insights-empty').waitFor();
    expect(await page.getByTestId('insights-empty').innerText()).toContain('at least two');

    // The other two videos; the rule does not fire again within 6 hours. The chicken video comes
    // last: its meta counts 4,812 comments, so its job holds every credit left until it settles.
    await analyseInWorkspace(workspaceId, ['Sd7wQy2Rb5M', 'k3TnLmVq8Ra']);
    const stored = await apiGet<NotificationsReply>(
      app.server.url,
      app.token,
      '/api/v1/notifications',
    );
    expect(stored.unread_count).toBe(0);
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]!.read_at).not.toBeNull();

    // Insights: three points per line, one per video.
    await page.reload();
    await page.getByTestId('insights').waitFor();
    await page.getByTestId('chart-sentiment').waitFor();
    expect(
      await page.getByTestId('chart-sentiment').locator('g[data-series="positive"] circle').count(),
    ).toBe(3);
    expect(await page.getByTestId('chart-volume').locator('rect.ins-bar').count()).toBe(3);
    await look(page, 'insights-charts');

    // The table view of the charts holds the reports' numbers.
    await page.getByTestId('insights-table-toggle').click();
    const table = page.getByTestId('insights-table');
    await table.waitFor();
    const insights = await apiGet<WorkspaceInsightsReply>(
      app.server.url,
      app.token,
      `/api/v1/workspaces/${workspaceId}/insights`,
    );
    expect(insights.videos.map((v) => v.video_id)).toEqual(VIDEOS);
    for (const videoId of VIDEOS) {
      const report = await apiGet<ReportReply>(
        app.server.url,
        app.token,
        `/api/v1/report/${videoId}`,
      );
      const row = table.locator(`tr[data-video="${videoId}"]`);
      const cell = async (col: string) =>
        (await row.locator(`td[data-col="${col}"]`).innerText()).trim();
      const c = report.report.sentiment.counts;
      const total = c.positive + c.neutral + c.negative;
      // The report's own score ("72% positive") and the table agree.
      expect(await cell('positive')).toBe(`${percent(c.positive, total)}%`);
      expect(await cell('negative')).toBe(`${percent(c.negative, total)}%`);
      expect(await cell('comments')).toBe(report.report.analysed_comments.toLocaleString('en-US'));
      let criticism = 0;
      let all = 0;
      for (const cluster of report.report.clusters) {
        criticism += cluster.intent_counts.Criticism ?? 0;
        all += Object.values(cluster.intent_counts).reduce((a, b) => a + (b ?? 0), 0);
      }
      expect(await cell('Criticism')).toBe(`${percent(criticism, all)}%`);
    }
    await look(page, 'insights-table');

    // Since the last video: the knife video against the sourdough one.
    const s = insights.since_last!;
    expect(await page.getByTestId('since-criticism').innerText()).toContain(
      `${s.criticism.previous_percent}% → ${s.criticism.percent}%`,
    );
    await page
      .getByTestId('since-last')
      .getByRole('button', { name: /Knife Skills/ })
      .first()
      .click();
    await page.locator(`[data-testid="report"][data-video-id="${KNIFE_VIDEO}"]`).waitFor();

    // The questions inbox, from the workspace detail: answer one, dismiss another.
    await page.goto(`/workspaces/${workspaceId}`);
    await page.getByTestId('ws-questions-link').click();
    await page.getByRole('heading', { name: 'Questions', level: 1 }).waitFor();
    const cards = page.getByTestId('inbox-question');
    await cards.first().waitFor();
    const text = (card: ReturnType<Page['getByTestId']>) =>
      card.getByTestId('inbox-question-text').innerText();
    const openBefore = Number(await inboxCount(page, 'open'));
    const answeredBefore = Number(await inboxCount(page, 'answered'));
    expect(openBefore).toBeGreaterThanOrEqual(2);
    expect(await inboxCount(page, 'dismissed')).toBe('0');
    await look(page, 'questions-inbox-open');

    const answered = await text(cards.first());
    await cards.first().getByTestId('question-answer').click();
    await page.getByTestId('inbox-notice').waitFor();
    await expect.poll(() => inboxCount(page, 'answered')).toBe(String(answeredBefore + 1));
    expect(await inboxCount(page, 'open')).toBe(String(openBefore - 1));
    expect(await cards.getByTestId('inbox-question-text').allInnerTexts()).not.toContain(answered);

    const dismissed = await text(cards.first());
    await cards.first().getByTestId('question-dismiss').click();
    await expect.poll(() => inboxCount(page, 'dismissed')).toBe('1');
    expect(await inboxCount(page, 'open')).toBe(String(openBefore - 2));

    // The filters: each question moved to its own.
    await page.getByTestId('inbox-tab-answered').click();
    await expect.poll(() => page.url()).toContain('status=answered');
    await expect.poll(() => cards.count()).toBe(answeredBefore + 1);
    expect(await cards.getByTestId('inbox-question-text').allInnerTexts()).toContain(answered);
    await page.getByTestId('inbox-tab-dismissed').click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await text(cards.first())).toBe(dismissed);
    await look(page, 'questions-inbox-dismissed');

    // Reopened, the dismissed filter is empty.
    await cards.first().getByTestId('question-reopen').click();
    await page.getByTestId('inbox-empty').waitFor();
    expect(await inboxCount(page, 'dismissed')).toBe('0');
    expect(await page.getByTestId('inbox-empty').innerText()).toBe('Nothing dismissed.');
    expect(await page.title()).toBe('Questions — Chorus');

    // Auto-analysis with a monthly cap.
    await page.goto(`/workspaces/${workspaceId}`);
    const auto = page.getByTestId('auto-analysis');
    await auto.getByRole('switch', { name: 'Analyse new uploads automatically' }).click();
    await auto.getByText('Auto-analysis is on.').waitFor();
    await auto.getByLabel('Monthly credit cap').fill('2');
    await auto.getByRole('button', { name: 'Save cap' }).click();
    await auto.getByText('Auto-analysis is on, up to 2 credits a month.').waitFor();

    // Two new uploads: 100 comments (1 credit) fit the cap; 300 (3 credits) do not.
    upload(dir, 'newKitchen1', 'Ten-Minute Tomato Soup', 'Sd7wQy2Rb5M', 100);
    upload(dir, 'newKitchen2', 'Three Breads, One Dough', 'k3TnLmVq8Ra', 300);
    await auto.getByRole('button', { name: 'Check for new uploads' }).click();
    await auto.getByText('Checked for new uploads.').waitFor();
    const items = auto.getByTestId('auto-items');
    await items.getByText('Held back · monthly cap reached').waitFor();
    // The analysis runs in the background; the list says so once the page is loaded again.
    for (let i = 0; i < 60 && (await items.locator('[data-state="analysed"]').count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await items.waitFor();
    }
    expect(
      await items
        .locator('li')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')).sort()),
    ).toEqual(['analysed', 'held_back']);
    expect(await page.getByTestId('auto-spend').innerText()).toMatch(/This month: 1 of 2 credits/);
    await look(page, 'auto-analysis', () => auto.scrollIntoViewIfNeeded());
    expect(pageErrors).toEqual([]);
  }, 600_000);

  it('merges a question asked under two videos; the channel’s own reply counts as answered', async () => {
    const { page, pageErrors } = app;
    const workspaceId = await workspaceOn('Garden', 'larkspur');
    await analyseInWorkspace(workspaceId, GARDEN_VIDEOS);
    await page.goto(`/workspaces/${workspaceId}`);
    await page.getByTestId('ws-questions-link').click();
    await page.getByRole('heading', { name: 'Questions', level: 1 }).waitFor();
    const cards = page.getByTestId('inbox-question');
    await cards.first().waitFor();

    const water = cards.filter({ hasText: /how often/i });
    expect(await water.count()).toBe(1);
    // asked 3 times under each video: one question, both videos linked to their reports
    expect(await water.getByTestId('inbox-question-count').innerText()).toBe(
      'Asked 6 times under 2 videos',
    );
    const links = water.getByTestId('inbox-video');
    expect(await links.allInnerTexts()).toEqual(
      expect.arrayContaining([
        'Starting Tomatoes from Seed on a Windowsill',
        'Potting Up Tomato Seedlings',
      ]),
    );
    expect(await links.first().getAttribute('href')).toMatch(
      /^\/report\/Lk4pGdn0[12][AB][ab]\?job=/,
    );
    // the most asked question comes first
    expect(await cards.first().getByTestId('inbox-question-text').innerText()).toMatch(
      /how often/i,
    );
    await water.getByRole('button', { name: 'Show comments' }).click();
    expect(await water.getByTestId('inbox-examples').locator('li').count()).toBe(3);
    await look(page, 'questions-inbox-merged');

    // the stem question was answered by the channel under the second video
    expect(await inboxCount(page, 'answered')).toBe('1');
    await page.getByTestId('inbox-tab-answered').click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getByTestId('inbox-question-text').innerText()).toMatch(/stem/i);
    expect(await page.getByTestId('inbox-replied').count()).toBe(1);
    expect(pageErrors).toEqual([]);
  }, 300_000);
});
