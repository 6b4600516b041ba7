import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  analyseVideo,
  creditsShown,
  seriousViolations,
  signUp,
  uniqueEmail,
  useAppPage,
  viewportScreenshot,
} from './support';

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
  const app = useAppPage({ reducedMotion: true });

  it('after sign-up and one analysis it shows the welcome credits, the hold and what came back', async () => {
    await app.page.goto('/');
    await signUp(app.page, uniqueEmail('history'));
    await expect.poll(() => creditsShown(app.page)).toBe('3');

    // Before any analysis: one line.
    await app.page.getByTestId('credits-pill').click();
    await historyDialog(app.page).waitFor();
    await app.page.getByTestId('credit-line').first().waitFor();
    expect((await lines(app.page)).map((l) => [l.description, l.amount, l.balance])).toEqual([
      ['Welcome credits', '+3', 'Balance 3'],
    ]);
    await app.page.keyboard.press('Escape');
    await historyDialog(app.page).waitFor({ state: 'detached' });

    await analyseVideo(app.page, LEMON);
    // 3 credits held (the video says 4,812 comments, the balance covers 300); 100 analysed cost 1
    await expect.poll(() => creditsShown(app.page), { timeout: 30_000 }).toBe('2');

    // The keyboard way in: the pill is a button named by its text first.
    const pill = app.page.getByRole('button', { name: '2 credits: credit history' });
    await pill.focus();
    await app.page.keyboard.press('Enter');
    await historyDialog(app.page).waitFor();
    await app.page.getByTestId('credit-line').nth(2).waitFor();
    const shown = await lines(app.page);
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
      await historyDialog(app.page).getByText('That is everything since you joined.').count(),
    ).toBe(1);
    // one "View report", on the finished analysis
    expect(await historyDialog(app.page).getByRole('button', { name: 'View report' }).count()).toBe(
      1,
    );

    expect(await seriousViolations(app.page)).toEqual([]);
    for (const theme of ['dark', 'light'] as const) {
      const current = await app.page.evaluate(() =>
        document.documentElement.getAttribute('data-theme'),
      );
      if (current !== theme) {
        // the theme toggle is behind the modal: switch it the way a stored choice would
        await app.page.evaluate((t) => {
          localStorage.setItem('theme', t);
          document.documentElement.setAttribute('data-theme', t);
        }, theme);
      }
      for (const [label, viewport] of [
        ['desktop', DESKTOP],
        ['mobile', MOBILE],
      ] as const) {
        await app.page.setViewportSize(viewport);
        await viewportScreenshot(app.page, `credit-history-${theme}-${label}`);
        expect(await seriousViolations(app.page), `${theme} ${label}`).toEqual([]);
      }
    }
    await app.page.setViewportSize(DESKTOP);

    // Tab and Shift+Tab stay inside the dialog (Close, View report).
    for (const key of ['Tab', 'Tab', 'Tab', 'Shift+Tab', 'Shift+Tab', 'Shift+Tab']) {
      await app.page.keyboard.press(key);
      const inside = await app.page.evaluate(() =>
        document.activeElement?.closest('[role="dialog"]')?.getAttribute('aria-modal'),
      );
      expect(inside, key).toBe('true');
    }
    // Escape gives focus back to the pill.
    await app.page.keyboard.press('Escape');
    await historyDialog(app.page).waitFor({ state: 'detached' });
    expect(await pill.evaluate((el) => el === document.activeElement)).toBe(true);
    expect(app.pageErrors).toEqual([]);
  });

  it('opens from the plans modal too, and View report shows that analysis', async () => {
    await app.page.goto('/');
    await app.page.getByRole('button', { name: 'Sign out' }).waitFor();
    await app.page.getByTestId('plan-button').click();
    const plans = app.page.getByRole('dialog', { name: 'Choose Your Plan' });
    await plans.getByRole('button', { name: 'Credit history' }).waitFor();
    await app.page.setViewportSize(MOBILE);
    await plans.getByRole('button', { name: 'Credit history' }).scrollIntoViewIfNeeded();
    await viewportScreenshot(app.page, 'credit-history-plans-entry-mobile');
    await app.page.setViewportSize(DESKTOP);
    await viewportScreenshot(app.page, 'credit-history-plans-entry-desktop');
    await plans.getByRole('button', { name: 'Credit history' }).click();
    await historyDialog(app.page).waitFor();
    expect(await plans.count()).toBe(0);
    await historyDialog(app.page).getByRole('button', { name: 'View report' }).click();
    await historyDialog(app.page).waitFor({ state: 'detached' });
    await app.page.locator(`[data-testid="report"][data-video-id="${LEMON}"]`).waitFor();
    expect(app.pageErrors).toEqual([]);
  });
  it('a failure says why and Try again loads the history', async () => {
    const failing = '**/api/v1/billing/history**';
    await app.page.route(failing, (route) =>
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
    await app.page.reload();
    await app.page.getByRole('button', { name: 'Sign out' }).waitFor();
    await app.page.getByTestId('credits-pill').click();
    const alert = historyDialog(app.page).getByRole('alert');
    await alert.waitFor();
    expect(await alert.innerText()).toBe(
      'Could not load your credit history: The server is busy. Please try again in a minute.',
    );
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await app.page.setViewportSize(viewport);
      await viewportScreenshot(app.page, `credit-history-error-${label}`);
    }
    await app.page.setViewportSize(DESKTOP);
    await app.page.unroute(failing);
    await historyDialog(app.page).getByRole('button', { name: 'Try again' }).click();
    await app.page.getByTestId('credit-line').nth(2).waitFor();
    expect(await historyDialog(app.page).getByRole('alert').count()).toBe(0);
    await app.page.keyboard.press('Escape');

    // Opened again while the server fails: the lines loaded before stay, and it says so.
    await app.page.route(failing, (route) =>
      route.fulfill({ status: 503, contentType: 'application/json', body: '{"message":"Busy."}' }),
    );
    await app.page.getByTestId('credits-pill').click();
    const stale = historyDialog(app.page).getByTestId('credit-history-refresh-error');
    await stale.waitFor();
    expect(await app.page.getByTestId('credit-line').count()).toBe(3);
    await app.page.setViewportSize(MOBILE);
    await viewportScreenshot(app.page, 'credit-history-refresh-error-mobile');
    await app.page.setViewportSize(DESKTOP);
    await app.page.unroute(failing);
    await app.page.keyboard.press('Escape');
  });
});
