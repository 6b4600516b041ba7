import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  MOBILE,
  linkFromOutbox,
  newPage,
  screenshot,
  seriousViolations,
  signUp,
  toggleTheme,
  uniqueEmail,
  useServerAndBrowser,
} from './support';

/** Each theme at 1280 and 390 px: axe-clean, with a screenshot named `${name}-${theme}-${size}`. */
async function shootAll(page: Page, name: string): Promise<void> {
  for (const [label, viewport] of [
    ['desktop', DESKTOP],
    ['phone', MOBILE],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const theme of ['dark', 'light'] as const) {
      await toggleTheme(page, theme);
      expect(await seriousViolations(page), `${name} ${theme} ${label}`).toEqual([]);
      await screenshot(page, `${name}-${theme}-${label}`);
    }
  }
  await page.setViewportSize(DESKTOP);
}

describe('e-mail verification: from sign-up through the e-mail to the confirmed address', () => {
  const app = useServerAndBrowser({ env: { LOG_LEVEL: 'info' } });

  it('signs up, sees the notice, sends again, opens the newest link and the notice is gone', async () => {
    const email = uniqueEmail('verify');
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    const referers: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers()['referer'];
      if (referer) referers.push(`${request.url()} <- ${referer}`);
    });

    await page.goto('/');
    await signUp(page, email);
    const notice = page.getByTestId('verify-notice');
    await notice.waitFor();
    expect(await notice.locator('p').first().innerText()).toBe(
      `Confirm your e-mail address: we’ve sent a link to ${email}.`,
    );
    // a creator is told to check the inbox, never where a server without SMTP keeps its e-mails
    expect(await notice.innerText()).not.toMatch(/outbox|DATA_DIR|whoever runs/i);
    const first = await linkFromOutbox(app.server, email, 'verify-email');
    const firstToken = new URL(first.link).searchParams.get('token')!;
    await expect.poll(() => app.server.logs()).toContain(first.file);
    expect(app.server.logs()).not.toContain(firstToken);
    await shootAll(page, 'verify-email-notice');

    // Send again: a new link, the first one void.
    await notice.getByRole('button', { name: 'Send again' }).click();
    await notice.getByText('We sent a new link. It works for 24 hours.').waitFor();
    await screenshot(page, 'verify-email-notice-sent-light-desktop');
    // Dismiss sticks: the notice stays away after a reload
    await notice.getByRole('button', { name: 'Dismiss' }).click();
    await page.reload();
    await page.getByRole('heading', { name: 'Analyze YouTube Comments' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.getByTestId('verify-notice').count()).toBe(0);
    let second = first;
    await expect
      .poll(async () => (second = await linkFromOutbox(app.server, email, 'verify-email')).link)
      .not.toBe(first.link);

    await page.goto(first.link);
    await page.getByRole('heading', { level: 1, name: 'Confirm your e-mail address' }).waitFor();
    await expect.poll(() => page.url()).toBe(`${app.server.url}/verify-email`);
    await expect
      .poll(() => page.getByTestId('verify-error').innerText())
      .toBe(
        'This confirmation link has expired or was already used. Sign in and ask for a new one.',
      );
    await screenshot(page, 'verify-email-page-error-light-desktop');

    await page.goto(second.link);
    await expect.poll(() => page.url()).toBe(`${app.server.url}/verify-email`);
    await expect
      .poll(() => page.getByTestId('verify-confirmed').innerText())
      .toBe('Your e-mail address is confirmed.');
    await shootAll(page, 'verify-email-page-confirmed');

    await page.getByRole('link', { name: 'Go to Chorus' }).click();
    await page.getByRole('heading', { name: 'Analyze YouTube Comments' }).waitFor();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await new Promise((r) => setTimeout(r, 300));
    expect(await page.getByTestId('verify-notice').count()).toBe(0);
    // and after a reload too
    await page.reload();
    await page.getByRole('heading', { name: 'Analyze YouTube Comments' }).waitFor();
    await new Promise((r) => setTimeout(r, 500));
    expect(await page.getByTestId('verify-notice').count()).toBe(0);
    await screenshot(page, 'verify-email-dashboard-confirmed-light-desktop');

    expect(referers.filter((r) => r.includes('token='))).toEqual([]);
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('signed out, the link asks to sign in and is not used up', async () => {
    const email = uniqueEmail('verify-out');
    const { page, context } = await newPage(app.browser, {
      baseURL: app.server.url,
      viewport: MOBILE,
    });
    await page.goto('/');
    await signUp(page, email);
    const { link } = await linkFromOutbox(app.server, email, 'verify-email');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    await page.goto(link);
    await page
      .getByText(
        'Sign in to the account this address belongs to, then open the link in the e-mail again.',
      )
      .waitFor();
    await toggleTheme(page, 'dark');
    await screenshot(page, 'verify-email-page-signed-out-dark-phone');
    await context.close();
  });
});
