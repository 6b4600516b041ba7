import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChannelSearchReplySchema, ReportReply, WorkspaceInsightsReply } from '@app/contracts';
import type { z } from 'zod';
import {
  DESKTOP,
  MOBILE,
  apiGet,
  apiSignUp,
  launchBrowser,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  startServer,
  toggleTheme,
  uniqueEmail,
} from './support';
import type { RunningServer } from './support';

// The Insights tab in Chromium against the real server: a creator links the fixtures' channel
// (Hollowbrook Kitchen, three invented videos with publication dates), has its three videos
// analysed, and reads how the audience changed from one video to the next.

/** The channel's videos in publication order (each meta.json's published_at). */
const VIDEOS = ['k3TnLmVq8Ra', 'Sd7wQy2Rb5M', 'Hx9KnfE4cUz'];

async function api<T>(
  server: RunningServer,
  token: string,
  method: string,
  p: string,
  body?: unknown,
): Promise<T> {
  const res = await fetch(`${server.url}/api/v1${p}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function analyse(server: RunningServer, token: string, videoId: string): Promise<void> {
  const { job_id } = await api<{ job_id: string }>(
    server,
    token,
    'POST',
    `/analyze?video_id=${videoId}`,
  );
  for (;;) {
    const s = await api<{ status: string; error: string | null }>(
      server,
      token,
      'GET',
      `/status/${job_id}`,
    );
    if (s.status === 'complete') return;
    if (s.status === 'failed') throw new Error(`analysis of ${videoId} failed: ${s.error}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

const percent = (n: number, total: number) => (total <= 0 ? 0 : Math.round((100 * n) / total));

describe('workspace insights', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let token: string;
  let email: string;
  let workspaceId: number;

  beforeAll(async () => {
    server = await startServer({ env: { YOUTUBE_FALLBACK: 'none' } });
    browser = await launchBrowser();
    ({ context, page, pageErrors } = await newPage(browser, { baseURL: server.url }));
    email = uniqueEmail('insights');
    token = await apiSignUp(server.url, email);
    const channels = await api<z.infer<typeof ChannelSearchReplySchema>>(
      server,
      token,
      'GET',
      '/youtube/search/channels?q=Hollowbrook',
    );
    const workspace = await api<{ id: number }>(server, token, 'POST', '/workspaces', {
      name: 'Hollowbrook',
    });
    workspaceId = workspace.id;
    await api(server, token, 'POST', `/workspaces/${workspaceId}/link-channel`, {
      channel_id: channels[0]!.channelId,
    });
  }, 300_000);

  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('says what it needs before two videos are analysed', async () => {
    await analyse(server, token, VIDEOS[0]!);
    await page.goto('/');
    await signIn(page, email);
    await page.goto(`/workspaces/${workspaceId}?tab=insights`);
    await page.getByTestId('insights-empty').waitFor();
    expect(await page.getByTestId('insights-empty').innerText()).toContain('at least two');
  }, 120_000);

  it('shows the three analysed videos over time, as charts and as a table with the reports’ numbers', async () => {
    await analyse(server, token, VIDEOS[1]!);
    await analyse(server, token, VIDEOS[2]!);
    await page.reload();
    await page.getByTestId('insights').waitFor();
    await page.getByTestId('chart-sentiment').waitFor();
    // Three points per line: one per video.
    expect(
      await page.getByTestId('chart-sentiment').locator('g[data-series="positive"] circle').count(),
    ).toBe(3);
    expect(await page.getByTestId('chart-volume').locator('rect.ins-bar').count()).toBe(3);
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'insights-charts');

    await page.getByTestId('insights-table-toggle').click();
    const table = page.getByTestId('insights-table');
    await table.waitFor();
    const insights = await apiGet<WorkspaceInsightsReply>(
      server.url,
      token,
      `/api/v1/workspaces/${workspaceId}/insights`,
    );
    expect(insights.videos.map((v) => v.video_id)).toEqual(VIDEOS);
    for (const videoId of VIDEOS) {
      const report = await apiGet<ReportReply>(server.url, token, `/api/v1/report/${videoId}`);
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
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'insights-table');

    // Since the last video: the knife video against the sourdough one.
    const since = page.getByTestId('since-last');
    const s = insights.since_last!;
    expect(await page.getByTestId('since-criticism').innerText()).toContain(
      `${s.criticism.previous_percent}% → ${s.criticism.percent}%`,
    );
    await since
      .getByRole('button', { name: /Knife Skills/ })
      .first()
      .click();
    await page.locator('[data-testid="report"][data-video-id="Hx9KnfE4cUz"]').waitFor();
    expect(pageErrors).toEqual([]);
  }, 300_000);
});

/** Full-page screenshots `{name}-{dark,light}-{desktop,mobile}.png`. */
async function photograph(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await toggleTheme(page, theme);
      await screenshot(page, `${name}-${theme}-${label}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await toggleTheme(page, 'dark');
}
