import fs from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { ReportReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  analyseVideo,
  apiGet,
  newPage,
  screenshot,
  setTheme,
  useAppPage,
  viewportScreenshot,
} from './support';

// Export and share in Chromium against the real server: each export downloads with the stored
// figures; a shared link opens signed out in a fresh browser context, read-only, until revoked.

const SOURDOUGH = 'Sd7wQy2Rb5M'; // 100 invented comments with likes

async function download(page: Page, label: string): Promise<{ name: string; body: Buffer }> {
  await page.getByRole('button', { name: /^Export/ }).click();
  const menu = page.getByRole('menu', { name: 'Export the report' });
  await menu.waitFor();
  const [file] = await Promise.all([
    page.waitForEvent('download'),
    menu.getByRole('menuitem', { name: new RegExp(`^${label}\\b`) }).click(),
  ]);
  const where = await file.path();
  return { name: file.suggestedFilename(), body: fs.readFileSync(where) };
}

describe('report export and shared links', () => {
  const app = useAppPage({ signUp: 'share' });
  let report: ReportReply;

  beforeAll(async () => {
    await analyseVideo(app.page, SOURDOUGH);
    report = await apiGet<ReportReply>(app.server.url, app.token, `/api/v1/report/${SOURDOUGH}`);
  });

  it('downloads the report as CSV, JSON, Markdown and PDF with the stored figures', async () => {
    const csv = await download(app.page, 'CSV');
    expect(csv.name).toMatch(new RegExp(`^chorus-report-${SOURDOUGH}-\\d{4}-\\d{2}-\\d{2}\\.csv$`));
    const lines = csv.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe(
      'cluster_id,heading,category,percentage,engagement_percentage,size,like_count,sentiment,tags',
    );
    expect(lines).toHaveLength(report.report.clusters.length + 1);
    const sizes = lines.slice(1).map((l) => Number(l.split(',')[0]));
    expect(sizes.sort()).toEqual(report.report.clusters.map((c) => c.cluster_id).sort());

    const json = await download(app.page, 'JSON');
    expect(json.name).toMatch(/\.json$/);
    const parsed = JSON.parse(json.body.toString('utf8')) as ReportReply;
    expect(parsed.job_id).toBe(report.job_id);
    expect(parsed.report.clusters.map((c) => c.percentage)).toEqual(
      report.report.clusters.map((c) => c.percentage),
    );
    expect(parsed.report.clusters.every((c) => c.representatives.length === 0)).toBe(true);

    const md = await download(app.page, 'Markdown');
    expect(md.name).toMatch(/\.md$/);
    expect(md.body.toString('utf8')).toContain('## Clusters');

    const pdf = await download(app.page, 'PDF');
    expect(pdf.name).toMatch(/\.pdf$/);
    expect(pdf.body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(app.pageErrors).toEqual([]);
  });

  it('shares a read-only link that opens signed out, then stops working once revoked', async () => {
    await app.page.getByRole('button', { name: 'Share', exact: true }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Share this report' });
    await dialog.waitFor();
    await dialog.getByLabel('Link expires').selectOption({ label: 'In 7 days' });
    await dialog.getByRole('button', { name: 'Create link' }).click();
    const link = await dialog.getByTestId('share-link').inputValue();
    expect(link).toMatch(new RegExp(`^${app.server.url}/share/[A-Za-z0-9_-]{43}$`));
    await expect.poll(() => dialog.getByTestId('share-item').count()).toBe(1);
    expect(await dialog.getByTestId('share-item').innerText()).toMatch(/Expires/);

    // A stranger: a fresh context, no account, no stored token.
    const stranger = await newPage(app.browser, { baseURL: app.server.url });
    try {
      await stranger.page.goto(link);
      const shared = stranger.page.getByTestId('report');
      await shared.waitFor();
      expect(await stranger.page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
      expect(await shared.getAttribute('data-video-id')).toBe(SOURDOUGH);
      expect(await stranger.page.getByTestId('cluster-row').count()).toBe(
        report.report.clusters.length,
      );
      // read-only: no export, share, notes, retag, chat or comment evidence
      await stranger.page.getByTestId('cluster-row').first().locator('button').first().click();
      for (const name of [/^Export/, /^Share$/, /CreatorX/, /Comment Evidence/, /Chat/])
        expect(await stranger.page.getByRole('button', { name }).count()).toBe(0);
      expect(await stranger.page.locator('.notes-card').count()).toBe(0);
      expect(await stranger.page.getByTestId('share-note').innerText()).toMatch(/read-only/);
      expect(stranger.pageErrors).toEqual([]);

      await dialog.getByRole('button', { name: /^Revoke/ }).click();
      await expect.poll(() => dialog.getByTestId('share-item').count()).toBe(0);
      await stranger.page.reload();
      const gone = stranger.page.getByTestId('share-error');
      await gone.waitFor();
      expect(await gone.innerText()).toMatch(/not available/);
    } finally {
      await stranger.context.close();
    }
    await app.page.keyboard.press('Escape');
  });

  it('screenshots: export menu, share dialog and shared page, light and dark, desktop and phone', async () => {
    for (const viewport of [DESKTOP, MOBILE]) {
      const size = viewport === DESKTOP ? 'desktop' : 'phone';
      await app.page.setViewportSize(viewport);
      for (const theme of ['light', 'dark'] as const) {
        await setTheme(app.page, theme);
        await app.page.locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`).waitFor();
        await app.page.getByRole('button', { name: /^Export/ }).click();
        await app.page.getByRole('menu', { name: 'Export the report' }).waitFor();
        await app.page.getByTestId('report-actions').scrollIntoViewIfNeeded();
        await viewportScreenshot(app.page, `export-menu-${size}-${theme}`);
        await app.page.keyboard.press('Escape');
        await app.page.getByRole('button', { name: 'Share', exact: true }).click();
        const dialog = app.page.getByRole('dialog', { name: 'Share this report' });
        await dialog.getByRole('button', { name: 'Create link' }).click();
        await dialog.getByTestId('share-link').waitFor();
        const link = await dialog.getByTestId('share-link').inputValue();
        await viewportScreenshot(app.page, `share-dialog-${size}-${theme}`);
        await app.page.keyboard.press('Escape');

        const stranger = await newPage(app.browser, { baseURL: app.server.url, viewport });
        try {
          await stranger.page.goto('/');
          await stranger.page.evaluate((t) => localStorage.setItem('theme', t), theme);
          await stranger.page.goto(link);
          await stranger.page.getByTestId('report').waitFor();
          await screenshot(stranger.page, `share-page-${size}-${theme}`);
        } finally {
          await stranger.context.close();
        }
      }
    }
  });
});
