import { describe, expect, it } from 'vitest';
import type { MeReply, ReportReply } from '@app/contracts';
import {
  MOBILE,
  analyseVideo,
  apiGet,
  newPage,
  screenshot,
  seriousViolations,
  setTheme,
  useAppPage,
} from './support';

// The comments set aside as spam, below the clusters, and "Not spam", in Chromium against the real
// server with the invented Hollowbrook Kitchen comments (their spam: a copy-pasted bot line and
// self-promotion).

const LEMON = 'k3TnLmVq8Ra';

describe('spam set aside in the report', () => {
  const app = useAppPage({ signUp: 'spam' });

  const report = () => apiGet<ReportReply>(app.server.url, app.token, `/api/v1/report/${LEMON}`);
  const balance = async () =>
    (await apiGet<MeReply>(app.server.url, app.token, '/api/v1/auth/me')).credits_balance;

  it('shows the set-aside comments apart from the topics, and "Not spam" moves one into a topic for free', async () => {
    await analyseVideo(app.page, LEMON, `https://youtu.be/${LEMON}`);
    const before = await report();
    const spam = before.spam!;
    expect(spam.count).toBeGreaterThan(1);

    const group = app.page.getByTestId('set-aside');
    await group.waitFor();
    expect(await group.getByRole('heading', { name: /Set aside as spam/ }).count()).toBe(1);
    expect(await app.page.getByTestId('set-aside-count').innerText()).toBe(String(spam.count));
    // below the clusters, and counted in neither the donut nor the cluster rows
    const [clustersBox, groupBox] = await Promise.all([
      app.page.locator('section.clusters').boundingBox(),
      group.boundingBox(),
    ]);
    expect(groupBox!.y).toBeGreaterThan(clustersBox!.y + clustersBox!.height - 1);
    expect(await app.page.getByTestId('donut-count').textContent()).toBe(
      String(before.report.clusters.length),
    );
    const spamTexts = spam.comments.map((c) => c.text);
    const rowText = (await app.page.getByTestId('cluster-row').allInnerTexts()).join('\n');
    for (const t of spamTexts) expect(rowText).not.toContain(t);

    // the comments on expand, most-liked first, as plain text
    expect(await app.page.getByTestId('set-aside-item').count()).toBe(0);
    await group.getByRole('button', { name: 'Show comments' }).click();
    const items = app.page.getByTestId('set-aside-item');
    expect(await items.count()).toBe(spam.comments.length);
    for (const [i, c] of spam.comments.entries())
      expect(await items.nth(i).locator('.evidence-text').innerText()).toBe(c.text);
    expect(await seriousViolations(app.page)).toEqual([]);

    for (const theme of ['light', 'dark'] as const) {
      await setTheme(app.page, theme);
      await app.page.getByTestId('set-aside').waitFor();
      await app.page
        .getByTestId('set-aside')
        .getByRole('button', { name: 'Show comments' })
        .click();
      await screenshot(app.page, `spam-group-desktop-${theme}`);
    }
    await setTheme(app.page, 'light');
    await app.page.getByTestId('set-aside').getByRole('button', { name: 'Show comments' }).click();

    // "Not spam" on the first: it leaves the group for a topic, with feedback, at no cost
    const credits = await balance();
    const first = spam.comments[0]!;
    await items
      .first()
      .getByRole('button', { name: /Not spam/ })
      .click();
    const feedback = app.page.getByTestId('set-aside-feedback');
    await feedback.waitFor();
    expect(await feedback.innerText()).toMatch(/^Moved to “.+”\./);
    await app.page.waitForFunction(
      (n) => document.querySelector('[data-testid="set-aside-count"]')?.textContent === String(n),
      spam.count - 1,
    );
    const after = await report();
    expect(after.spam!.count).toBe(spam.count - 1);
    expect(after.spam!.comments.map((c) => c.id)).not.toContain(first.id);
    expect(after.report.clusters.reduce((n, c) => n + c.size, 0)).toBe(
      before.report.clusters.reduce((n, c) => n + c.size, 0) + 1,
    );
    expect(await app.page.getByTestId('set-aside-item').count()).toBe(spam.comments.length - 1);
    await screenshot(app.page, 'spam-group-restored-desktop-light');
    expect(await balance()).toBe(credits);
    expect(app.pageErrors).toEqual([]);
  });

  it('reads well on a phone, light and dark', async () => {
    const phone = await newPage(app.browser, { baseURL: app.server.url, viewport: MOBILE });
    try {
      await phone.page.goto('/');
      await phone.page.evaluate((t) => localStorage.setItem('auth_token', t), app.token);
      await phone.page.goto('/');
      // the report opens from the history
      await phone.page.locator(`[data-testid="history-item"][data-video-id="${LEMON}"]`).click();
      await phone.page.getByTestId('set-aside').waitFor({ timeout: 60_000 });
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(phone.page, theme);
        await phone.page.getByTestId('set-aside').waitFor({ timeout: 60_000 });
        await phone.page
          .getByTestId('set-aside')
          .getByRole('button', { name: 'Show comments' })
          .click();
        const width = await phone.page.evaluate(() => document.documentElement.scrollWidth);
        expect(width).toBeLessThanOrEqual(MOBILE.width);
        await screenshot(phone.page, `spam-group-phone-${theme}`);
      }
      expect(phone.pageErrors).toEqual([]);
    } finally {
      await phone.context.close();
    }
  });
});
