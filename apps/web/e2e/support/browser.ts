import fs from 'node:fs';
import path from 'node:path';
import { chromium } from 'playwright-core';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { screenshotsDir } from './paths';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export const DESKTOP = { width: 1280, height: 800 };
export const MOBILE = { width: 390, height: 844 };

/** Debian's Chromium, headless. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
}

// A grey 16:9 SVG stands in for YouTube thumbnails: tests never reach beyond 127.0.0.1.
const THUMB_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270"><rect width="480" height="270" fill="#6b7280"/></svg>';

/**
 * A fresh context (empty local storage) and page. Requests to the YouTube image host get a local
 * placeholder; any other request beyond 127.0.0.1 is aborted and recorded in `offsite`.
 */
export async function newPage(
  browser: Browser,
  opts: { viewport?: { width: number; height: number }; baseURL: string },
): Promise<{ context: BrowserContext; page: Page; offsite: string[]; pageErrors: string[] }> {
  const context = await browser.newContext({
    viewport: opts.viewport ?? DESKTOP,
    baseURL: opts.baseURL,
  });
  const offsite: string[] = [];
  await context.route(
    (url) => url.hostname !== '127.0.0.1' && url.hostname !== 'localhost',
    async (route) => {
      const u = new URL(route.request().url());
      if (u.hostname === 'i.ytimg.com') {
        await route.fulfill({ status: 200, contentType: 'image/svg+xml', body: THUMB_SVG });
        return;
      }
      offsite.push(route.request().url());
      await route.abort();
    },
  );
  // Generous waits: CI machines can be slow; a wait that passes returns as soon as it can.
  context.setDefaultTimeout(60_000);
  context.setDefaultNavigationTimeout(60_000);
  const page = await context.newPage();
  const pageErrors: string[] = [];
  page.on('pageerror', (e) => pageErrors.push(e.message));
  page.on('dialog', (d) => {
    pageErrors.push(`unexpected dialog: ${d.message()}`);
    void d.dismiss();
  });
  return { context, page, offsite, pageErrors };
}

/** Saves a full-page PNG as artifacts/screenshots/{name}.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  const file = path.join(screenshotsDir, `${name}.png`);
  // Chromium restores the scroll position on reload; a full-page shot should start at the top.
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/** Saves what the viewport shows (a dialog that scrolls inside itself) as {name}.png. */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  await page.screenshot({ path: path.join(screenshotsDir, `${name}.png`) });
}

/** Switches the theme with the header's toggle, as a person would (no reload, state kept). */
export async function toggleTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  const current = await page.evaluate(() => document.documentElement.getAttribute('data-theme'));
  if (current !== theme)
    await page.getByRole('button', { name: `Switch to ${theme} theme` }).click();
  await page.waitForSelector(`html[data-theme="${theme}"]`);
}

/** Sets the theme the way a user's stored choice would, then reloads. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  await page.evaluate((t) => localStorage.setItem('theme', t), theme);
  await page.reload();
  await page.waitForSelector(`html[data-theme="${theme}"]`);
}

/**
 * Full-page screenshots `{name}-{dark,light}-{desktop,mobile}.png`; `restore` brings back what a
 * click on the theme toggle closed (an open dropdown).
 */
export async function photograph(
  page: Page,
  name: string,
  restore: () => Promise<void> = () => Promise.resolve(),
): Promise<void> {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['mobile', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await toggleTheme(page, theme);
      await restore();
      await screenshot(page, `${name}-${theme}-${label}`);
    }
  }
  await page.setViewportSize(DESKTOP);
  await toggleTheme(page, 'dark');
  await restore();
}
