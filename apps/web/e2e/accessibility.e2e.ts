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
  toggleTheme,
} from './support';
import type { AxeProblem, RunningServer } from './support';

// Accessibility of the web app in Chromium against the real server: axe-core (every rule it runs
// by default, WCAG A/AA and best practice) on the key screens in both themes, at desktop and phone
// width, fails on any serious or critical violation; and the keyboard: Escape, Tab kept inside an
// open modal or drawer, focus given back to what opened it.

const SOURDOUGH = 'Sd7wQy2Rb5M'; // 100 comments: the comments drawer scrolls

type Theme = 'dark' | 'light';
const THEMES: Theme[] = ['dark', 'light'];

/**
 * Serious or critical axe problems, each tagged with where it was found, and whether the screen has
 * exactly one h1 (axe's page-has-heading-one is only 'moderate'); empty when all is well.
 */
async function scan(page: Page, where: string): Promise<string[]> {
  const found: AxeProblem[] = await seriousViolationsAllRules(page);
  const problems = found.map(
    (v) => `${where}: ${v.id} (${v.impact}) ${v.help} @ ${v.targets.join(', ')}`,
  );
  const h1 = await page.locator('h1').count();
  if (h1 !== 1) problems.push(`${where}: ${h1} h1 headings, not one`);
  for (const weak of await weakFieldEdges(page)) problems.push(`${where}: ${weak}`);
  return problems;
}

/**
 * Text fields whose edge (the border of the field, or of the box drawn around it) has less than
 * 3:1 contrast with what surrounds it (WCAG 1.4.11 non-text contrast; axe does not check it).
 */
const SIZES = [
  ['desktop', DESKTOP],
  ['phone', MOBILE],
] as const;

/** Scans the page in both themes at both sizes, then goes back to the desktop size. */
async function scanAtEverySize(page: Page, what: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [label, viewport] of SIZES) {
    await page.setViewportSize(viewport);
    for (const theme of THEMES) {
      await toggleTheme(page, theme);
      problems.push(...(await scan(page, `${what} ${theme} ${label}`)));
    }
  }
  await page.setViewportSize(DESKTOP);
  return problems;
}

async function weakFieldEdges(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const rgb = (c: string) => (c.match(/[\d.]+/g) ?? []).map(Number);
    const lum = (c: string) => {
      const [r, g, b] = rgb(c).map((v) => {
        const x = v / 255;
        return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const ratio = (a: string, b: string) => {
      const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
      return (hi! + 0.05) / (lo! + 0.05);
    };
    const opaque = (c: string) => c !== 'transparent' && !/rgba\(.*,\s*0\)$/.test(c);
    const fields = Array.from(
      document.querySelectorAll<HTMLElement>(
        'input:not([type=checkbox]):not([type=radio]):not([type=hidden]), [contenteditable=true]',
      ),
    ).filter((el) => el.getClientRects().length > 0);
    const weak: string[] = [];
    for (const field of fields) {
      let edge: HTMLElement | null = field;
      while (edge && getComputedStyle(edge).borderTopStyle === 'none') edge = edge.parentElement;
      if (!edge) continue;
      let around = edge.parentElement;
      while (around && !opaque(getComputedStyle(around).backgroundColor))
        around = around.parentElement;
      const outside = around ? getComputedStyle(around).backgroundColor : 'rgb(255, 255, 255)';
      const r = ratio(getComputedStyle(edge).borderTopColor, outside);
      const name =
        field.getAttribute('aria-label') ?? field.getAttribute('name') ?? field.className;
      if (r < 3) weak.push(`field edge of "${name}" at ${r.toFixed(2)}:1 (needs 3:1)`);
    }
    return weak;
  });
}

/** The focused element's name (aria-label or text) and whether it lies inside `selector`. */
async function focused(page: Page, selector: string): Promise<{ name: string; inside: boolean }> {
  return page.evaluate((sel) => {
    const el = document.activeElement as HTMLElement | null;
    if (el === null || el === document.body) return { name: '<body>', inside: false };
    const name = el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName;
    return { name, inside: el.closest(sel) !== null };
  }, selector);
}

/** Presses Tab (or Shift+Tab) `times` times; returns where focus was after each press. */
async function tabAround(page: Page, selector: string, times: number, shift = false) {
  const seen: { name: string; inside: boolean }[] = [];
  for (let i = 0; i < times; i++) {
    await page.keyboard.press(shift ? 'Shift+Tab' : 'Tab');
    seen.push(await focused(page, selector));
  }
  return seen;
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
    problems.push(...(await scanAtEverySize(page, 'landing')));
    await page.goto('/instagram-data-deletion');
    await page.getByRole('heading', { level: 1 }).waitFor();
    for (const theme of THEMES) {
      await toggleTheme(page, theme);
      problems.push(...(await scan(page, `data deletion ${theme}`)));
    }
    // Forgot password?: its dialog on the landing page, and the page a reset link opens (here
    // with a token the server never issued, so it also shows its alert line after a try).
    for (const [label, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      await page.goto('/');
      const forgot = page.getByRole('button', { name: 'Forgot password?' });
      for (const theme of THEMES) {
        await toggleTheme(page, theme);
        await forgot.click();
        const dialog = page.getByRole('dialog', { name: 'Reset your password' });
        await dialog.waitFor();
        problems.push(...(await scan(page, `forgot password dialog ${theme} ${label}`)));
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        // Escape gives focus back to the link that opened the dialog
        expect(await forgot.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      await page.goto(`/reset-password?token=${'A'.repeat(43)}`);
      await page.getByLabel('New password', { exact: true }).fill('a new password');
      await page.getByRole('button', { name: 'Set new password and sign in' }).click();
      await page.getByTestId('reset-error').waitFor();
      for (const theme of THEMES) {
        await toggleTheme(page, theme);
        problems.push(...(await scan(page, `reset password page ${theme} ${label}`)));
      }
    }
    await page.setViewportSize(DESKTOP);
    expect(problems).toEqual([]);
  });

  it('keyboard: Escape in the Legal menu gives focus back to its button; tabbing out closes it', async () => {
    await page.goto('/');
    const legal = page.getByRole('button', { name: 'Legal' });
    const menu = page.locator('#legal-menu');
    await legal.focus();
    await page.keyboard.press('Enter');
    await menu.waitFor();
    await page.keyboard.press('Tab');
    expect((await focused(page, '#legal-menu')).name).toBe('Privacy Policy');
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'detached' });
    expect(await legal.evaluate((el) => el === document.activeElement)).toBe(true);

    await page.keyboard.press('Enter');
    await menu.waitFor();
    const names = (await tabAround(page, '#legal-menu', 4)).map((f) => f.name);
    expect(names.slice(0, 3)).toEqual(['Privacy Policy', 'Terms of Service', 'Data Deletion']);
    await menu.waitFor({ state: 'detached' });
    expect(await legal.getAttribute('aria-expanded')).toBe('false');
  });

  it('with reduced motion, Get Started jumps to the sign-in card instead of scrolling smoothly', async () => {
    // beforeAll emulates prefers-reduced-motion: reduce.
    await page.setViewportSize(MOBILE);
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    const scrolled = await page.evaluate(async () => {
      const frame = () => new Promise((r) => requestAnimationFrame(() => r(null)));
      const button = Array.from(document.querySelectorAll('button')).find(
        (b) => b.textContent?.trim() === 'Get Started',
      )!;
      button.click();
      // the app scrolls in the next frame; one more and a jump has landed, a smooth scroll has not
      await frame();
      await frame();
      await frame();
      const early = window.scrollY;
      await new Promise((r) => setTimeout(r, 1500));
      return { early, late: window.scrollY };
    });
    await page.setViewportSize(DESKTOP);
    expect(scrolled.late).toBeGreaterThan(0);
    expect(scrolled.early).toBe(scrolled.late);
  });

  it('signed-in screens, the report, its modal and drawers have no serious axe violations', async () => {
    const problems: string[] = [];
    await page.goto('/');
    await toggleTheme(page, 'dark');
    await signUp(page, uniqueEmail('a11y'));
    for (const theme of THEMES) {
      await toggleTheme(page, theme);
      problems.push(...(await scan(page, `dashboard ${theme}`)));
    }
    await page
      .getByLabel('YouTube video link')
      .fill(`https://www.youtube.com/watch?v=${SOURDOUGH}`);
    await page.getByRole('button', { name: 'Analyze Comments' }).click();
    await page.getByTestId('confirm-analyze').click();
    await page
      .locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`)
      .waitFor({ timeout: 120_000 });
    const row = page.getByTestId('cluster-row').first();
    await row.locator('.cluster-row-head').click();
    for (const [label, viewport] of SIZES) {
      await page.setViewportSize(viewport);
      for (const theme of THEMES) {
        await toggleTheme(page, theme);
        problems.push(...(await scan(page, `report ${theme} ${label}`)));

        await row.getByRole('button', { name: 'Comment Evidence' }).click();
        await page.getByRole('dialog', { name: 'Comment Evidence' }).waitFor();
        problems.push(...(await scan(page, `evidence modal ${theme} ${label}`)));
        await page.keyboard.press('Escape');

        for (const name of ['Analyze', 'Comments', 'Chat'] as const) {
          await row.getByRole('button', { name, exact: true }).click();
          const drawer = page.locator('aside.drawer');
          if (name === 'Analyze') await drawer.getByTestId('analysis-summary').waitFor();
          if (name === 'Comments') {
            await drawer.getByTestId('drawer-comment').first().waitFor();
            // enough comments that the list scrolls: the scan covers a scrolling region
            const body = drawer.locator('.drawer-body');
            expect(await body.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
          }
          if (name === 'Chat') await drawer.getByRole('textbox').waitFor();
          problems.push(...(await scan(page, `${name} drawer ${theme} ${label}`)));
          await page.keyboard.press('Escape');
          await drawer.waitFor({ state: 'detached' });
        }

        await page.getByTestId('plan-button').click();
        await page.getByRole('dialog', { name: 'Choose Your Plan' }).waitFor();
        problems.push(...(await scan(page, `plans modal ${theme} ${label}`)));
        await page.keyboard.press('Escape');

        await page.getByTestId('credits-pill').click();
        await page.getByRole('dialog', { name: 'Credit history' }).waitFor();
        await page.getByTestId('credit-line').first().waitFor();
        problems.push(...(await scan(page, `credit history ${theme} ${label}`)));
        await page.keyboard.press('Escape');
      }
    }
    // The history page (every analysis, with search), at both sizes.
    await page.getByRole('link', { name: 'View all analyses' }).click();
    await page.getByTestId('history-row').first().waitFor();
    problems.push(...(await scanAtEverySize(page, 'history')));
    // The workspace screens in turn: `open` goes there once, `show` brings back after each theme
    // switch what the toggle's click closed.
    const bell = page.getByTestId('notifications-bell');
    const panel = page.getByTestId('notifications-panel');
    const workspaceScreens: {
      name: string;
      open: () => Promise<void>;
      show?: () => Promise<void>;
    }[] = [
      {
        name: 'workspaces',
        open: async () => {
          await page.getByRole('button', { name: 'Workspace', exact: true }).click();
          await page.getByRole('button', { name: 'Create Workspace' }).click();
          await page.getByTestId('workspace-card').getByText('Active').waitFor();
        },
      },
      {
        name: 'workspace detail and alert rules',
        open: async () => {
          await page.getByTestId('workspace-card').locator('.ws-avatar').first().click();
          await page.getByRole('tablist').waitFor();
          await page.getByTestId('alert-rules').waitFor();
        },
      },
      {
        name: 'workspace insights',
        open: async () => {
          await page.getByRole('tab', { name: 'Insights' }).click();
          await page.getByTestId('insights-empty').waitFor();
        },
      },
      {
        name: 'questions inbox',
        open: async () => {
          await page.getByTestId('ws-questions-link').click();
          await page.getByTestId('questions-inbox').waitFor();
        },
      },
      {
        name: 'notifications',
        open: () => Promise.resolve(),
        show: async () => {
          if ((await panel.count()) === 0) await bell.click();
          await panel.waitFor();
        },
      },
    ];
    for (const screen of workspaceScreens) {
      await screen.open();
      for (const theme of THEMES) {
        await toggleTheme(page, theme);
        await screen.show?.();
        problems.push(...(await scan(page, `${screen.name} ${theme}`)));
      }
    }
    await page.keyboard.press('Escape');
    await toggleTheme(page, 'dark');
    expect(problems).toEqual([]);
  });

  it('keyboard: the evidence modal and each drawer keep Tab inside, close on Escape and give focus back', async () => {
    // Back from the questions inbox the previous test ended on, to the report.
    await page.getByRole('button', { name: 'Home', exact: true }).click();
    const report = page.locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`);
    const item = page.locator(`[data-testid="history-item"][data-video-id="${SOURDOUGH}"]`);
    await report.or(item).first().waitFor();
    if ((await report.count()) === 0) await item.click();
    await report.waitFor();
    const row = page.getByTestId('cluster-row').first();
    const head = row.locator('.cluster-row-head');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();

    // The modal: focus starts inside, Tab and Shift+Tab wrap, Escape gives focus to its opener.
    await row.getByRole('button', { name: 'Comment Evidence' }).focus();
    await page.keyboard.press('Enter');
    const modal = '[role="dialog"][aria-modal="true"]';
    await page.getByRole('dialog', { name: 'Comment Evidence' }).waitFor();
    expect((await focused(page, modal)).inside).toBe(true);
    expect((await tabAround(page, modal, 4)).every((f) => f.inside)).toBe(true);
    expect((await tabAround(page, modal, 4, true)).every((f) => f.inside)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog', { name: 'Comment Evidence' }).waitFor({ state: 'detached' });
    expect((await focused(page, 'body')).name).toBe('Comment Evidence');

    // The drawers, at phone width (where a drawer covers the whole page) and on a desktop.
    for (const viewport of [MOBILE, DESKTOP]) {
      await page.setViewportSize(viewport);
      for (const name of ['Analyze', 'Comments', 'Chat'] as const) {
        await row.getByRole('button', { name, exact: true }).focus();
        await page.keyboard.press('Enter');
        const drawer = page.locator('aside.drawer');
        await drawer.waitFor();
        expect((await focused(page, 'aside.drawer')).inside).toBe(true);
        const forward = await tabAround(page, 'aside.drawer', 6);
        const back = await tabAround(page, 'aside.drawer', 6, true);
        expect({ name, forward, back }).toEqual({
          name,
          forward: forward.map((f) => ({ ...f, inside: true })),
          back: back.map((f) => ({ ...f, inside: true })),
        });
        expect(await drawer.getAttribute('aria-modal')).toBe('true');
        await page.keyboard.press('Escape');
        await drawer.waitFor({ state: 'detached' });
        expect((await focused(page, 'body')).name).toBe(name);
      }
    }
  });
  it('the export menu, the share dialog and a shared report page have no serious axe violations', async () => {
    const problems: string[] = [];
    const owner = await newPage(browser, { baseURL: server.url });
    const stranger = await newPage(browser, { baseURL: server.url });
    try {
      const p = owner.page;
      await p.emulateMedia({ reducedMotion: 'reduce' });
      await p.goto('/');
      await signUp(p, uniqueEmail('a11y-share'));
      await p.getByLabel('YouTube video link').fill(`https://www.youtube.com/watch?v=${SOURDOUGH}`);
      await p.getByRole('button', { name: 'Analyze Comments' }).click();
      await p.getByTestId('confirm-analyze').click();
      await p
        .locator(`[data-testid="report"][data-video-id="${SOURDOUGH}"]`)
        .waitFor({ timeout: 120_000 });
      await p.getByRole('button', { name: 'Share', exact: true }).click();
      const dialog = p.getByRole('dialog', { name: 'Share this report' });
      await dialog.getByRole('button', { name: 'Create link' }).click();
      const link = await dialog.getByTestId('share-link').inputValue();
      await p.keyboard.press('Escape');
      const s = stranger.page;
      await s.emulateMedia({ reducedMotion: 'reduce' });
      await s.goto(link);
      await s.getByTestId('report').waitFor();
      for (const [label, viewport] of SIZES) {
        await p.setViewportSize(viewport);
        await s.setViewportSize(viewport);
        for (const theme of THEMES) {
          await toggleTheme(p, theme);
          await p.getByRole('button', { name: /^Export/ }).click();
          await p.getByRole('menu', { name: 'Export the report' }).waitFor();
          problems.push(...(await scan(p, `export menu ${theme} ${label}`)));
          await p.keyboard.press('Escape');
          await p.getByRole('button', { name: 'Share', exact: true }).click();
          await dialog.getByTestId('share-item').first().waitFor();
          problems.push(...(await scan(p, `share dialog ${theme} ${label}`)));
          await p.keyboard.press('Escape');
          await toggleTheme(s, theme);
          problems.push(...(await scan(s, `shared report ${theme} ${label}`)));
        }
      }
    } finally {
      await owner.context.close();
      await stranger.context.close();
    }
    expect(problems).toEqual([]);
  });
});
