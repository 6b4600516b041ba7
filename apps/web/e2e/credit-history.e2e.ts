import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  creditsShown,
  launchBrowser,
  newPage,
  seriousViolations,
  signUp,
  uniqueEmail,
  startServer,
  viewportScreenshot,
} from './support';
import type { RunningServer } from './support';

// The credit history in Chromium against the real server: a new account's welcome credits and an
// analysis with the file comment source (apps/web/e2e/fixtures) show with the right numbers.

const LEMON = 'k3TnLmVq8Ra'; // 100 comments; its meta says the video has 4,812
const TITLE = 'One-Pan Lemon Garlic Chicken in 30 Minutes';

const historyDialog = (page: Page) => page.getByRole('dialog', { name: 'Credit history' });

/** Each line as the creator reads it: description, amount (sign included), balance after. */
async function lines(page: Page) {
  return page.getByTestId('credit-line').evaluateAll((els) =>
    els.map((el) => ({
      description: el.querySelector('[data-testid="credit-line-description"]')!.textContent,
      amount: el.querySelector('[data-testid="credit-line-amount"] [aria-hidden="true"]')!
        .textContent,
      spoken: el.querySelector('[data-testid="credit-line-amount"] .sr-only')!.textContent,
      balance: el.querySelector('[data-testid="credit-line-balance"]')!.textContent,
      colour: getComputedStyle(el.querySelector('[data-testid="credit-line-amount"]')!).color,
    })),
  );
}

describe('credit history', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page, pageErrors } = await newPage(browser, { baseURL: server.url }));
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('after sign-up and one analysis it shows the welcome credits, the hold and what came back', async () => {
    await page.goto('/');
    await signUp(page, uniqueEmail('history'));
    await expect.poll(() => creditsShown(page)).toBe('3');

    // Before any analysis: one line.
    await page.getByTestId('credits-pill').click();
    await historyDialog(page).waitFor();
    await page.getByTestId('credit-line').first().waitFor();
    expect((await lines(page)).map((l) => [l.description, l.amount, l.balance])).toEqual([
      ['Welcome credits', '+3', 'Balance 3'],
    ]);
    await page.keyboard.press('Escape');
    await historyDialog(page).waitFor({ state: 'detached' });

    await page.getByLabel('YouTube video link').fill(`https://www.youtube.com/watch?v=${LEMON}`);
    await page.getByRole('button', { name: 'Analyze Comments' }).click();
    await page.getByTestId('confirm-analyze').click();
    await page
      .locator(`[data-testid="report"][data-video-id="${LEMON}"]`)
      .waitFor({ timeout: 120_000 });
    // 3 credits held (the video says 4,812 comments, the balance covers 300); 100 analysed cost 1
    await expect.poll(() => creditsShown(page), { timeout: 30_000 }).toBe('2');

    // The keyboard way in: the pill is a button named by its text first.
    const pill = page.getByRole('button', { name: '2 credits: credit history' });
    await pill.focus();
    await page.keyboard.press('Enter');
    await historyDialog(page).waitFor();
    await page.getByTestId('credit-line').nth(2).waitFor();
    const shown = await lines(page);
    expect(shown.map((l) => [l.description, l.amount, l.spoken, l.balance])).toEqual([
      [
        `Analysis of “${TITLE}” finished: 1 credit used, 2 credits returned (fewer comments than reserved)`,
        '+2',
        '2 credits added',
        'Balance 2',
      ],
      [`Analysis of “${TITLE}”: 3 credits held`, '−3', '3 credits deducted', 'Balance 0'],
      ['Welcome credits', '+3', '3 credits added', 'Balance 3'],
    ]);
    // green for added, red for deducted (as well as the sign)
    expect(shown[0]!.colour).not.toBe(shown[1]!.colour);
    expect(shown[0]!.colour).toBe(shown[2]!.colour);
    expect(
      await historyDialog(page).getByText('That is everything since you joined.').count(),
    ).toBe(1);
    // one "View report", on the finished analysis
    expect(await historyDialog(page).getByRole('button', { name: 'View report' }).count()).toBe(1);

    expect(await seriousViolations(page)).toEqual([]);
    for (const theme of ['dark', 'light'] as const) {
      const current = await page.evaluate(() =>
        document.documentElement.getAttribute('data-theme'),
      );
      if (current !== theme) {
        // the theme toggle is behind the modal: switch it the way a stored choice would
        await page.evaluate((t) => {
          localStorage.setItem('theme', t);
          document.documentElement.setAttribute('data-theme', t);
        }, theme);
      }
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        await page.setViewportSize(viewport);
        await viewportScreenshot(page, `credit-history-${theme}-${label}`);
        expect(await seriousViolations(page), `${theme} ${label}`).toEqual([]);
      }
    }
    await page.setViewportSize(DESKTOP);

    // Tab and Shift+Tab stay inside the dialog (Close, View report).
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await page.keyboard.press(key);
      const inside = await page.evaluate(() =>
        document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-modal'),
      );
      expect(inside, key).toBe('true');
    }
    // Escape gives focus back to the pill.
    await page.keyboard.press('Escape');
    await historyDialog(page).waitFor({ state: 'detached' });
    expect(await pill.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(pageErrors).toEqual([]);
  });

  it('opens from the plans modal too, and View report shows that analysis', async () => {
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByTestId('plan-button').click();
    const plans = page.getByRole('dialog', { name: 'Choose Your Plan' });
    await plans.getByRole('button', { name: 'Credit history' }).waitFor();
    await page.setViewportSize(MOBILE);
    await plans.getByRole('button', { name: 'Credit history' }).scrollIntoViewIfNeeded();
    await viewportScreenshot(page, 'credit-history-plans-entry-mobile');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'credit-history-plans-entry-desktop');
    await plans.getByRole('button', { name: 'Credit history' }).click();
    await historyDialog(page).waitFor();
    expect(await plans.count()).toBe(0);
    await historyDialog(page).getByRole('button', { name: 'View report' }).click();
    await historyDialog(page).waitFor({ state: 'detached' });
    await page.locator(`[data-testid="report"][data-video-id="${LEMON}"]`).waitFor();
    expect(pageErrors).toEqual([]);
  });
  it('a failure says why and Try again loads the history', async () => {
    const failing = '**/api/v1/billing/history**';
    await page.route(failing, (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'The server is busy. Please try again in a minute.',
          code: 'unavailable',
        }),
      }),
    );
    // A fresh page: nothing loaded before, so the failure replaces the list.
    await page.reload();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await page.getByTestId('credits-pill').click();
    const alert = historyDialog(page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'Could not load your credit history: The server is busy. Please try again in a minute.',
    );
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      await viewportScreenshot(page, `credit-history-error-${label}`);
    }
    await page.setViewportSize(DESKTOP);
    await page.unroute(failing);
    await historyDialog(page).getByRole('button', { name: 'Try again' }).click();
    await page.getByTestId('credit-line').nth(2).waitFor();
    expect(await historyDialog(page).getByRole('alert').count()).toBe(0);
    await page.keyboard.press('Escape');

    // Opened again while the server fails: the lines loaded before stay, and it says so.
    await page.route(failing, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Busy."}' }),
    );
    await page.getByTestId('credits-pill').click();
    const stale = historyDialog(page).getByTestId('credit-history-refresh-error');
    await stale.waitFor();
    expect(await page.getByTestId('credit-line').count()).toBe(3);
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'credit-history-refresh-error-mobile');
    await page.setViewportSize(DESKTOP);
    await page.unroute(failing);
    await page.keyboard.press('Escape');
  });
});
