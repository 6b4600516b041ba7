import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import type { AnalysisHistoryItem, JobStatusReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  apiGet,
  newPage,
  screenshot,
  signIn,
  signUp,
  uniqueEmail,
  useAppPage,
} from './support';

// Addresses in Chromium against the real server: a report, the history and a workspace report each
// have an address that survives a reload, Back and Forward move between them, another account's
// report link says plainly that it is not theirs, and /history lists every analysis with search.

const LEMON = 'k3TnLmVq8Ra';
const LEMON_TITLE = 'One-Pan Lemon Garlic Chicken in 30 Minutes';
const KNIVES = 'Hx9KnfE4cUz';
const SOURDOUGH = 'Sd7wQy2Rb5M';
const SAMPLES = ['sample_weeknight-ramen', 'sample_knife-skills', 'sample_sourdough-starter'];

const report = (page: Page, videoId: string) =>
  page.locator(`[data-testid="report"][data-video-id="${videoId}"]`);
const pathOf = (page: Page) => new URL(page.url()).pathname;
const jobOf = (page: Page) => new URL(page.url()).searchParams.get('job');

async function apiPost<T>(baseUrl: string, token: string, p: string, body?: unknown): Promise<T> {
  const res = await fetch(`${baseUrl}${p}`, {
    method: 'POST',
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${p} -> ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

async function finished(baseUrl: string, token: string, jobId: string): Promise<void> {
  await expect
    .poll(
      async () => (await apiGet<JobStatusReply>(baseUrl, token, `/api/v1/status/${jobId}`)).status,
      { timeout: 120_000, interval: 500 },
    )
    .toBe('complete');
}

async function analyzeByApi(baseUrl: string, token: string, videoId: string): Promise<string> {
  const { job_id } = await apiPost<{ job_id: string }>(
    baseUrl,
    token,
    `/api/v1/analyze?video_id=${encodeURIComponent(videoId)}`,
  );
  await finished(baseUrl, token, job_id);
  return job_id;
}

/** Full-page shots in both themes at both sizes, copied to SHOTS_DIR when it is set. */
async function photograph(page: Page, name: string, ready: () => Promise<unknown>) {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['light', 'dark'] as const) {
      await page.evaluate((t) => localStorage.setItem('theme', t), theme);
      await page.reload();
      await page.waitForSelector(`html[data-theme="${theme}"]`);
      await ready();
      const file = await screenshot(page, `${name}-${theme}-${label}`);
      const copyTo = process.env.SHOTS_DIR;
      if (copyTo) {
        fs.mkdirSync(copyTo, { recursive: true });
        fs.copyFileSync(file, `${copyTo}/${name}-${theme}-${label}.png`);
      }
    }
  }
  await page.setViewportSize(DESKTOP);
}

describe('addresses: reports, history and workspaces', () => {
  const app = useAppPage({ signUp: 'addresses' });
  let lemonJob: string;

  it('a run gets its report address, which a reload keeps; Back and Forward move between reports', async () => {
    await app.page.getByLabel('YouTube video link').fill(`https://youtu.be/${LEMON}`);
    await app.page.getByRole('button', { name: 'Analyze Comments' }).click();
    await app.page.getByTestId('confirm-analyze').click();
    // The running analysis has its address at once; a reload resumes it there.
    await expect.poll(() => pathOf(app.page)).toBe(`/report/${LEMON}`);
    lemonJob = jobOf(app.page)!;
    expect(lemonJob).toMatch(/^[0-9a-f-]{36}$/);
    await app.page.reload();
    await report(app.page, LEMON).waitFor({ timeout: 120_000 });
    expect(pathOf(app.page)).toBe(`/report/${LEMON}`);
    expect(await app.page.getByTestId('hero').count()).toBe(0);

    // A reload of a report shows the same report, not the landing page.
    await app.page.reload();
    await report(app.page, LEMON).waitFor();
    expect(await app.page.getByTestId('hero').count()).toBe(0);
    expect(await app.page.title()).toContain(LEMON_TITLE);

    await analyzeByApi(app.server.url, app.token, KNIVES);
    const sourdoughJob = await analyzeByApi(app.server.url, app.token, SOURDOUGH);
    await app.page.getByRole('button', { name: 'Refresh recent analyses' }).click();
    await app.page.locator(`[data-testid="history-item"][data-video-id="${SOURDOUGH}"]`).click();
    await report(app.page, SOURDOUGH).waitFor();
    expect(pathOf(app.page)).toBe(`/report/${SOURDOUGH}`);
    expect(jobOf(app.page)).toBe(sourdoughJob);

    await app.page.goBack();
    await report(app.page, LEMON).waitFor();
    expect(pathOf(app.page)).toBe(`/report/${LEMON}`);
    await app.page.goForward();
    await report(app.page, SOURDOUGH).waitFor();
    await app.page.reload();
    await report(app.page, SOURDOUGH).waitFor();

    // A bookmark of /report/{id} opens the latest report of the video.
    await app.page.goto(`/report/${KNIVES}`);
    await report(app.page, KNIVES).waitFor();
    // Unknown paths show the dashboard, as / does.
    await app.page.goto('/no/such/page');
    await app.page.getByLabel('YouTube video link').waitFor();
    expect(await app.page.locator('[data-testid="report"]').count()).toBe(0);
    expect(app.pageErrors).toEqual([]);
  });

  it('another account opening the report link is told plainly it is not theirs, with no data', async () => {
    const other = await newPage(app.browser, { baseURL: app.server.url });
    try {
      const link = `/report/${LEMON}?job=${lemonJob}`;
      await other.page.goto(link);
      // Signed out: the page says what it is and offers the sign-in.
      await other.page.getByTestId('sign-in-to-see').waitFor();
      expect(await other.page.getByTestId('sign-in-to-see').innerText()).toContain(
        'Sign in to see this report',
      );
      expect(await other.page.getByLabel('Email').count()).toBe(1);
      await signUp(other.page, uniqueEmail('intruder'));
      // Signed in as someone else: still the same address, a plain message, nothing of the report.
      expect(pathOf(other.page)).toBe(`/report/${LEMON}`);
      const notYours = other.page.getByTestId('report-unavailable');
      await notYours.waitFor();
      expect(await notYours.innerText()).toContain('This report is not in your account');
      expect(await other.page.locator('[data-testid="report"]').count()).toBe(0);
      expect(await other.page.content()).not.toContain(LEMON_TITLE);
      await photograph(other.page, 'report-not-yours', () => notYours.waitFor());

      // "Sign in with another account": the owner signs in and the link opens.
      await other.page.getByRole('button', { name: 'Sign in with another account' }).click();
      await other.page.getByLabel('Email').waitFor();
      await signIn(other.page, app.email, PASSWORD);
      await report(other.page, LEMON).waitFor();
      expect(jobOf(other.page)).toBe(lemonJob);
      expect(other.pageErrors).toEqual([]);
    } finally {
      await other.context.close();
    }
  });

  it('the history page lists every analysis beyond 5, searches, and deletes one after a confirmation', async () => {
    for (const sample of SAMPLES) await analyzeByApi(app.server.url, app.token, sample);
    await analyzeByApi(app.server.url, app.token, SAMPLES[0]!);
    const all = await apiGet<AnalysisHistoryItem[]>(app.server.url, app.token, '/api/v1/analyses');
    expect(all).toHaveLength(7);

    // The sidebar keeps the newest 5, each with date and time, and links to the rest.
    await app.page.goto('/');
    const recent = app.page.getByTestId('history-item');
    await expect.poll(() => recent.count()).toBe(5);
    expect(await recent.first().innerText()).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
    await app.page.getByRole('link', { name: 'View all analyses' }).click();
    expect(pathOf(app.page)).toBe('/history');

    const rows = app.page.getByTestId('history-row');
    await expect.poll(() => rows.count()).toBe(7);
    const lemonRow = rows.filter({ hasText: LEMON_TITLE });
    // full title, date and time, status, comments and credits
    expect(await lemonRow.innerText()).toMatch(/\d{1,2}:\d{2}\s?(AM|PM)/);
    expect(await lemonRow.innerText()).toContain('Complete');
    expect(await lemonRow.innerText()).toContain('100 comments');
    await photograph(app.page, 'history', () => rows.nth(6).waitFor());

    await app.page.getByTestId('history-search').fill('LEMON garlic');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain(LEMON_TITLE);
    await app.page.getByTestId('history-search').fill('sample');
    await expect.poll(() => rows.count()).toBe(4);
    await app.page.getByTestId('history-search').fill('no such title anywhere');
    await app.page.getByTestId('history-empty').waitFor();
    await app.page.getByTestId('history-search').fill('');
    await expect.poll(() => rows.count()).toBe(7);

    // Delete one, after a confirmation; Cancel keeps it.
    const ramen = rows.filter({ hasText: '15-Minute Weeknight Ramen' }).first();
    await ramen.getByRole('button', { name: /^Delete / }).click();
    await app.page.getByRole('button', { name: 'Cancel' }).click();
    expect(await rows.count()).toBe(7);
    await ramen.getByRole('button', { name: /^Delete / }).click();
    await app.page.getByRole('button', { name: 'Delete analysis' }).click();
    await expect.poll(() => rows.count()).toBe(6);
    expect(
      await apiGet<AnalysisHistoryItem[]>(app.server.url, app.token, '/api/v1/analyses'),
    ).toHaveLength(6);

    // Open goes to that run's report; Back returns to the history.
    await lemonRow.getByRole('link', { name: `Open ${LEMON_TITLE}` }).click();
    await report(app.page, LEMON).waitFor();
    expect(jobOf(app.page)).toBe(lemonJob);
    await photograph(app.page, 'report', () => report(app.page, LEMON).waitFor());
    await app.page.goBack();
    await expect.poll(() => rows.count()).toBe(6);
    expect(pathOf(app.page)).toBe('/history');
    expect(app.pageErrors).toEqual([]);
  });

  it('a workspace report has its address: reload keeps it, Back and Forward move through it', async () => {
    const owner = await newPage(app.browser, { baseURL: app.server.url });
    try {
      const p = owner.page;
      await p.goto('/workspaces');
      await signUp(p, uniqueEmail('ws-address'));
      const wsToken = (await p.evaluate(() => localStorage.getItem('auth_token')))!;
      const created = await apiPost<{ id: number }>(app.server.url, wsToken, '/api/v1/workspaces', {
        name: 'Dinner ideas',
      });
      const batch = await apiPost<{ jobs: { job_id: string | null }[] }>(
        app.server.url,
        wsToken,
        '/api/v1/analyses/batch',
        { video_ids: [LEMON], workspace_id: created.id },
      );
      await finished(app.server.url, wsToken, batch.jobs[0]!.job_id!);

      await p.goto(`/workspaces/${created.id}?tab=analyzed`);
      const analysed = p
        .getByTestId('tab-analyzed')
        .locator(`[data-testid="media-card"][data-id="${LEMON}"]`);
      await analysed.getByRole('button').click();
      const wsReport = p.getByTestId('workspace-analysis').locator('[data-testid="report"]');
      await wsReport.waitFor();
      const url = new URL(p.url());
      expect(url.pathname).toBe(`/workspaces/${created.id}`);
      expect(url.searchParams.get('tab')).toBe('analyzed');
      expect(url.searchParams.get('report')).toBe(LEMON);

      await p.reload();
      await wsReport.waitFor();
      expect(await p.getByRole('tab', { name: 'Analyzed' }).getAttribute('aria-selected')).toBe(
        'true',
      );
      await photograph(p, 'workspace-report', () => wsReport.waitFor());

      await p.goBack();
      await expect.poll(() => new URL(p.url()).searchParams.get('report')).toBeNull();
      await expect.poll(() => wsReport.count()).toBe(0);
      await p.goForward();
      await wsReport.waitFor();
      // Back (the button) to the list, then the browser's Back returns to the detail.
      await p.getByRole('button', { name: 'Back', exact: true }).click();
      await expect.poll(() => pathOf(p)).toBe('/workspaces');
      await p.goBack();
      await wsReport.waitFor();
      expect(owner.pageErrors).toEqual([]);
    } finally {
      await owner.context.close();
    }
  });
});
