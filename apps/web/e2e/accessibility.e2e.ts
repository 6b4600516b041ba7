import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  launchBrowser,
  newPage,
  seriousViolationsAllRules,
  signUp,
  startServer,
  uniqueEmail,
} from './support';
import type { AxeProblem, RunningServer } from './support';

// Accessibility of the web app in Chromium against the real server: axe-core (every rule it runs
// by default, WCAG A/AA and best practice) on the key screens in both themes, at desktop and phone
// width, fails on any serious or critical violation; and the keyboard: Escape, Tab kept inside an
// open modal or drawer, focus given back to what opened it.

const PHONE = 'jt2OHQh0HoQ'; // 100 comments: the comments drawer scrolls

type Theme = 'dark' | 'light';
const THEMES: Theme[] = ['dark', 'light'];

/** Switches the theme with the header's toggle, as a person would (no reload, state kept). */
async function useTheme(page: Page, theme: Theme): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  if (current !== theme)
    await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await page.waitForSelector(`html[data-theme="${theme}"]`);
}

/** Serious or critical problems, each tagged with where it was found (empty when all is well). */
async function scan(page: Page, where: string): Promise<string[]> {
  const found: AxeProblem[] = await seriousViolationsAllRules(page);
  return found.map((v) => `${where}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.join(', ')}`);
}

describe('accessibility', () => {
  let server: RunningServer;
  let browser: Browser;
  let context: BrowserContext;
  let page: Page;

  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser();
    ({ context, page } = await newPage(browser, { baseURL: server.url }));
    // Colours are read by axe at rest: no transition caught half-way.
    await page.emulateMedia({ reducedMotion: 'reduce' });
  });
  afterAll(async () => {
    await context?.close();
    await browser?.close();
    await server?.stop();
  });

  it('signed-out screens have no serious axe violations in either theme, desktop or phone', async () => {
    const problems: string[] = [];
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await page.locator('html').getAttribute('lang')).toBe('en');
    expect(await page.title()).not.toBe('');
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of THEMES) {
        await useTheme(page, theme);
        problems.push(...(await scan(page, `landing ${theme} ${label}`)));
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.goto('/instagram-data-deletion');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      problems.push(...(await scan(page, `data deletion ${theme}`)));
    }
    expect(problems).toEqual([]);
  });

  it('signed-in screens, the report, its modal and drawers have no serious axe violations', async () => {
    const problems: string[] = [];
    await page.goto('/');
    await useTheme(page, 'dark');
    await signUp(page, uniqueEmail('a11y'));
    for (const theme of THEMES) {
      await useTheme(page, theme);
      problems.push(...(await scan(page, `dashboard ${theme}`)));
    }
    await page.getByLabel('YouTube video link').fill(`https://www.youtube.com/watch?v=${PHONE}`);
    await page.getByRole('button', { name: 'Analyze Comments' }).click();
    await page
      .locator(`[data-testid="report"][data-video-id="${PHONE}"]`)
      .waitFor({ timeout: 120_000 });
    const row = page.getByTestId('cluster-row').first();
    await row.locator('.cluster-row-head').click();
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of THEMES) {
        await useTheme(page, theme);
        problems.push(...(await scan(page, `report ${theme} ${label}`)));

        await row.getByRole('button', { name: 'Comment Evidence' }).click();
        await page.getByRole('dialog', { name: 'Comment Evidence' }).waitFor();
        problems.push(...(await scan(page, `evidence modal ${theme} ${label}`)));
        await page.keyboard.press('Escape');

        for (const name of ['Analyze', 'Comments', 'Chat'] as const) {
          await row.getByRole('button', { name, exact: true }).click();
          const drawer = page.locator('aside.drawer');
          if (name === 'Analyze') await drawer.getByTestId('analysis-summary').waitFor();
          if (name === 'Comments') await drawer.getByTestId('drawer-comment').first().waitFor();
          if (name === 'Chat') await drawer.getByRole('textbox').waitFor();
          problems.push(...(await scan(page, `${name} drawer ${theme} ${label}`)));
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'detached' });
        }

        await page.getByTestId('plan-button').click();
        await page.getByRole('dialog', { name: 'Choose Your Plan' }).waitFor();
        problems.push(...(await scan(page, `plans modal ${theme} ${label}`)));
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize(DESKTOP);
    await page.getByRole('button', { name: 'Workspace', exact: true }).click();
    await page.getByRole('button', { name: 'Create Workspace' }).click();
    await page.getByTestId('workspace-card').getByText('Active').waitFor();
    for (const theme of THEMES) {
      await useTheme(page, theme);
      problems.push(...(await scan(page, `workspaces ${theme}`)));
    }
    await useTheme(page, 'dark');
    expect(problems).toEqual([]);
  });
});
