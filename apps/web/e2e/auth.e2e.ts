import { describe, expect, it } from 'vitest';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  creditsShown,
  newPage,
  screenshot,
  seriousViolations,
  signIn,
  signUp,
  toggleTheme,
  uniqueEmail,
  useServerAndBrowser,
  viewportScreenshot,
} from './support';

// Issue 2: accounts and the app shell in a real browser against the real server.
describe('accounts and shell', () => {
  const app = useServerAndBrowser();

  it('a new user signs up (3 credits, Basic), signs out, signs in; a wrong password changes nothing', async () => {
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    await page.goto('/');
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('dark');
    await page.getByText('AI-Powered Analytics').waitFor();
    await page.getByText('Comments Analyzed', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Password').getAttribute('type')).toBe('password');
    expect(await seriousViolations(page)).toEqual([]);

    const email = uniqueEmail('signup');
    await signUp(page, email);
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(await page.getByTestId('plan-button').innerText()).toBe('Basic');
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    expect(await page.evaluate(() => localStorage.getItem('credits_balance'))).toBe('3');
    expect(await page.evaluate(() => localStorage.getItem('subscription_plan'))).toBe('basic');
    await page.getByRole('heading', { name: 'Analyze YouTube Comments' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    // The plans modal says a new account has no subscription (no plan marked current) and closes
    // on Escape.
    await page.getByTestId('plan-button').click();
    const dialog = page.getByRole('dialog', { name: 'Choose Your Plan' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    await expect
      .poll(() => dialog.getByTestId('plan-status').innerText())
      .toBe('No subscription yet: you are using your free credits.');
    expect(await page.getByTestId('plan-card-basic').getAttribute('data-current')).toBe('false');
    expect(await page.getByTestId('plan-card-pro').getAttribute('data-current')).toBe('false');
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('explicit_signout'))).toBe('true');

    // Wrong password: an error, still signed out, nothing stored.
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('not the password');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).click();
    await expect
      .poll(() => page.getByTestId('auth-error').innerText())
      .toBe('Invalid email or password.');
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();

    await signIn(page, email);
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(await page.evaluate(() => localStorage.getItem('explicit_signout'))).toBeNull();
    // Back from checkout: the balance is refreshed and ?checkout= leaves the address.
    await page.goto('/?checkout=success&ref=1');
    await expect.poll(() => new URL(page.url()).search).toBe('?ref=1');
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a registered e-mail and a short password give the server message', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await page.goto('/');
    const email = uniqueEmail('dup');
    await signUp(page, email);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await page.getByTestId('auth-error').waitFor();
    expect((await page.getByTestId('auth-error').innerText()).length).toBeGreaterThan(5);
    await page.getByLabel('Email').fill(uniqueEmail('short'));
    await page.getByLabel('Password').fill('short');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await expect
      .poll(() => page.getByTestId('auth-error').innerText())
      .toMatch(/at least 8 characters/);
    await context.close();
  });

  it('the theme choice survives a reload', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await page.goto('/');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
    await page.reload();
    await expect.poll(() => page.locator('html').getAttribute('data-theme')).toBe('light');
    await page.getByRole('button', { name: 'Switch to dark theme' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('an expired token shows the session-expired banner, signed out', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await page.goto('/');
    await page.evaluate(() => {
      localStorage.setItem('auth_token', 'bogus-token-that-the-server-never-issued');
      localStorage.setItem('credits_balance', '42');
    });
    await page.reload();
    const banner = page.getByTestId('session-expired');
    await banner.waitFor();
    expect(await banner.innerText()).toContain(
      'Session expired. Please sign in again to continue.',
    );
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    await page.getByTestId('hero').waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('credits_balance'))).toBeNull();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await context.close();
  });

  it('legal pages, routes and unknown paths', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    for (const [path, heading] of [
      ['/privacy-policy', 'Privacy Policy'],
      ['/terms-of-service', 'Terms of Service'],
      ['/instagram-data-deletion', 'Data Deletion Instructions'],
    ] as const) {
      await page.goto(path);
      await page.getByRole('heading', { level: 1, name: heading }).waitFor();
      await page.getByRole('link', { name: 'Back to App' }).waitFor();
      expect(await page.getByText(/© \d{4} Chorus/).count()).toBe(1);
      expect(await seriousViolations(page)).toEqual([]);
    }
    await page.goto('/some/unknown/path');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    // The Legal dropdown in the header opens the legal pages.
    await page.getByRole('button', { name: 'Legal' }).click();
    await page.getByRole('link', { name: 'Terms of Service' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Terms of Service' }).waitFor();
    await context.close();
  });

  it('signed out, Analyze URL, Create a Workspace and Workspace say why they lead to sign-in', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page, context, pageErrors } = await newPage(app.browser, {
        baseURL: app.server.url,
        viewport,
      });
      await page.goto('/');
      await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
      expect(await page.getByTestId('auth-reason').count()).toBe(0);
      const email = page.getByLabel('Email');
      for (const [press, why] of [
        [
          () => page.getByRole('button', { name: 'Analyze URL' }).click(),
          'Sign in to analyze a video.',
        ],
        [
          () => page.getByRole('button', { name: 'Create a Workspace' }).click(),
          'Sign in to create a workspace.',
        ],
        [
          () =>
            page
              .getByRole('navigation', { name: 'Main' })
              .getByRole('button', { name: 'Workspace' })
              .click(),
          'Sign in to open your workspaces.',
        ],
      ] as const) {
        await press();
        const reason = page.getByTestId('auth-reason');
        await expect
          .poll(() => reason.innerText())
          .toBe(`${why} New here? Create an account: it comes with 3 free credits.`);
        // read out (a live region) and describing the e-mail field the focus is on
        expect(await page.locator('[role="status"]').filter({ has: reason }).count()).toBe(1);
        await expect.poll(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await email.getAttribute('aria-describedby')).toBe('auth-reason');
        expect(await reason.isVisible()).toBe(true);
      }
      // the Workspace link of a legal page leads to the sign-in card with the same word
      await page.goto('/privacy-policy');
      await page
        .getByRole('navigation', { name: 'Main' })
        .getByRole('link', { name: 'Workspace' })
        .click();
      await expect
        .poll(() => page.getByTestId('auth-reason').innerText())
        .toMatch(/^Sign in to open your workspaces\. /);
      // the workspaces address keeps the sign-in card; Analyze URL lives on the home page
      await page.goto('/');
      for (const theme of ['dark', 'light'] as const) {
        await toggleTheme(page, theme);
        await page.getByRole('button', { name: 'Analyze URL' }).click();
        await page.getByTestId('auth-reason').scrollIntoViewIfNeeded();
        await viewportScreenshot(page, `sign-in-reason-${theme}-${label}`);
      }
      expect(await seriousViolations(page)).toEqual([]);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
  });

  it('screenshots: signed-out and signed-in, light and dark, desktop and mobile', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page, context } = await newPage(app.browser, { baseURL: app.server.url, viewport });
      for (const theme of ['dark', 'light'] as const) {
        await page.goto('/');
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.reload();
        await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
        await page.waitForTimeout(2600); // let the counter finish its 2.4 s animation
        await screenshot(page, `signed-out-${theme}-${label}`);
      }
      await signUp(page, uniqueEmail('shots'));
      for (const theme of ['dark', 'light'] as const) {
        await page.evaluate((t) => localStorage.setItem('theme', t), theme);
        await page.reload();
        await page.getByRole('heading', { name: 'Recent Analyses' }).waitFor();
        await page.waitForTimeout(2600);
        await screenshot(page, `signed-in-${theme}-${label}`);
      }
      await context.close();
    }
  });
});
