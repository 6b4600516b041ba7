import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  apiSignUp,
  linkFromOutbox,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  toggleTheme,
  uniqueEmail,
  useServerAndBrowser,
  viewportScreenshot,
} from './support';

const NEW_PASSWORD = 'a fresh start 2026';
const INVALID_LINK = 'This reset link has expired or was already used. Ask for a new one.';
const SENT = "If an account uses that address, we've e-mailed it a link to choose a new password.";

describe('forgot password: from the auth card through the e-mail to signing in', () => {
  // info: the outbox's log line (the file's path) is part of what is checked
  const app = useServerAndBrowser({ env: { LOG_LEVEL: 'info' } });

  it('asks for a link, opens it from the outbox, sets a new password and is signed in; old sessions end', async () => {
    const email = uniqueEmail('forgot');
    const oldSession = await apiSignUp(app.server.url, email);
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    const referers: string[] = [];
    page.on('request', (request) => {
      const referer = request.headers()['referer'];
      if (referer) referers.push(`${request.url()} <- ${referer}`);
    });

    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    // the spec's strings of the auth card are all still there
    for (const name of ['Sign in to Dashboard', 'Create Account']) {
      expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
    }
    await page.locator('#auth-card').getByLabel('Email').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.waitFor();
    expect(await dialog.getByLabel('Email').inputValue()).toBe(email.toUpperCase());
    expect(await seriousViolations(page)).toEqual([]);
    await screenshot(page, 'password-reset-dialog-dark-desktop');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByTestId('reset-requested').innerText()).toBe(SENT);
    await screenshot(page, 'password-reset-dialog-sent-dark-desktop');
    // a creator is told to check the inbox, never where a server without SMTP keeps its e-mails
    expect(await dialog.innerText()).toContain('Check your inbox');
    expect(await dialog.innerText()).not.toMatch(/outbox|DATA_DIR|whoever runs/i);
    // the light theme under the open dialog (the header's toggle is behind the dialog's backdrop)
    const paint = (theme: 'light' | 'dark') =>
      page.evaluate((t) => {
        document.documentElement.setAttribute('data-theme', t);
        document.documentElement.style.colorScheme = t;
      }, theme);
    await page.setViewportSize(MOBILE);
    await viewportScreenshot(page, 'password-reset-dialog-sent-dark-mobile');
    await paint('light');
    await viewportScreenshot(page, 'password-reset-dialog-sent-light-mobile');
    await page.setViewportSize(DESKTOP);
    await viewportScreenshot(page, 'password-reset-dialog-sent-light-desktop');
    await paint('dark');
    await dialog.getByRole('button', { name: 'Done' }).click();
    await dialog.waitFor({ state: 'detached' });

    // The e-mail went to the address on the account (lower case), as an .eml file in the outbox.
    const { link, file } = await linkFromOutbox(app.server, email, 'reset-password');
    expect(link.startsWith(`${app.server.url}/reset-password?token=`)).toBe(true);
    const token = new URL(link).searchParams.get('token')!;
    // The log names the file, never the link.
    await expect.poll(() => app.server.logs()).toContain(file);
    expect(app.server.logs()).not.toContain(token);

    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expect.poll(() => page.url()).toBe(`${app.server.url}/reset-password`);
    const field = page.getByLabel('New password', { exact: true });
    expect(await field.getAttribute('type')).toBe('password');
    expect(await field.getAttribute('autocomplete')).toBe('new-password');

    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['phone', MOBILE],
    ] as const) {
      await page.setViewportSize(viewport);
      for (const theme of ['dark', 'light'] as const) {
        await toggleTheme(page, theme);
        expect(await seriousViolations(page), `${theme} ${label}`).toEqual([]);
        await screenshot(page, `password-reset-page-${theme}-${label}`);
      }
    }
    await page.setViewportSize(DESKTOP);

    // A password too short: the server's rule, in the alert line; the link is not used up.
    await field.fill('short');
    await page.getByRole('button', { name: 'Set new password and sign in' }).click();
    await expect
      .poll(() => page.getByTestId('reset-error').innerText())
      .toBe('Passwords are at least 8 characters long.');
    await screenshot(page, 'password-reset-page-error-light-desktop');

    await field.fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password and sign in' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await page.getByRole('heading', { name: 'Analyze YouTube Comments' }).waitFor();

    // Nothing the page asked for carried the token in a Referer.
    expect(referers.filter((r) => r.includes('token='))).toEqual([]);

    // The session from before the reset is over.
    const me = await fetch(`${app.server.url}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${oldSession}` },
    });
    expect(me.status).toBe(401);

    // Signed out, the old password fails and the new one signs in.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    await page.locator('#auth-card').getByLabel('Email').fill(email);
    await page.locator('#auth-card').getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).click();
    await expect
      .poll(() => page.getByTestId('auth-error').innerText())
      .toBe('Invalid email or password.');
    await page.locator('#auth-card').getByLabel('Email').fill('');
    await signIn(page, email, NEW_PASSWORD);

    // The link works once.
    await page.goto(link);
    await page.getByLabel('New password', { exact: true }).fill('another new password');
    await page.getByRole('button', { name: 'Set new password and sign in' }).click();
    await expect.poll(() => page.getByTestId('reset-error').innerText()).toBe(INVALID_LINK);

    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('an unknown address gets the same message, and no e-mail is written', async () => {
    const { page, context } = await newPage(app.browser, {
      baseURL: app.server.url,
      viewport: MOBILE,
    });
    const outbox = path.join(app.server.dataDir, 'outbox');
    const before = fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0;
    await page.goto('/');
    await toggleTheme(page, 'light');
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    const dialog = page.getByRole('dialog', { name: 'Reset your password' });
    await dialog.getByLabel('Email').fill(uniqueEmail('nobody'));
    await screenshot(page, 'password-reset-dialog-light-phone');
    await dialog.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => dialog.getByTestId('reset-requested').innerText()).toBe(SENT);
    await new Promise((r) => setTimeout(r, 500));
    expect(fs.existsSync(outbox) ? fs.readdirSync(outbox).length : 0).toBe(before);
    await context.close();
  });
});
