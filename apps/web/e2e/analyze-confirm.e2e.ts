import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnalysisHistoryItem } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  apiGet,
  creditsShown,
  freePort,
  seriousViolations,
  toggleTheme,
  useAppPage,
  viewportScreenshot,
} from './support';

// The price before the click, in Chromium against the real server: the file comment source for
// the fixture videos, and a YouTube Data API nobody answers for any other video (so it fails).

const LEMON = 'k3TnLmVq8Ra'; // 100 comments; its meta says the video has 4,812
const UNREACHABLE = 'zQ7mNp3Xw9L'; // no fixture: YouTube cannot be reached for it
const LINK = `https://www.youtube.com/watch?v=${LEMON}`;

const dialog = (page: Page) => page.getByRole('dialog');

/** Screenshots in both themes at desktop and phone sizes; `show` brings the view back each time. */
async function photograph(page: Page, name: string, show: () => Promise<void>): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    // the header's toggle is behind an open dialog: close it first (`show` opens it again)
    if ((await page.getByRole('dialog').count()) > 0) {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
    }
    await toggleTheme(page, theme);
    for (const [size, viewport] of [
      ['desktop', DESKTOP],
      ['phone', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await show();
      await viewportScreenshot(page, `${name}-${theme}-${size}`);
    }
  }
  await page.setViewportSize(DESKTOP);
}

describe('the price before the click', () => {
  const app = useAppPage({
    env: async () => ({
      YOUTUBE_FALLBACK: 'none',
      YOUTUBE_API_KEY: 'offline-test-key',
      YOUTUBE_API_BASE_URL: `http://127.0.0.1:${await freePort()}/youtube/v3`,
    }),
    reducedMotion: true,
    signUp: 'estimate',
  });

  const analyses = () =>
    apiGet<AnalysisHistoryItem[]>(app.server.url, app.token, '/api/v1/analyses');
  const balance = async () =>
    (await apiGet<{ credits_balance: number }>(app.server.url, app.token, '/api/v1/auth/me'))
      .credits_balance;
  const openDialog = async (link: string) => {
    await app.page.getByLabel('YouTube video link').fill(link);
    await app.page.getByRole('button', { name: 'Analyze Comments' }).click();
    await dialog(app.page).waitFor();
  };

  it('shows the exact price and what the balance covers, and spends nothing until confirmed', async () => {
    await expect.poll(() => creditsShown(app.page)).toBe('3');
    await openDialog(LINK);
    expect(await dialog(app.page).getAttribute('aria-modal')).toBe('true');
    expect(await app.page.getByRole('dialog', { name: 'Analyze this video?' }).count()).toBe(1);
    expect(await app.page.getByTestId('confirm-price').innerText()).toBe(
      '4,812 comments · 3 credits',
    );
    expect(await app.page.getByTestId('confirm-cover').innerText()).toBe(
      'Your 3 credits cover 300 of 4,812 comments.',
    );
    // the main action has the focus; Tab stays inside the dialog
    const pay = app.page.getByRole('button', { name: 'Analyze for 3 credits' });
    expect(await pay.evaluate((el) => el === document.activeElement)).toBe(true);
    for (let i = 0; i < 4; i++) await app.page.keyboard.press('Tab');
    expect(
      await app.page.evaluate(() => document.activeElement?.closest('[role="dialog"]') !== null),
    ).toBe(true);
    expect(await seriousViolations(app.page)).toEqual([]);
    await photograph(app.page, 'estimate-confirm', async () => {
      if ((await dialog(app.page).count()) === 0) await openDialog(LINK);
    });

    // Escape closes it: no job, no hold
    await app.page.keyboard.press('Escape');
    await dialog(app.page).waitFor({ state: 'detached' });
    expect(await analyses()).toEqual([]);
    expect(await balance()).toBe(3);
    expect(await creditsShown(app.page)).toBe('3');
  });

  it('holds the price shown once confirmed, and shows the progress card', async () => {
    // the progress card held at one state while it is photographed: no event stream (the client
    // polls instead) and a status that stays in the middle of clustering
    const held = (url: URL) => url.pathname.startsWith('/api/v1/status/');
    await app.page.route(held, (route) => {
      const parts = new URL(route.request().url()).pathname.split('/');
      if (parts.at(-1) === 'events')
        return route.fulfill({
          status: 404,
          json: { message: 'Not here.', code: 'not_found' },
        });
      return route.fulfill({
        json: {
          job_id: parts.at(-1),
          status: 'discovering',
          error: null,
          video_id: LEMON,
          progress_percent: 52,
          eta_seconds: 9,
          reserved_credits: 3,
        },
      });
    });
    try {
      await openDialog(LINK);
      // Enter presses the focused main action
      await app.page.keyboard.press('Enter');
      await app.page.getByTestId('progress').waitFor();
      await expect
        .poll(() => app.page.getByTestId('progress-step').innerText())
        .toBe('Discovering themes…');
      expect(await app.page.getByTestId('progress-percent').innerText()).toBe(
        '52% · about 9 s left',
      );
      await expect.poll(() => creditsShown(app.page)).toBe('0');
      await photograph(app.page, 'estimate-progress', async () => {
        await app.page.getByTestId('progress').scrollIntoViewIfNeeded();
      });
    } finally {
      await app.page.unroute(held);
    }
    await app.page
      .locator(`[data-testid="report"][data-video-id="${LEMON}"]`)
      .waitFor({ timeout: 120_000 });
    // 3 held; 100 comments analysed cost 1
    await expect.poll(() => creditsShown(app.page), { timeout: 30_000 }).toBe('2');
  });

  it('offers the report of a video analysed before, and Open report spends nothing', async () => {
    const before = await analyses();
    expect(before).toHaveLength(1);
    await app.page.getByRole('button', { name: 'Home' }).click();
    await openDialog(LINK);
    expect(await app.page.getByRole('dialog', { name: 'Analyze this video again?' }).count()).toBe(
      1,
    );
    expect(await app.page.getByTestId('confirm-cover').innerText()).toBe(
      'Your 2 credits cover 200 of 4,812 comments.',
    );
    expect(await app.page.getByTestId('confirm-last').innerText()).toMatch(
      /^You analyzed this video on .+\. Opening that report is free\.$/,
    );
    expect(
      await app.page.getByRole('button', { name: 'Analyze again for 2 credits' }).count(),
    ).toBe(1);
    const open = app.page.getByRole('button', { name: 'Open report' });
    expect(await open.evaluate((el) => el === document.activeElement)).toBe(true);
    await photograph(app.page, 'estimate-again', async () => {
      if ((await dialog(app.page).count()) === 0) await openDialog(LINK);
    });
    await open.click();
    await dialog(app.page).waitFor({ state: 'detached' });
    await app.page.locator(`[data-testid="report"][data-video-id="${LEMON}"]`).waitFor();
    expect(await balance()).toBe(2);
    expect(await creditsShown(app.page)).toBe('2');
    expect(await analyses()).toEqual(before);
  });

  it('shows the refunded balance and Failed as soon as an analysis fails', async () => {
    await openDialog(`https://youtu.be/${UNREACHABLE}`);
    // YouTube cannot say how many comments it has: the dialog says what is held at most
    expect(await app.page.getByTestId('confirm-price').innerText()).toBe(
      'YouTube does not say how many comments this has, so up to 2 credits are held for up to 200 comments.',
    );
    await app.page.getByRole('button', { name: 'Analyze for 2 credits' }).click();
    const error = app.page.getByTestId('url-error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.innerText()).toContain('could not reach YouTube');
    // the refund is in the header and the entry reads Failed, with no reload
    await expect.poll(() => creditsShown(app.page), { timeout: 2_000 }).toBe('2');
    const failed = app.page.locator(
      `[data-testid="history-item"][data-video-id="${UNREACHABLE}"][data-status="failed"]`,
    );
    await failed.waitFor({ timeout: 2_000 });
    expect(await failed.innerText()).toContain('Failed');
    expect(await balance()).toBe(2);
    // the card goes once the failure has been shown
    await app.page.getByTestId('progress').waitFor({ state: 'detached' });
    await photograph(app.page, 'estimate-failed', async () => {
      await failed.scrollIntoViewIfNeeded();
    });
    expect(app.pageErrors).toEqual([]);
  });
});
