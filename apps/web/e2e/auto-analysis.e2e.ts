import { copyFileSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { ChannelSearchResult, Workspace } from '@app/contracts';
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

// Auto-analysis offline: the server reads a copy of the fixtures folder (one channel's videos with
// their publication dates); a creator turns auto-analysis on with a cap, a newer video file lands in
// the folder, and "Check for new uploads" analyses it while the cap holds a bigger one back.

const CHANNEL = 'Hollowbrook Kitchen';

/** A new upload: the fixtures' comments under a new id, published now. */
function upload(dir: string, id: string, title: string, from: string, comments: number): void {
  copyFileSync(path.join(fixturesCommentsDir, `${from}.csv`), path.join(dir, `${id}.csv`));
  writeFileSync(
    path.join(dir, `${id}.meta.json`),
    JSON.stringify({
      title,
      channel_title: CHANNEL,
      comment_count: comments,
      published_at: new Date().toISOString(),
    }),
  );
}

async function api<T>(
  server: RunningServer,
  token: string,
  method: string,
  p: string,
  body?: object,
) {
  const res = await fetch(`${server.url}/api/v1${p}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(res.status, await res.clone().text()).toBeLessThan(300);
  return (await res.json()) as T;
}

describe('auto-analysis of new uploads', () => {
  let dir: string;
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'chorus-e2e-channel-'));
    for (const f of readdirSync(fixturesCommentsDir))
      if (/\.(csv|meta\.json)$/.test(f))
        copyFileSync(path.join(fixturesCommentsDir, f), path.join(dir, f));
    server = await startServer({ env: { COMMENTS_DIR: dir, YOUTUBE_FALLBACK: 'none' } });
    browser = await launchBrowser();
    ({ context, page, pageErrors } = await newPage(browser, { baseURL: server.url }));
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('turns auto-analysis on with a cap and shows what the next sync analysed and held back', async () => {
    await page.goto('/');
    await signUp(page, uniqueEmail('auto'));
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const w = await api<Workspace>(server, token, 'POST', '/workspaces', { name: 'Kitchen' });
    const [channel] = await apiGet<ChannelSearchResult[]>(
      server.url,
      token,
      `/api/v1/youtube/search/channels?q=${encodeURIComponent(CHANNEL)}`,
    );
    await api(server, token, 'POST', `/workspaces/${w.id}/link-channel`, {
      channel_id: channel!.channelId,
    });

    await page.goto(`/workspaces/${w.id}`);
    const panel = page.getByTestId('auto-analysis');
    await panel.getByRole('switch', { name: 'Analyse new uploads automatically' }).click();
    await panel.getByText('Auto-analysis is on.').waitFor();
    await panel.getByLabel('Monthly credit cap').fill('2');
    await panel.getByRole('button', { name: 'Save cap' }).click();
    await panel.getByText('Auto-analysis is on, up to 2 credits a month.').waitFor();

    // Two new uploads: 100 comments (1 credit) fit the cap; 300 (3 credits) do not.
    upload(dir, 'newKitchen1', 'Ten-Minute Tomato Soup', 'Sd7wQy2Rb5M', 100);
    upload(dir, 'newKitchen2', 'Three Breads, One Dough', 'k3TnLmVq8Ra', 300);
    await panel.getByRole('button', { name: 'Check for new uploads' }).click();
    await panel.getByText('Checked for new uploads.').waitFor();
    const items = panel.getByTestId('auto-items');
    await items.getByText('Held back · monthly cap reached').waitFor();
    // The analysis runs in the background; the list says so once the page is loaded again.
    for (let i = 0; i < 60 && (await items.locator('[data-state="analysed"]').count()) === 0; i++) {
      await page.waitForTimeout(500);
      await page.reload();
      await items.waitFor();
    }
    expect(
      await page
        .getByTestId('auto-items')
        .locator('li')
        .evaluateAll((els) => els.map((el) => el.getAttribute('data-state')).sort()),
    ).toEqual(['analysed', 'held_back']);
    expect(await page.getByTestId('auto-spend').innerText()).toMatch(/This month: 1 of 2 credits/);

    await page.getByTestId('auto-analysis').scrollIntoViewIfNeeded();
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of ['dark', 'light'] as const) {
        await toggleTheme(page, theme);
        await page.getByTestId('auto-analysis').scrollIntoViewIfNeeded();
        expect(await seriousViolations(page)).toEqual([]);
        await screenshot(page, `auto-analysis-${theme}-${label}`);
      }
    }
    expect(pageErrors).toEqual([]);
  });
});
