import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { BatchAnalyzeReply, ChannelSearchResult, JobStatusReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  apiGet,
  fixturesCommentsDir,
  launchBrowser,
  newPage,
  screenshot,
  seriousViolations,
  signUp,
  startServer,
  toggleTheme,
  uniqueEmail,
} from './support';
import type { RunningServer } from './support';

// The questions inbox in Chromium against the real server, on an invented gardening channel of
// two videos (fixtures/questions-inbox): "how often to water the seedlings" is asked under both,
// and the channel replied under the second video's question about burying the stems.

const COMMENTS_DIR = path.join(fixturesCommentsDir, 'questions-inbox');
const VIDEOS = ['Lk4pGdn01Aa', 'Lk4pGdn02Bb'];

async function api<T>(
  server: RunningServer,
  token: string,
  method: string,
  p: string,
  body?: unknown,
) {
  const res = await fetch(`${server.url}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${p} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function photograph(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await toggleTheme(page, theme);
      expect(await seriousViolations(page), `${name} ${theme} ${label}`).toEqual([]);
      await screenshot(page, `${name}-${theme}-${label}`);
    }
  }
  await page.setViewportSize(DESKTOP);
}

const count = (page: Page, state: string) => page.getByTestId(`inbox-count-${state}`).innerText();

describe('questions inbox', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let token: string;
  let workspaceId: number;

  beforeAll(async () => {
    server = await startServer({ env: { YOUTUBE_FALLBACK: 'none', COMMENTS_DIR } });
    browser = await launchBrowser();
    ({ context, page, pageErrors } = await newPage(browser, { baseURL: server.url }));
    await page.goto('/');
    await signUp(page, uniqueEmail('inbox'));
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;

    // A workspace on the folder's channel, and its two videos analysed.
    workspaceId = (
      await api<{ id: number }>(server, token, 'POST', '/workspaces', { name: 'Garden' })
    ).id;
    const [channel] = await apiGet<ChannelSearchResult[]>(
      server.url,
      token,
      '/api/v1/youtube/search/channels?q=larkspur',
    );
    await api(server, token, 'POST', `/workspaces/${workspaceId}/link-channel`, {
      channel_id: channel!.channelId,
    });
    const batch = await api<BatchAnalyzeReply>(server, token, 'POST', '/analyses/batch', {
      video_ids: VIDEOS,
      workspace_id: workspaceId,
    });
    for (const job of batch.jobs) {
      expect(job.error).toBeNull();
      const deadline = Date.now() + 120_000;
      let status = 'pending';
      while (status !== 'complete' && status !== 'failed' && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 500));
        status = (await apiGet<JobStatusReply>(server.url, token, `/api/v1/status/${job.job_id}`))
          .status;
      }
      expect(status).toBe('complete');
    }
  }, 240_000);
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('lists the question asked under both videos once, then answers, dismisses and reopens', async () => {
    // from the workspace detail
    await page.goto(`/workspaces/${workspaceId}`);
    await page.getByTestId('ws-questions-link').click();
    await page.getByRole('heading', { name: 'Questions', level: 1 }).waitFor();
    await page.getByTestId('inbox-question').first().waitFor();

    const cards = page.getByTestId('inbox-question');
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
    // the stem question was answered by the channel under the second video
    expect(await count(page, 'answered')).toBe('1');
    const openBefore = Number(await count(page, 'open'));
    expect(openBefore).toBeGreaterThanOrEqual(2);

    await water.getByRole('button', { name: 'Show comments' }).click();
    expect(await water.getByTestId('inbox-examples').locator('li').count()).toBe(3);
    await photograph(page, 'questions-inbox-open');

    // mark the watering question answered
    await water.getByTestId('question-answer').click();
    await page.getByTestId('inbox-notice').waitFor();
    await expect.poll(() => count(page, 'answered')).toBe('2');
    expect(await count(page, 'open')).toBe(String(openBefore - 1));
    expect(await cards.filter({ hasText: /how often/i }).count()).toBe(0);

    // dismiss the next open one
    const next = cards.first();
    const dismissed = await next.getByTestId('inbox-question-text').innerText();
    await next.getByTestId('question-dismiss').click();
    await expect.poll(() => count(page, 'dismissed')).toBe('1');
    expect(await count(page, 'open')).toBe(String(openBefore - 2));

    // the tabs: answered holds the watering and the stem question, dismissed the other
    await page.getByTestId('inbox-tab-answered').click();
    await expect.poll(() => page.url()).toContain('status=answered');
    await expect.poll(() => cards.count()).toBe(2);
    expect(await page.getByTestId('inbox-replied').count()).toBe(1);
    await page.getByTestId('inbox-tab-dismissed').click();
    await expect.poll(() => cards.count()).toBe(1);
    expect(await cards.first().getByTestId('inbox-question-text').innerText()).toBe(dismissed);
    await photograph(page, 'questions-inbox-dismissed');

    // reopen it: the dismissed tab is empty
    await cards.first().getByTestId('question-reopen').click();
    await page.getByTestId('inbox-empty').waitFor();
    expect(await count(page, 'dismissed')).toBe('0');
    expect(await page.getByTestId('inbox-empty').innerText()).toBe('Nothing dismissed.');
    expect(await seriousViolations(page)).toEqual([]);
    expect(await page.title()).toBe('Questions — Chorus');
    expect(pageErrors).toEqual([]);
  });
});
