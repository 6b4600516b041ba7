import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { csvRecords } from '@app/analysis';
import type { ClusterCommentsReply, ReportReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  analyseVideo,
  apiGet,
  fixturesCommentsDir,
  screenshotsDir,
  setTheme,
  toggleTheme,
  useAppPage,
  viewportScreenshot,
} from './support';

// Issue 6: the per-cluster tools (drawers, chat, CreatorX) in Chromium against the real server,
// offline (no LLM), on the invented comments of a baking video.

const SOURDOUGH = 'Sd7wQy2Rb5M'; // 100 comments with likes, most about the bread, the loaf or the starter

/** Every comment text of the fixture, as the file holds it. */
function fixtureTexts(): string[] {
  return csvRecords(
    fs.readFileSync(path.join(fixturesCommentsDir, `${SOURDOUGH}.csv`), 'utf8'),
  ).map((r) => r.text ?? '');
}

/** The drawers are fixed to the viewport: a viewport shot shows them where people see them. */
async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

const drawers = (page: Page) => page.locator('aside.drawer');

/** Opens the report from Recent Analyses (after a reload the page starts without one). */
async function openReport(page: Page): Promise<void> {
  const report = page.locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`);
  if ((await report.count()) === 0)
    await page.locator(`[data-testid="history-item"][data-video-id="${SOURDOUGH}"]`).click();
  await report.waitFor({ timeout: 60_000 });
}

async function openRow(page: Page, index: number): Promise<{ id: number; heading: string }> {
  const row = page.getByTestId('cluster-row').nth(index);
  const head = row.locator('.cluster-row-head');
  if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
  return {
    id: Number(await row.getAttribute('data-cluster-id')),
    heading: await row.getByTestId('cluster-heading').innerText(),
  };
}

/**
 * The drawer starts at the header's bottom edge and ends at the viewport's, and the header's Buy
 * Credits and Sign out are on screen and are what a click there hits (nothing covers them).
 */
async function expectBelowHeader(page: Page, drawer: Locator): Promise<void> {
  const header = await page.locator('header.site-header').boundingBox();
  const box = await drawer.boundingBox();
  expect(header?.y).toBe(0);
  expect(box?.y).toBeCloseTo((header?.y ?? 0) + (header?.height ?? 0), 0);
  expect((box?.y ?? 0) + (box?.height ?? 0)).toBeCloseTo(page.viewportSize()?.height ?? 0, 0);
  for (const name of ['Buy Credits', 'Sign out']) {
    const button = page.getByRole('button', { name, exact: true });
    const b = await button.boundingBox();
    expect(b, name).not.toBeNull();
    const hit = await page.evaluate(
      ([x, y]) => document.elementFromPoint(x!, y!)?.textContent?.trim() ?? null,
      [b!.x + b!.width / 2, b!.y + b!.height / 2],
    );
    expect(hit, name).toBe(name);
  }
}

function rowButton(page: Page, index: number, name: 'Analyze' | 'Comments' | 'Chat') {
  return page.getByTestId('cluster-row').nth(index).getByRole('button', { name, exact: true });
}

describe('cluster tools', () => {
  const app = useAppPage({ signUp: 'tools' });
  beforeAll(() => analyseVideo(app.page, SOURDOUGH));

  it('opens each drawer, only one at a time', async () => {
    const first = await openRow(app.page, 0);
    await rowButton(app.page, 0, 'Analyze').click();
    const analysis = app.page.getByTestId('analysis-drawer');
    await analysis.waitFor();
    // titled with the cluster's heading, as the comments and chat drawers are
    expect(await analysis.getByRole('heading', { level: 2 }).innerText()).toBe(
      `Analysis · ${first.heading}`,
    );
    await analysis.getByTestId('analysis-summary').waitFor();
    expect(await analysis.getByRole('heading', { name: 'Key Themes' }).count()).toBe(1);
    expect(await analysis.getByRole('heading', { name: 'Top Questions' }).count()).toBe(1);
    expect(['positive', 'negative', 'neutral', 'mixed']).toContain(
      (await analysis.getByTestId('analysis-sentiment').innerText()).toLowerCase(),
    );
    expect(await drawers(app.page).count()).toBe(1);
    // from the header's bottom edge to the viewport's: the header's controls stay in reach
    await expectBelowHeader(app.page, analysis);
    await screenshot(app.page, 'cluster-analysis-drawer-dark');
    // on a phone too, with the page scrolled (the header scrolls away there when no drawer is open)
    await app.page.setViewportSize(MOBILE);
    await app.page.evaluate(() => window.scrollTo(0, 600));
    await expectBelowHeader(app.page, analysis);
    await screenshot(app.page, 'cluster-analysis-drawer-dark-mobile');
    await app.page.setViewportSize(DESKTOP);

    await rowButton(app.page, 0, 'Comments').click();
    const comments = app.page.getByTestId('comments-drawer');
    await comments.getByTestId('drawer-comment').first().waitFor();
    expect(await drawers(app.page).count()).toBe(1);
    expect(await analysis.count()).toBe(0);
    const api = await apiGet<ClusterCommentsReply>(
      app.server.url,
      app.token,
      `/api/v1/cluster/comments?video_id=${SOURDOUGH}&cluster_id=${first.id}&page_size=25`,
    );
    const shown = await comments.locator('.drawer-comment-text').allInnerTexts();
    expect(shown.slice(0, api.comments.length)).toEqual(api.comments.map((c) => c.text.trim()));
    const meta = await comments.getByTestId('drawer-comment').first().locator('.muted').innerText();
    expect(meta).toMatch(/(@\S+|Anonymous) · [\d,]+ likes? · /);
    await screenshot(app.page, 'cluster-comments-drawer-dark');

    await rowButton(app.page, 0, 'Chat').click();
    const chat = app.page.getByTestId('chat-drawer');
    await chat.waitFor();
    expect(await drawers(app.page).count()).toBe(1);
    expect(await comments.count()).toBe(0);
    expect(await chat.getByRole('heading', { level: 2 }).innerText()).toBe(first.heading);
    expect(await chat.getByRole('button', { name: 'Send' }).isDisabled()).toBe(true);
    expect(await chat.getByPlaceholder('Ask about this cluster…').count()).toBe(1);

    await app.page.keyboard.press('Escape');
    expect(await drawers(app.page).count()).toBe(0);
    // and the keyboard is back on the row's Chat button, not at the top of the page
    expect(await app.page.evaluate(() => document.activeElement?.textContent?.trim())).toBe('Chat');
  });

  it('fits the Context placeholder, and gives cluster headings the row’s width on a phone', async () => {
    const input = app.page.getByLabel('Context (optional)');
    for (const size of [DESKTOP, MOBILE]) {
      await app.page.setViewportSize(size);
      // the placeholder's text, in the input's font, against the input's inner width
      const fit = await input.evaluate((el: HTMLInputElement) => {
        const style = getComputedStyle(el);
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.font = style.font;
        const inner =
          el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return { text: ctx.measureText(el.placeholder).width, inner };
      });
      expect(fit.text, `placeholder at ${size.width} px`).toBeLessThanOrEqual(fit.inner);
    }
    // MOBILE now: each heading spans its row (less the row's padding), the badge and share below it
    await toggleTheme(app.page, 'light');
    await app.page.getByTestId('cluster-row').first().scrollIntoViewIfNeeded();
    const widths = await app.page.getByTestId('cluster-row').evaluateAll((rows) =>
      rows.map((row) => {
        const head = row.querySelector<HTMLElement>('.cluster-row-head')!;
        const style = getComputedStyle(head);
        const inner =
          head.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        const main = row.querySelector<HTMLElement>('.cluster-row-main')!;
        return { main: main.getBoundingClientRect().width, inner };
      }),
    );
    expect(widths.length).toBeGreaterThan(1);
    for (const w of widths) expect(w.main).toBeCloseTo(w.inner, 0);
    await viewportScreenshot(app.page, 'cluster-rows-light-mobile');
    await toggleTheme(app.page, 'dark');
    await app.page.getByTestId('cluster-row').first().scrollIntoViewIfNeeded();
    await viewportScreenshot(app.page, 'cluster-rows-dark-mobile');
    await app.page.setViewportSize(DESKTOP);
    await app.page.getByLabel('Context (optional)').scrollIntoViewIfNeeded();
    await viewportScreenshot(app.page, 'cluster-rows-dark');
    await toggleTheme(app.page, 'light');
    await app.page.getByLabel('Context (optional)').scrollIntoViewIfNeeded();
    await viewportScreenshot(app.page, 'cluster-rows-light');
    await toggleTheme(app.page, 'dark');
  });

  it('answers a chat question from the cluster’s real comments, quoting them', async () => {
    const texts = new Set(fixtureTexts().map((t) => t.trim()));
    const first = await openRow(app.page, 0);
    const api = await apiGet<ClusterCommentsReply>(
      app.server.url,
      app.token,
      `/api/v1/cluster/comments?video_id=${SOURDOUGH}&cluster_id=${first.id}&page_size=50`,
    );
    // Ask about a word that really occurs in this cluster (the most frequent longer word).
    const counts = new Map<string, number>();
    for (const c of api.comments)
      for (const w of new Set(c.text.toLowerCase().match(/[a-z]{5,}/g) ?? []))
        counts.set(w, (counts.get(w) ?? 0) + 1);
    const common = new Set(
      'about there their would could should video videos really people think these those which where being thing going watch watching still every after before other great'.split(
        ' ',
      ),
    );
    const word = [...counts.entries()]
      .filter(([w]) => !common.has(w))
      .sort((a, b) => b[1] - a[1])[0]![0];

    await rowButton(app.page, 0, 'Chat').click();
    const chat = app.page.getByTestId('chat-drawer');
    const input = chat.getByPlaceholder('Ask about this cluster…');
    await input.fill(`What do people say about ${word}?`);
    await input.press('Enter');
    expect(await input.inputValue()).toBe('');
    await chat
      .locator('.chat-user')
      .filter({ hasText: `What do people say about ${word}?` })
      .waitFor();
    const answer = chat.locator('.chat-assistant').last();
    await answer.getByTestId('chat-quotes').waitFor({ timeout: 60_000 });
    expect(await answer.locator('.chat-text').innerText()).toMatch(
      new RegExp(`^\\d+ of the \\d+ comments in this cluster mention "${word}"`),
    );
    const quotes = await answer.locator('blockquote').allInnerTexts();
    expect(quotes.length).toBeGreaterThan(0);
    for (const q of quotes) {
      expect(texts.has(q.trim()), q).toBe(true);
      expect(q.toLowerCase()).toContain(word);
    }
    /** Shoots the open chat drawer at both widths, closes it and switches to the other theme. */
    const shootChat = async (theme: 'dark' | 'light') => {
      await screenshot(app.page, `cluster-chat-drawer-${theme}`);
      // at phone width the drawer is the whole width, below the header
      await app.page.setViewportSize(MOBILE);
      await screenshot(app.page, `cluster-chat-drawer-${theme}-mobile`);
      await app.page.setViewportSize(DESKTOP);
      await app.page.keyboard.press('Escape');
      await setTheme(app.page, theme === 'dark' ? 'light' : 'dark');
      await openReport(app.page);
    };
    await shootChat('dark');
    await openRow(app.page, 0);
    await rowButton(app.page, 0, 'Analyze').click();
    await app.page.getByTestId('analysis-summary').waitFor();
    await screenshot(app.page, 'cluster-analysis-drawer-light');
    await rowButton(app.page, 0, 'Chat').click();
    const lightChat = app.page.getByTestId('chat-drawer');
    await lightChat
      .getByPlaceholder('Ask about this cluster…')
      .fill(`What do people say about ${word}?`);
    await lightChat.getByRole('button', { name: 'Send' }).click();
    await lightChat.getByTestId('chat-quotes').waitFor({ timeout: 60_000 });
    await shootChat('light');
  });

  it('shows the failure texts of section 8', async () => {
    await app.page
      .locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`)
      .waitFor({ timeout: 60_000 });
    await openRow(app.page, 1);
    await app.page.route('**/api/v1/cluster/analyze', (r) =>
      r.fulfill({ status: 500, body: 'down' }),
    );
    await rowButton(app.page, 1, 'Analyze').click();
    await app.page
      .getByTestId('cluster-tools-alert')
      .filter({ hasText: 'Unable to analyze this cluster right now.' })
      .waitFor();
    expect(await rowButton(app.page, 1, 'Analyze').isDisabled()).toBe(false);
    await app.page.unroute('**/api/v1/cluster/analyze');
    await app.page.route('**/api/v1/cluster/analyze', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ analysis: { error: 'model timeout' } }),
      }),
    );
    await rowButton(app.page, 1, 'Analyze').click();
    await app.page.getByText('Analysis failed: model timeout').waitFor();
    await app.page.unroute('**/api/v1/cluster/analyze');
    await app.page.getByTestId('analysis-drawer').getByRole('button', { name: 'Retry' }).click();
    await app.page.getByTestId('analysis-summary').waitFor();

    await app.page.route('**/api/v1/cluster/chat', (r) => r.fulfill({ status: 500, body: 'down' }));
    await rowButton(app.page, 1, 'Chat').click();
    const chat = app.page.getByTestId('chat-drawer');
    await chat.getByPlaceholder('Ask about this cluster…').fill('anything?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('Sorry, I could not answer right now.').waitFor();
    await app.page.unroute('**/api/v1/cluster/chat');
    await app.page.route('**/api/v1/cluster/chat', (r) =>
      r.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ answer: '' }),
      }),
    );
    await chat.getByPlaceholder('Ask about this cluster…').fill('again?');
    await chat.getByRole('button', { name: 'Send' }).click();
    await chat.getByText('No answer', { exact: true }).waitFor();
    await app.page.unroute('**/api/v1/cluster/chat');
    // Reopening chat clears the conversation.
    await rowButton(app.page, 1, 'Chat').click();
    expect(await chat.locator('.chat-message').count()).toBe(0);
    await app.page.keyboard.press('Escape');
  });

  it('CreatorX relabels the clusters with a context and the report reloads', async () => {
    const before = await apiGet<ReportReply>(
      app.server.url,
      app.token,
      `/api/v1/report/${SOURDOUGH}`,
    );
    const labels = async () =>
      app.page
        .getByTestId('cluster-row')
        .evaluateAll((els) =>
          els.map(
            (el) =>
              `${el.querySelector('[data-testid="cluster-heading"]')!.textContent} | ${el.querySelector('[data-testid="cluster-category"]')?.textContent ?? ''}`,
          ),
        );
    const shownBefore = await labels();
    // Most comments mention the bread, the loaf or the starter: make those comments Criticism.
    await app.page
      .getByLabel('Context (optional)')
      .fill('treat bread, loaf, starter and sourdough comments as Criticism');
    const button = app.page.getByRole('button', { name: 'CreatorX' });
    await button.click();
    await expect
      .poll(async () => (await labels()).join('\n'), { timeout: 60_000 })
      .not.toBe(shownBefore.join('\n'));
    const after = await apiGet<ReportReply>(
      app.server.url,
      app.token,
      `/api/v1/report/${SOURDOUGH}`,
    );
    expect(after.report.clusters.map((c) => c.category)).not.toEqual(
      before.report.clusters.map((c) => c.category),
    );
    expect(after.report.clusters.some((c) => c.category === 'Criticism')).toBe(true);
    // The rows show the new labels.
    for (const c of after.report.clusters) {
      const row = app.page.locator(
        `[data-testid="cluster-row"][data-cluster-id="${c.cluster_id}"]`,
      );
      expect(await row.getByTestId('cluster-category').innerText()).toBe(c.category);
    }
    await app.page.route('**/api/v1/retag/**', (r) => r.fulfill({ status: 500, body: 'down' }));
    await app.page.getByRole('button', { name: 'CreatorX' }).click();
    await app.page
      .getByTestId('creatorx-error')
      .filter({ hasText: 'CreatorX retagging failed. Please try again.' })
      .waitFor();
    await app.page.unroute('**/api/v1/retag/**');
    expect(app.offsite).toEqual([]);
    expect(app.pageErrors.filter((e) => !e.includes('500'))).toEqual([]);
  });
});
