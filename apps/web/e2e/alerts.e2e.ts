import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import type { NotificationsReply, ReportReply } from '@app/contracts';
import {
  apiGet,
  launchBrowser,
  newPage,
  photograph,
  seriousViolations,
  signUp,
  startServer,
  uniqueEmail,
} from './support';
import type { RunningServer } from './support';

// Alerts in Chromium against the real server: a creator links the folder's channel (COMMENTS_DIR
// fixtures), adds an alert rule with a low threshold, analyses a video from the workspace and
// reads the notification behind the bell in the header.

const KNIFE_VIDEO = 'Hx9KnfE4cUz'; // 12 comments, one credit, several questions
const KNIFE_TITLE = 'Knife Skills for Beginners: Five Cuts to Learn First';

const mediaCard = (page: Page, scope: string, id: string) =>
  page.getByTestId(scope).locator(`[data-testid="media-card"][data-id="${id}"]`);

describe('alerts', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;
  let pageErrors: string[];
  let token: string;

  beforeAll(async () => {
    server = await startServer({ env: { YOUTUBE_FALLBACK: 'none' } });
    browser = await launchBrowser();
    ({ context, page, pageErrors } = await newPage(browser, { baseURL: server.url }));
    await page.goto('/');
    await signUp(page, uniqueEmail('alerts'));
    token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('a rule with a low threshold fires when a workspace analysis finishes; the bell shows it', async () => {
    const bell = page.getByTestId('notifications-bell');
    expect(await bell.getAttribute('aria-label')).toBe('Notifications');

    // A workspace with the folder's channel and the knife video added.
    await page.getByRole('button', { name: 'Workspace', exact: true }).click();
    await page.getByLabel('New workspace name').fill('Kitchen alerts');
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await page.getByTestId('workspace-card').getByText('Active').waitFor();
    await page.getByRole('combobox', { name: 'Search YouTube channels' }).fill('hollowbrook');
    await page.getByTestId('channel-option').first().click();
    const catalogueCard = mediaCard(page, 'catalogue', KNIFE_VIDEO);
    await catalogueCard.waitFor();
    await catalogueCard.getByRole('button').click();
    await page.getByRole('button', { name: 'Add to Workspace' }).click();
    await mediaCard(page, 'workspace-videos', KNIFE_VIDEO).waitFor();

    // The detail screen holds the alert rules.
    await page.getByRole('button', { name: 'Open posts and reports' }).click();
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
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'alert-rules', () => rules.scrollIntoViewIfNeeded());

    // Analyse the video from the workspace.
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
    const report = await apiGet<ReportReply>(server.url, token, `/api/v1/report/${KNIFE_VIDEO}`);
    const asked = report.questions!.length;
    expect(asked).toBeGreaterThanOrEqual(1);

    await bell.click();
    const panel = page.getByTestId('notifications-panel');
    const item = panel.getByTestId('notification-item');
    await item.waitFor();
    expect(await item.locator('.bell-message').textContent()).toBe(
      `Unread: Questions to answer reached ${asked} (your alert: 1) on “${KNIFE_TITLE}” in Kitchen alerts.`,
    );
    expect(await item.getByRole('link', { name: 'Open report' }).getAttribute('href')).toBe(
      `/report/${KNIFE_VIDEO}?job=${report.job_id}`,
    );
    expect(await seriousViolations(page)).toEqual([]);
    await photograph(page, 'notifications-open', async () => {
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
    const stored = await apiGet<NotificationsReply>(server.url, token, '/api/v1/notifications');
    expect(stored.unread_count).toBe(0);
    expect(stored.items).toHaveLength(1);
    expect(stored.items[0]!.read_at).not.toBeNull();
    expect(pageErrors).toEqual([]);
  });
});
