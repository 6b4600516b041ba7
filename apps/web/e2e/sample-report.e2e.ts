import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  creditsShown,
  freePort,
  repoRoot,
  seriousViolations,
  signUp,
  toggleTheme,
  uniqueEmail,
  useAppPage,
  viewportScreenshot,
} from './support';

// "Try a sample report" in Chromium against the compiled server with no way to YouTube (its Data API
// address refuses connections): a new account gets a report on the invented sample comments shipped
// with Chorus, labelled as sample data, free, and its cluster tools answer; a real video fails with
// a message that says YouTube could not be reached and offers the sample.

const SAMPLE = 'sample_weeknight-ramen';

/** The sample video's comment texts as shipped. */
const sampleTexts = () =>
  new Set(
    readFileSync(path.join(repoRoot, `apps/server/sample-channel/${SAMPLE}.jsonl`), 'utf8')
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => (JSON.parse(line) as { text: string }).text.trim()),
  );

/** Light and dark, desktop and phone, each checked with axe; `show` is scrolled into view first. */
async function shots(page: Page, name: string, show?: Locator): Promise<void> {
  for (const theme of ['light', 'dark'] as const) {
    await toggleTheme(page, theme);
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      if (show) await show.evaluate((el) => el.scrollIntoView({ block: 'center' }));
      else await page.evaluate(() => window.scrollTo(0, 0));
      await viewportScreenshot(page, `${name}-${theme}-${label}`);
      expect(await seriousViolations(page), `${name} ${theme} ${label}`).toEqual([]);
    }
  }
  await page.setViewportSize(DESKTOP);
}

describe('try a sample report', () => {
  const app = useAppPage({
    // No recorded comments, no YouTube fallback, and a Data API nobody answers at: only the sample
    // can be analysed.
    env: async () => ({
      COMMENTS_DIR: '',
      YOUTUBE_FALLBACK: 'none',
      YOUTUBE_API_KEY: 'offline-test-key',
      YOUTUBE_API_BASE_URL: `http://127.0.0.1:${await freePort()}/youtube/v3`,
    }),
    reducedMotion: true,
  });

  it('gives a new account a labelled, free sample report whose cluster chat answers', async () => {
    await app.page.goto('/');
    await signUp(app.page, uniqueEmail('sample'));
    await expect.poll(() => creditsShown(app.page)).toBe('3');
    const trySample = app.page.getByRole('button', { name: 'Try a sample report' });
    await trySample.waitFor();
    await shots(app.page, 'sample-try-button', trySample);

    await trySample.click();
    const report = app.page.locator(`[data-testid="report"][data-video-id="${SAMPLE}"]`);
    await report.waitFor({ timeout: 120_000 });
    expect(await report.getByRole('heading', { level: 2 }).first().innerText()).toBe(
      '15-Minute Weeknight Ramen (sample video)',
    );
    expect(await report.getByTestId('sample-badge').innerText()).toBe('Sample data');
    expect(await report.getByTestId('sample-note').innerText()).toMatch(
      /^Sample data\. This report is made from invented comments .* It cost no credits\./,
    );
    expect(await app.page.getByTestId('cluster-row').count()).toBeGreaterThanOrEqual(3);
    // free: the balance is what the account was given
    await app.page.waitForTimeout(500);
    expect(await creditsShown(app.page)).toBe('3');
    // the Recent Analyses entry says it is sample data too
    const entry = app.page.locator(`[data-testid="history-item"][data-video-id="${SAMPLE}"]`);
    await entry.waitFor();
    expect(await entry.getByTestId('sample-badge').innerText()).toBe('Sample data');
    await shots(app.page, 'sample-report', report.getByTestId('sample-note'));
    await shots(app.page, 'sample-report-history', entry);
    // with a report shown, the sample is offered beside the link input instead of in the hero
    expect(await app.page.getByRole('button', { name: 'Try a sample report' }).count()).toBe(1);
    expect(await app.page.getByTestId('hero').count()).toBe(0);

    // A cluster's chat answers from the sample comments.
    const row = app.page.getByTestId('cluster-row').first();
    const head = row.locator('.cluster-row-head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await row.getByRole('button', { name: 'Chat', exact: true }).click();
    const chat = app.page.getByTestId('chat-drawer');
    const input = chat.getByPlaceholder('Ask about this cluster…');
    await input.fill('What do people ask for?');
    await input.press('Enter');
    const answer = chat.locator('.chat-assistant').last();
    await answer.locator('.chat-text').waitFor({ timeout: 60_000 });
    expect((await answer.locator('.chat-text').innerText()).trim()).not.toBe('');
    // it quotes the shipped sample comments
    const quotes = await answer.locator('blockquote').allInnerTexts();
    expect(quotes.length).toBeGreaterThan(0);
    const texts = sampleTexts();
    for (const q of quotes) expect(texts.has(q.trim()), q).toBe(true);
    expect(await seriousViolations(app.page)).toEqual([]);
    await app.page.setViewportSize(MOBILE);
    await viewportScreenshot(app.page, 'sample-report-chat-dark-mobile');
    await app.page.setViewportSize(DESKTOP);
    await viewportScreenshot(app.page, 'sample-report-chat-dark-desktop');
    expect(app.pageErrors).toEqual([]);
  });

  it('finds and links the sample channel in a workspace, its videos marked as sample data', async () => {
    // the chat drawer from the report is closed first
    await app.page.keyboard.press('Escape');
    await app.page.getByTestId('chat-drawer').waitFor({ state: 'detached' });
    await app.page
      .getByTestId('workspace-side-card')
      .getByRole('button', { name: 'Go to Workspace Dashboard' })
      .click();
    await app.page.getByLabel('New workspace name').fill('Sample tour');
    await app.page.getByRole('button', { name: 'Create Workspace' }).click();
    await app.page.getByTestId('workspace-card').getByText('Active').waitFor();
    const search = app.page.getByRole('combobox', { name: 'Search YouTube channels' });
    await search.fill('sample');
    const option = app.page.getByTestId('channel-option');
    await option.first().waitFor();
    expect(await option.locator('.channel-title').allInnerTexts()).toEqual([
      'Sample Kitchen (sample data)',
    ]);
    await option.first().click();
    await search.waitFor({ state: 'detached' });
    const catalogue = app.page.getByTestId('catalogue').getByTestId('media-card');
    await catalogue.first().waitFor();
    expect(await catalogue.count()).toBe(3);
    expect(await catalogue.getByTestId('sample-badge').allInnerTexts()).toEqual([
      'Sample data',
      'Sample data',
      'Sample data',
    ]);
    await shots(app.page, 'sample-workspace-catalogue', catalogue.first());
    expect(app.pageErrors).toEqual([]);
  });

  it('says a real video could not be read because YouTube is out of reach, and offers the sample', async () => {
    await app.page.getByRole('button', { name: 'Home' }).click();
    await app.page
      .getByLabel('YouTube video link')
      .fill('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    await app.page.getByRole('button', { name: 'Analyze Comments' }).click();
    // YouTube cannot say how many comments there are: the dialog says what is held at most
    expect(await app.page.getByTestId('confirm-price').innerText()).toBe(
      'YouTube does not say how many comments this has, so up to 3 credits are held for up to 300 comments.',
    );
    await app.page.getByTestId('confirm-analyze').click();
    const error = app.page.getByTestId('url-error');
    await error.waitFor({ timeout: 60_000 });
    expect(await error.innerText()).toContain(
      'This server could not reach YouTube, so the comments could not be read. Try again later, or try a sample report in the meantime.',
    );
    expect(await error.innerText()).not.toContain('COMMENTS_DIR');
    await expect.poll(() => creditsShown(app.page), { timeout: 30_000 }).toBe('3');
    // the job is over: no progress, the button is back, and Recent Analyses says it failed
    await app.page.getByRole('button', { name: 'Analyze Comments' }).waitFor();
    await app.page
      .locator('[data-testid="history-item"][data-video-id="dQw4w9WgXcQ"][data-status="failed"]')
      .waitFor({ timeout: 5_000 });
    expect(await app.page.getByRole('button', { name: 'Try a sample report' }).count()).toBe(1);
    await shots(app.page, 'sample-youtube-unreachable', error);
    // whoever runs the server reads why, and what to do about it
    expect(app.server.logs()).toMatch(/"network":"ECONNREFUSED".*COMMENTS_DIR/);
    expect(app.server.logs()).not.toContain('offline-test-key');
    expect(app.pageErrors).toEqual([]);
  });
});
