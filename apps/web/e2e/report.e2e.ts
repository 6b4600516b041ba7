import { describe, expect, it } from 'vitest';
import path from 'node:path';
import type { Page } from 'playwright-core';
import type { AnalysisHistoryItem, ClusterCommentsReply, ReportReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  apiGet,
  screenshot,
  screenshotsDir,
  seriousViolations,
  useAppPage,
} from './support';

// Issue 5: analyse a link, follow progress, read the report, in Chromium against the real server
// with the file comment source (the invented comments in apps/web/e2e/fixtures) and fake embeddings.

const LEMON = 'k3TnLmVq8Ra'; // 100 comments, meta says 4,812
const LEMON_TITLE = 'One-Pan Lemon Garlic Chicken in 30 Minutes';
const KNIVES = 'Hx9KnfE4cUz'; // 12 comments incl. a hostile one
const HOSTILE = '<img src=x onerror=alert(1)> this knife guide <b>rocks</b>';
const SOURDOUGH = 'Sd7wQy2Rb5M'; // 100 comments with likes

const pct = (n: number) => `${(Math.round(n * 10) / 10).toFixed(1)}%`;
const count = (n: number) => new Intl.NumberFormat('en-US').format(n);

function sortedBy(report: ReportReply, mode: 'most' | 'engagement') {
  const v = (c: ReportReply['report']['clusters'][number]) =>
    mode === 'engagement' ? c.engagement_percentage : c.percentage;
  return [...report.report.clusters]
    .sort((a, b) => v(b) - v(a) || a.cluster_id - b.cluster_id)
    .map((c) => ({ c, value: v(c) }));
}

function shares(values: number[]): number[] {
  const total = values.reduce((s, x) => s + x, 0);
  return values.map((x) => (x / total) * 100);
}

async function rows(page: Page) {
  return page.getByTestId('cluster-row').evaluateAll((els) =>
    els.map((el) => ({
      heading: el.querySelector('[data-testid="cluster-heading"]')!.textContent,
      tags: el.querySelector('[data-testid="cluster-tags"]')!.textContent,
      category: el.querySelector('[data-testid="cluster-category"]')?.textContent ?? null,
      percent: el.querySelector('[data-testid="cluster-percent"]')!.textContent,
    })),
  );
}

async function texts(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).allInnerTexts();
}

/** Records every progress step the page shows, however briefly. */
async function watchProgress(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __steps: string[]; __titles: string[] };
    w.__steps = [];
    w.__titles = [document.title];
    new MutationObserver(() => {
      if (w.__titles[w.__titles.length - 1] !== document.title) w.__titles.push(document.title);
    }).observe(document.head, { subtree: true, childList: true, characterData: true });
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid="progress-step"]');
      const step = el?.getAttribute('data-step');
      if (step !== null && step !== undefined && w.__steps[w.__steps.length - 1] !== step)
        w.__steps.push(step);
    }).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      characterData: true,
    });
  });
}

/** Pastes a link, presses Analyze and confirms the price when it is asked for. */
async function analyze(page: Page, url: string): Promise<void> {
  await page.getByLabel('YouTube video link').fill(url);
  await page.getByRole('button', { name: 'Analyze Comments' }).click();
  const confirm = page.getByTestId('confirm-analyze');
  const error = page.getByTestId('url-error');
  await confirm.or(error).first().waitFor();
  if (await confirm.isVisible()) await confirm.click();
}

async function waitForReport(page: Page, videoId: string): Promise<void> {
  await page
    .locator(`[data-testid="report"][data-video-id="${videoId}"]`)
    .waitFor({ timeout: 120_000 });
}

/** Checks every number the report view shows against GET /report. */
async function assertReportMatches(page: Page, report: ReportReply): Promise<void> {
  const n = report.report.clusters.length;
  expect(await page.getByTestId('stat-total-value').innerText()).toBe(count(report.total_comments));
  expect(await page.getByTestId('stat-topics-value').innerText()).toBe(String(n));
  expect(await page.getByTestId('donut-count').textContent()).toBe(String(n));
  if (report.processing_seconds > 0) {
    const min = Math.max(0.1, Math.round((report.processing_seconds / 60) * 10) / 10).toFixed(1);
    expect(await page.getByTestId('stat-total-sub').innerText()).toBe(`Processing: ${min} min`);
  }
  const vibe = report.executive_summary.overall_vibe || 'Positive';
  expect(await page.getByTestId('summary-vibe').innerText()).toBe(vibe);
  // Sentiment Score: the share of positive comments from the report's stored counts, with the
  // vibe's opening sentence beneath, whole
  const counts = report.report.sentiment.counts;
  const counted = counts.positive + counts.neutral + counts.negative;
  expect(await page.getByTestId('stat-sentiment-value').innerText()).toBe(
    `${Math.round((100 * counts.positive) / counted)}% positive`,
  );
  const shortVibe = await page.getByTestId('stat-vibe').innerText();
  expect(vibe.startsWith(shortVibe.slice(0, -1))).toBe(true);
  expect(shortVibe).toMatch(/[.!?]$/);
  expect(await page.getByTestId('stat-sentiment').innerText()).not.toContain('…');

  const vol = sortedBy(report, 'most');
  const volShares = shares(vol.map((x) => x.value));
  // Legend: collapsed to 6 above 6 entries, one decimal.
  const legend = await texts(page, 'legend-value');
  expect(legend).toEqual(volShares.slice(0, n > 6 ? 6 : n).map(pct));
  if (n > 6) {
    await page.locator('.legend').getByRole('button', { name: 'Show more' }).click();
    expect(await texts(page, 'legend-value')).toEqual(volShares.map(pct));
    await page.locator('.legend').getByRole('button', { name: 'Show less' }).click();
    expect(await page.getByTestId('legend-value').count()).toBe(6);
  } else {
    expect(await page.locator('.legend').getByRole('button', { name: 'Show more' }).count()).toBe(
      0,
    );
  }
  // Slice labels: only above 5%; a single slice says 100% and Complete.
  expect(await page.getByTestId('donut-slice').count()).toBe(n);
  const labels = await page.getByTestId('slice-label').allTextContents();
  if (n === 1) {
    expect(labels).toEqual(['100%']);
    expect(await page.getByTestId('donut-complete').textContent()).toBe('Complete');
  } else {
    expect(labels).toEqual(volShares.filter((s) => s > 5).map(pct));
  }
  // Rows: heading or 'Cluster {id}', first 3 tags or '-', category, percentage.
  expect(await rows(page)).toEqual(
    vol.map(({ c, value }) => ({
      heading: c.heading.trim() || `Cluster ${c.cluster_id}`,
      tags: c.tags.slice(0, 3).join(', ') || '-',
      category: c.category,
      percent: pct(value),
    })),
  );
  const body = report.report;
  if (body.video_comment_count !== null && body.analysed_comments < body.video_comment_count) {
    expect(await page.getByTestId('coverage-note').innerText()).toContain(
      `Analyzed ${count(body.analysed_comments)} of ${count(body.video_comment_count)} comments`,
    );
  }
}

describe('report experience', () => {
  const app = useAppPage({ signUp: 'report' });

  it('accepts every link form and rejects others with the spec message', async () => {
    const button = app.page.getByRole('button', { name: 'Analyze Comments' });
    expect(await button.isDisabled()).toBe(true);
    for (const link of [
      `https://www.youtube.com/watch?v=${LEMON}`,
      `https://m.youtube.com/watch?feature=share&v=${LEMON}&t=4`,
      `https://youtu.be/${LEMON}?si=x`,
      `https://www.youtube.com/embed/${LEMON}`,
      `https://www.youtube.com/shorts/${LEMON}`,
      `https://www.youtube.com/v/${LEMON}`,
      `youtube.com/e/${LEMON}`,
      `https://www.youtube.com/live/${LEMON}?feature=share`,
      `https://www.youtube-nocookie.com/embed/${LEMON}`,
      `https://www.youtube.com/watch/${LEMON}`,
      `https://www.youtube.com/vi/${LEMON}`,
      `https://www.youtube.com/watch?vi=${LEMON}`,
      `https://www.youtube.com/#!v=${LEMON}`,
      `https://www.youtube.com/attribution_link?a=xyz&u=/watch?v=${LEMON}&feature=share`,
      `https://www.youtube.com/attribution_link?a=xyz&u=%2Fwatch%3Fv%3D${LEMON}%26feature%3Dshare`,
      `<iframe width="560" height="315" src="https://www.youtube.com/embed/${LEMON}?si=x" title="YouTube video player" frameborder="0" allowfullscreen></iframe>`,
      `https://i.ytimg.com/vi/${LEMON}/hqdefault.jpg`,
      `https://img.youtube.com/vi/${LEMON}/0.jpg`,
      `https://www.youtube.com/user/SomeCreator#p/u/1/${LEMON}`,
      LEMON,
    ]) {
      await app.page.getByLabel('YouTube video link').fill('');
      await app.page.reload();
      await app.page.getByLabel('YouTube video link').fill(link);
      expect(await app.page.getByTestId('video-id').innerText(), link).toBe(LEMON);
    }
    for (const bad of [
      'hello there',
      'https://vimeo.com/123456789',
      'https://www.youtube.com/watch?v=tooShort',
      `https://evil.example/watch?v=${LEMON}`,
      'https://www.youtube.com/@SomeCreator',
      'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    ]) {
      await app.page.getByLabel('YouTube video link').fill(bad);
      await button.click();
      expect(await app.page.getByTestId('url-error').innerText(), bad).toBe(
        'Invalid YouTube URL: Could not find the video ID.',
      );
      expect(await app.page.evaluate(() => localStorage.getItem('current_job'))).toBeNull();
    }
  });

  it('runs an analysis with progress and shows a report whose numbers match the API', async () => {
    await watchProgress(app.page);
    await analyze(app.page, `https://www.youtube.com/watch?v=${LEMON}`);
    await app.page.getByTestId('hero').waitFor({ state: 'detached' });
    await waitForReport(app.page, LEMON);
    const steps = await app.page.evaluate(
      () => (window as unknown as { __steps: string[] }).__steps,
    );
    expect(steps.length).toBeGreaterThan(0);
    expect(steps[steps.length - 1]).toBe('4');
    expect(await app.page.evaluate(() => localStorage.getItem('current_job'))).toBeNull();
    // Credits were charged and the header refreshed.
    await expect
      .poll(async () => (await app.page.getByTestId('credits-pill').innerText()).split(/\s/)[0])
      .toBe('2');

    const report = await apiGet<ReportReply>(app.server.url, app.token, `/api/v1/report/${LEMON}`);
    expect(report.report.clusters.length).toBeGreaterThan(1);
    expect(report.title).toBe(LEMON_TITLE);
    // the file holds 100 of the 4,812 comments the video has: the coverage note says so
    expect(report.report.analysed_comments).toBe(100);
    expect(report.report.video_comment_count).toBe(4812);
    await assertReportMatches(app.page, report);
    expect(await seriousViolations(app.page)).toEqual([]);
    // The tab's title follows the screen: the job's progress while it runs, then the report's video.
    const titles = await app.page.evaluate(
      () => (window as unknown as { __titles: string[] }).__titles,
    );
    expect(titles[0]).toBe('Dashboard — Chorus');
    expect(titles.some((t) => /^Analysing \d{1,3}% — Chorus$/.test(t))).toBe(true);
    expect(await app.page.title()).toBe(`${report.title ?? LEMON} — Chorus report`);

    // Engagement mode: rows show engagement_percentage, ordered by it.
    await app.page.getByRole('button', { name: 'Engagement' }).click();
    const eng = sortedBy(report, 'engagement');
    expect((await rows(app.page)).map((r) => r.percent)).toEqual(eng.map((x) => pct(x.value)));
    expect(await texts(app.page, 'legend-value')).toEqual(
      shares(eng.map((x) => x.value))
        .slice(0, 6)
        .map(pct),
    );
    await app.page.getByRole('button', { name: 'Volume' }).click();

    // Category chips: multi-select and Clear.
    const cats = [...new Set(report.report.clusters.map((c) => c.category))];
    const chips = app.page.getByTestId('category-chips');
    await chips.getByRole('button', { name: cats[0], exact: true }).click();
    let shown = await rows(app.page);
    expect(shown.length).toBe(report.report.clusters.filter((c) => c.category === cats[0]).length);
    expect(new Set(shown.map((r) => r.category))).toEqual(new Set([cats[0]]));
    if (cats.length > 1) {
      await chips.getByRole('button', { name: cats[1], exact: true }).click();
      shown = await rows(app.page);
      expect(shown.length).toBe(
        report.report.clusters.filter((c) => c.category === cats[0] || c.category === cats[1])
          .length,
      );
    }
    await chips.getByRole('button', { name: 'Clear' }).click();
    expect((await rows(app.page)).length).toBe(report.report.clusters.length);

    // A slice click opens that cluster's row; rows toggle; the evidence modal lists representatives.
    const top = sortedBy(report, 'most')[0]!.c;
    // Click on the ring in the middle of the first slice (it starts at 12 o'clock, clockwise).
    const firstShare = shares(sortedBy(report, 'most').map((x) => x.value))[0]! / 100;
    // in the middle of the viewport, clear of the sticky header
    await app.page.getByTestId('donut').evaluate((el) => el.scrollIntoView({ block: 'center' }));
    const box = (await app.page.getByTestId('donut').boundingBox())!;
    const angle = firstShare * Math.PI; // half the slice, in radians
    const scale = box.width / 320;
    await app.page.mouse.click(
      box.x + (160 + 142 * Math.sin(angle)) * scale,
      box.y + (160 - 142 * Math.cos(angle)) * scale,
    );
    const row = app.page.locator(
      `[data-testid="cluster-row"][data-cluster-id="${top.cluster_id}"]`,
    );
    await row.getByRole('button', { expanded: true }).waitFor();
    // Keyboard: Enter on the focused slice toggles it closed and open again.
    await app.page.getByTestId('donut-slice').first().focus();
    await app.page.keyboard.press('Enter');
    await row.getByRole('button', { expanded: false }).waitFor();
    await app.page.keyboard.press(' ');
    await row.getByRole('button', { expanded: true }).waitFor();
    await row.getByRole('button', { name: 'Comment Evidence' }).click();
    const dialog = app.page.getByRole('dialog', { name: 'Comment Evidence' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    expect(await dialog.locator('.evidence-item').count()).toBe(top.representatives.length);
    const firstRep = top.representatives[0]!;
    expect(await dialog.locator('.evidence-text').first().innerText()).toBe(firstRep.text.trim());
    expect(await dialog.locator('.evidence-author').first().innerText()).toBe(
      firstRep.author
        ? firstRep.author.startsWith('@')
          ? firstRep.author
          : `@${firstRep.author}`
        : firstRep.id || 'Anonymous',
    );
    expect(await seriousViolations(app.page)).toEqual([]);
    // Focus stays inside: Tab from the last control returns to the first.
    for (let i = 0; i < 3; i++) await app.page.keyboard.press('Tab');
    expect(
      await app.page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]')),
    ).toBe(true);
    await app.page.getByTestId('dialog-backdrop').click({ position: { x: 5, y: 5 } });
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Comment Evidence' }).click();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { name: 'Comment Evidence' }).click();
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await row.getByRole('button', { expanded: true }).click();
    await row.getByRole('button', { expanded: false }).waitFor();

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      await app.page.setViewportSize(viewport);
      for (const theme of ['dark', 'light'] as const) {
        await app.page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await app.page.reload();
        // A reload shows the report at this address again.
        await waitForReport(app.page, LEMON);
        expect(await app.page.getByTestId('hero').count()).toBe(0);
        await screenshot(app.page, `report-${theme}-${label}`);
        await app.page.locator('.stat-cards').screenshot({
          path: path.join(screenshotsDir, `stat-cards-${theme}-${label}.png`),
        });
        if (theme === 'light' && label === 'desktop')
          expect(await seriousViolations(app.page)).toEqual([]);
        // The open cluster card: counts and the tone in words ("mostly" or only "leaning").
        await row.locator('.cluster-row-head').click();
        const panel = row.locator('.cluster-panel');
        expect(await panel.locator('p').first().innerText()).toMatch(
          /comments · [\d,]+ likes( · (mostly|leaning) (positive|negative|neutral)| · mixed feelings)?$/,
        );
        await row.screenshot({
          path: path.join(screenshotsDir, `cluster-open-${theme}-${label}.png`),
        });
      }
    }
    await app.page.setViewportSize(DESKTOP);
    await app.page.evaluate(() => localStorage.setItem('theme', 'dark'));
  });

  it('renders a hostile comment as text', async () => {
    await analyze(app.page, `https://youtu.be/${KNIVES}`);
    await waitForReport(app.page, KNIVES);
    const report = await apiGet<ReportReply>(app.server.url, app.token, `/api/v1/report/${KNIVES}`);
    await assertReportMatches(app.page, report);
    const holder = report.report.clusters.find((c) =>
      c.representatives.some((r) => r.text.includes('onerror')),
    );
    if (holder) {
      const row = app.page.locator(
        `[data-testid="cluster-row"][data-cluster-id="${holder.cluster_id}"]`,
      );
      await row.locator('.cluster-row-head').click();
      await row.getByRole('button', { name: 'Comment Evidence' }).click();
      await app.page
        .getByRole('dialog')
        .getByText('<img src=x onerror=alert(1)>', { exact: false })
        .waitFor();
      await app.page.keyboard.press('Escape');
    }
    // The comments drawer of the cluster holding it lists it, as the words it was written in.
    let inCluster: number | undefined;
    for (const c of report.report.clusters) {
      const { comments } = await apiGet<ClusterCommentsReply>(
        app.server.url,
        app.token,
        `/api/v1/cluster/comments?video_id=${KNIVES}&cluster_id=${c.cluster_id}&page_size=50`,
      );
      if (comments.some((x) => x.text === HOSTILE)) inCluster = c.cluster_id;
    }
    expect(inCluster).toBeDefined();
    const row = app.page.locator(`[data-testid="cluster-row"][data-cluster-id="${inCluster}"]`);
    const head = row.locator('.cluster-row-head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await row.getByRole('button', { name: 'Comments', exact: true }).click();
    const shown = app.page
      .getByTestId('comments-drawer')
      .locator('.drawer-comment-text')
      .filter({ hasText: 'onerror' });
    await shown.waitFor();
    expect(await shown.evaluate((el) => [el.textContent, el.childElementCount])).toEqual([
      HOSTILE,
      0,
    ]);
    expect(await app.page.locator('img[src="x"]').count()).toBe(0);
    await app.page.keyboard.press('Escape');
    expect(app.pageErrors).toEqual([]);
  });

  it('shows progress from the status mapping and resumes a job after a reload', async () => {
    // Hold the job "in progress" in this page: SSE is refused and, while `hold` is set, status says
    // embedding at 40%. The real job finishes on the server meanwhile.
    let hold = true;
    await app.page.route('**/api/v1/status/*/events', (route) => route.abort());
    await app.page.route('**/api/v1/status/*', (route) =>
      hold
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              job_id: 'x',
              status: 'embedding',
              error: null,
              video_id: SOURDOUGH,
              progress_percent: 40,
              eta_seconds: 30,
              reserved_credits: 3,
            }),
          })
        : route.continue(),
    );
    await analyze(app.page, `https://www.youtube.com/watch?v=${SOURDOUGH}`);
    await app.page.getByTestId('progress').waitFor();
    await expect
      .poll(() => app.page.getByTestId('progress-step').innerText())
      .toBe('Reading comments…');
    expect(await app.page.getByTestId('progress-percent').innerText()).toBe(
      '40% · about 30 s left',
    );
    expect(await app.page.getByTestId('progress-credits').innerText()).toBe(
      '3 credits are held for this analysis; what it does not use comes back when it finishes.',
    );
    await screenshot(app.page, 'progress-light-desktop');
    await app.page.setViewportSize(MOBILE);
    await screenshot(app.page, 'progress-light-mobile');
    await app.page.setViewportSize(DESKTOP);
    // the pill agrees in number with its count ("1 credit", "2 credits")
    const pill = (await app.page.getByTestId('credits-pill').innerText()).replace(/\s+/g, ' ');
    const held = pill.split(/\s/)[0]!;
    expect(pill).toBe(`${held} ${held === '1' ? 'credit' : 'credits'}`);
    expect(await app.page.getByRole('progressbar').first().getAttribute('aria-valuenow')).toBe(
      '40',
    );
    await app.page.getByTestId('report-skeleton').waitFor();
    expect(await app.page.getByRole('button', { name: 'Analyzing…' }).isDisabled()).toBe(true);
    const stored = JSON.parse(
      (await app.page.evaluate(() => localStorage.getItem('current_job')))!,
    ) as { jobId: string; videoId: string };
    expect(stored.videoId).toBe(SOURDOUGH);
    expect(stored.jobId.length).toBeGreaterThan(0);

    // Reload mid-job: the stored current_job is resumed (video id set, hero hidden, progress back);
    // in the dark theme this time, for the screenshot.
    const theme = await app.page.evaluate(() => localStorage.getItem('theme'));
    await app.page.evaluate(() => localStorage.setItem('theme', 'dark'));
    await app.page.reload();
    await app.page.getByTestId('video-id').waitFor();
    expect(await app.page.getByTestId('video-id').innerText()).toBe(SOURDOUGH);
    expect(await app.page.getByTestId('hero').count()).toBe(0);
    await app.page.getByTestId('progress-credits').waitFor();
    await screenshot(app.page, 'progress-dark-desktop');
    await app.page.setViewportSize(MOBILE);
    await screenshot(app.page, 'progress-dark-mobile');
    await app.page.setViewportSize(DESKTOP);
    await app.page.evaluate((t) => localStorage.setItem('theme', t ?? 'light'), theme);
    hold = false;
    await waitForReport(app.page, SOURDOUGH);
    await app.page.unrouteAll({ behavior: 'ignoreErrors' });
    await expect
      .poll(() => app.page.evaluate(() => localStorage.getItem('current_job')))
      .toBeNull();
    const report = await apiGet<ReportReply>(
      app.server.url,
      app.token,
      `/api/v1/report/${SOURDOUGH}`,
    );
    expect(report.job_id).toBe(stored.jobId);
    await assertReportMatches(app.page, report);
  });

  it('a job-start failure shows Error: {message}', async () => {
    // The three free credits are spent: the server refuses with 402 and a message.
    await analyze(app.page, 'https://www.youtube.com/watch?v=aaaaaaaaaaa');
    const error = await app.page.getByTestId('url-error').innerText();
    expect(error.startsWith('Error: ')).toBe(true);
    expect(error.length).toBeGreaterThan('Error: '.length + 5);
    expect(await app.page.getByTestId('progress').count()).toBe(0);
  });

  it('lists recent analyses newest first, loads older ones, and clears history', async () => {
    const history = await apiGet<AnalysisHistoryItem[]>(
      app.server.url,
      app.token,
      '/api/v1/analyses',
    );
    const newest = [...history]
      .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
      .slice(0, 5);
    await app.page.getByRole('button', { name: 'Refresh recent analyses' }).click();
    await expect
      .poll(() =>
        app.page
          .getByTestId('history-item')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-video-id'))),
      )
      .toEqual(newest.map((h) => h.video_id));
    const items = await texts(app.page, 'history-item');
    expect(items[0]).toContain('✓ Complete');
    expect(items.some((t) => t.includes(LEMON_TITLE))).toBe(true);

    await app.page.locator(`[data-testid="history-item"][data-video-id="${LEMON}"]`).click();
    await waitForReport(app.page, LEMON);
    expect(await app.page.getByTestId('video-id').innerText()).toBe(LEMON);

    // Back and Forward move between the reports opened in this tab, each at its own address
    await app.page.locator(`[data-testid="history-item"][data-video-id="${SOURDOUGH}"]`).click();
    await waitForReport(app.page, SOURDOUGH);
    expect(new URL(app.page.url()).pathname).toBe(`/report/${SOURDOUGH}`);
    await app.page.goBack();
    await waitForReport(app.page, LEMON);
    expect(await app.page.getByTestId('video-id').innerText()).toBe(LEMON);
    expect(new URL(app.page.url()).pathname).toBe(`/report/${LEMON}`);
    await app.page.goForward();
    await waitForReport(app.page, SOURDOUGH);
    await app.page.goBack();
    await waitForReport(app.page, LEMON);

    // A failed clear says so and keeps the list.
    await app.page.route('**/api/v1/analyses/clear', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"message":"boom","code":"internal"}',
      }),
    );
    await app.page.getByRole('button', { name: 'Clear history' }).click();
    await app.page
      .getByRole('group', { name: 'Confirm clearing history' })
      .getByRole('button', { name: 'Clear history' })
      .click();
    await app.page.getByText('Failed to clear history.').waitFor();
    expect(await app.page.getByTestId('history-item').count()).toBe(newest.length);
    await app.page.unrouteAll({ behavior: 'ignoreErrors' });

    await app.page
      .getByRole('group', { name: 'Confirm clearing history' })
      .getByRole('button', { name: 'Clear history' })
      .click();
    await app.page
      .getByText('No analyses yet. Paste a video link to run your first one.')
      .waitFor();
    expect(
      await apiGet<AnalysisHistoryItem[]>(app.server.url, app.token, '/api/v1/analyses'),
    ).toEqual([]);
  });

  it('a 401 anywhere signs out and shows the banner', async () => {
    await app.page.evaluate(() => localStorage.setItem('auth_token', 'revoked-elsewhere-token'));
    await app.page.getByRole('button', { name: 'Refresh recent analyses' }).click();
    await app.page.getByTestId('session-expired').waitFor();
    await app.page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await app.page.getByTestId('report').count()).toBe(0);
    expect(await app.page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(app.offsite).toEqual([]);
    expect(app.pageErrors).toEqual([]);
  });
});
