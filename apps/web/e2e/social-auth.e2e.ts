import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
// The stand-ins for Google's certificates and the Graph API are the ones the server's adapter tests
// use: the real server verifies real RS256 tokens and real debug_token answers from 127.0.0.1.
import {
  createGoogleTestKey,
  signGoogleIdToken,
  startGoogleCertsServer,
  type GoogleCertsServer,
} from '../../server/src/providers/google/google-certs.test-support';
import {
  startGraphApiStub,
  type GraphApiStub,
} from '../../server/src/providers/facebook/graph-api-stub.test-support';
import { signRequest } from '../../server/src/providers/facebook/signed-request.test-support';
import {
  DESKTOP,
  MOBILE,
  PASSWORD,
  creditsShown,
  newPage,
  screenshot,
  screenshotsDir,
  seriousViolations,
  setTheme,
  signUp,
  uniqueEmail,
  useServerAndBrowser,
} from './support';

const GIS_URL = 'https://accounts.google.com/gsi/client';
const FB_SDK_URL = 'https://connect.facebook.net/en_US/sdk.js';
const CLIENT_ID = '5550001111-chorus-e2e.apps.googleusercontent.com';

/**
 * A stand-in for Google Identity Services with the library's JavaScript API: prompt() "shows" One
 * Tap and hands the page's callback the given ID token, as Google does after the person picks an
 * account. The page's own code and the real server do the rest.
 */
function fakeGoogleIdentityServices(idToken: string): string {
  return `(() => {
    let config = null;
    window.__gis = { initialized: 0, prompts: 0 };
    window.google = { accounts: { id: {
      initialize(c) { config = c; window.__gis.initialized += 1; window.__gis.clientId = c.client_id; },
      prompt(listener) {
        window.__gis.prompts += 1;
        setTimeout(() => config.callback({ credential: ${JSON.stringify(idToken)}, select_by: 'user' }), 30);
      },
      renderButton() {}, cancel() {}, disableAutoSelect() {},
    } } };
  })();`;
}

/**
 * A stand-in for the Facebook JavaScript SDK: FB.init, FB.getLoginStatus (answering `status`) and
 * FB.login (the person approves; the callback gets the given user access token).
 */
function fakeFacebookSdk(
  accessToken: string,
  userId: string,
  status: 'connected' | 'unknown',
): string {
  const auth = JSON.stringify({ accessToken, userID: userId, expiresIn: 5000 });
  return `(() => {
    window.__fb = { init: null, loginScope: null, statusChecks: 0 };
    window.FB = {
      init(o) { window.__fb.init = o; },
      getLoginStatus(cb) {
        window.__fb.statusChecks += 1;
        cb(${JSON.stringify(status)} === 'connected'
          ? { status: 'connected', authResponse: ${auth} }
          : { status: 'unknown', authResponse: null });
      },
      login(cb, opts) { window.__fb.loginScope = opts && opts.scope; cb({ status: 'connected', authResponse: ${auth} }); },
    };
  })();`;
}

describe('Google and Facebook sign-in, and deleting the account', () => {
  const key = createGoogleTestKey();
  let certs: GoogleCertsServer;
  let graph: GraphApiStub;
  afterAll(async () => {
    await certs?.close();
    await graph?.close();
  });
  const app = useServerAndBrowser({
    env: async () => {
      certs = await startGoogleCertsServer([key]);
      graph = await startGraphApiStub();
      return {
        GOOGLE_CLIENT_ID: CLIENT_ID,
        GOOGLE_CERTS_URL: certs.url,
        FACEBOOK_APP_ID: graph.appId,
        FACEBOOK_APP_SECRET: graph.appSecret,
        FACEBOOK_GRAPH_URL: graph.url,
      };
    },
  });

  /** Serves the fake Google library on this page, with an ID token for a new person. */
  async function routeGoogle(
    page: Page,
    person = { sub: randomUUID(), email: uniqueEmail('gis') },
  ) {
    const idToken = signGoogleIdToken(key, { aud: CLIENT_ID, ...person, name: 'Casey Creator' });
    await page.route(GIS_URL, (route) =>
      route.fulfill({ contentType: 'text/javascript', body: fakeGoogleIdentityServices(idToken) }),
    );
    return person;
  }

  /** Registers a Facebook person with the Graph stub and serves the fake SDK for them. */
  async function routeFacebook(page: Page, status: 'connected' | 'unknown', email?: string) {
    const person = {
      token: `EAAG${randomUUID().replace(/-/g, '')}`,
      id: `1016${Date.now()}`,
      email,
    };
    graph.users.set(person.token, { ...person, name: 'Fran Fan' });
    await page.route(FB_SDK_URL, (route) =>
      route.fulfill({
        contentType: 'text/javascript',
        body: fakeFacebookSdk(person.token, person.id, status),
      }),
    );
    return person;
  }

  it('Continue with Google prompts One Tap and signs a new person in with 3 credits', async () => {
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    await routeGoogle(page);
    await routeFacebook(page, 'unknown');
    await page.goto('/');
    const googleButton = page.getByRole('button', { name: 'Continue with Google' });
    await providerReady(page, 'google');
    await providerReady(page, 'facebook');
    expect(await page.getByTestId('social-note').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);

    await googleButton.click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(await page.getByTestId('plan-button').innerText()).toBe('Basic');
    expect(await page.evaluate(() => (window as unknown as { __gis: unknown }).__gis)).toEqual({
      initialized: 1,
      prompts: 1,
      clientId: CLIENT_ID,
    });
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();
    // Only the two SDK addresses were asked for outside 127.0.0.1 (both served by the routes).
    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('Continue with Facebook logs in with public_profile and email; a second time is the same account', async () => {
    const { page, context, pageErrors } = await newPage(app.browser, { baseURL: app.server.url });
    const email = uniqueEmail('fb');
    await routeGoogle(page);
    const person = await routeFacebook(page, 'unknown', email);
    await page.goto('/');
    const fbButton = page.getByRole('button', { name: 'Continue with Facebook' });
    await providerReady(page, 'facebook');
    // Not connected yet: the status check signs nobody in.
    await expect
      .poll(
        () =>
          page.evaluate(
            () => (window as unknown as { __fb: { statusChecks: number } }).__fb.statusChecks,
          ),
        { timeout: 10_000 },
      )
      .toBe(1);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);

    await fbButton.click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(await page.evaluate(() => (window as unknown as { __fb: unknown }).__fb)).toMatchObject({
      init: { appId: graph.appId, version: 'v23.0' },
      loginScope: 'public_profile,email',
    });
    const firstToken = await page.evaluate(() => localStorage.getItem('auth_token'));
    const me = await fetch(`${app.server.url}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${firstToken}` },
    });
    expect(await me.json()).toMatchObject({ email, providers: ['facebook'], has_password: false });

    // Sign out (explicit_signout), then Facebook again: the same account, still 3 credits.
    await page.getByRole('button', { name: 'Sign out' }).click();
    await fbButton.click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => creditsShown(page)).toBe('3');
    expect(graph.users.has(person.token)).toBe(true);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it("Meta's data deletion request deletes the Facebook account, and the link Meta shows says so", async () => {
    const { page, context, pageErrors } = await newPage(app.browser, { baseURL: app.server.url });
    await routeGoogle(page);
    const person = await routeFacebook(page, 'unknown', uniqueEmail('fb-delete'));
    await page.goto('/');
    await providerReady(page, 'facebook');
    await page.getByRole('button', { name: 'Continue with Facebook' }).click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const token = await page.evaluate(() => localStorage.getItem('auth_token'));

    // Meta posts a form with the signed request to the callback configured in the app's settings
    const signed = signRequest(
      { algorithm: 'HMAC-SHA256', issued_at: Math.floor(Date.now() / 1000), user_id: person.id },
      graph.appSecret,
    );
    const res = await fetch(`${app.server.url}/api/v1/meta/data-deletion`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ signed_request: signed }).toString(),
    });
    expect(res.status).toBe(200);
    const { url, confirmation_code: code } = (await res.json()) as {
      url: string;
      confirmation_code: string;
    };
    expect(url).toBe(`${app.server.url}/instagram-data-deletion?code=${code}`);
    const me = await fetch(`${app.server.url}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);

    // The person opens the link Facebook shows them
    await page.goto(url);
    const status = page.getByTestId('deletion-request');
    await expect
      .poll(() => status.innerText())
      .toMatch(
        new RegExp(
          `^Deletion request ${code}: completed on .+\\. The Chorus account you signed in to with Facebook has been deleted`,
        ),
      );
    expect(await seriousViolations(page)).toEqual([]);
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await expect.poll(() => status.innerText()).toContain(`Deletion request ${code}`);
      await screenshot(page, `data-deletion-request-${theme}-desktop`);
      await page.setViewportSize(MOBILE);
      await screenshot(page, `data-deletion-request-${theme}-mobile`);
      await page.setViewportSize(DESKTOP);
    }
    // A code nobody was given says so
    await page.goto('/instagram-data-deletion?code=DEL-AAAAAAAAAAAA');
    await expect
      .poll(() => page.getByRole('alert').innerText())
      .toBe('No deletion request has that confirmation code. Check the code Facebook showed you.');
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a person Facebook already knows is signed in on load, unless they signed out on purpose', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await routeGoogle(page);
    await routeFacebook(page, 'connected', uniqueEmail('fb-auto'));
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    await expect.poll(() => creditsShown(page)).toBe('3');

    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    await page.reload();
    await providerReady(page, 'facebook');
    await page.waitForTimeout(500);
    expect(await page.getByRole('button', { name: 'Sign out' }).count()).toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('explicit_signout'))).toBe('true');
    await context.close();
  });

  it('screenshots: the auth card with both providers, light and dark, desktop and mobile', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page, context } = await newPage(app.browser, { baseURL: app.server.url, viewport });
      await routeGoogle(page);
      await routeFacebook(page, 'unknown');
      await page.goto('/');
      for (const theme of ['dark', 'light'] as const) {
        await setTheme(page, theme);
        const card = page.locator('#auth-card');
        await providerReady(page, 'google');
        await card.scrollIntoViewIfNeeded();
        await page.waitForTimeout(2600); // the landing counter's animation
        expect(await seriousViolations(page)).toEqual([]);
        await card.screenshot({ path: shotPath(`social-auth-card-${theme}-${label}`) });
      }
      await context.close();
    }
  });

  it('deletes a Google-only account from the data-deletion page after the typed phrase', async () => {
    const { page, context, pageErrors } = await newPage(app.browser, { baseURL: app.server.url });
    await routeGoogle(page);
    await routeFacebook(page, 'unknown');
    await page.goto('/');
    const googleButton = page.getByRole('button', { name: 'Continue with Google' });
    await providerReady(page, 'google');
    await googleButton.click();
    await page.getByRole('button', { name: 'Sign out' }).waitFor();
    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;

    await page.goto('/instagram-data-deletion');
    await page.getByRole('heading', { level: 2, name: 'Delete your account yourself' }).waitFor();
    expect(await page.getByText('coming soon').count()).toBe(0);
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your Chorus account?' });
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('its Google sign-in');
    const confirm = dialog.getByRole('button', { name: 'Delete account permanently' });
    expect(await confirm.isDisabled()).toBe(true);
    await dialog.getByLabel('Type delete my account to confirm').fill('delete my account');
    expect(await confirm.isDisabled()).toBe(false);
    expect(await seriousViolations(page)).toEqual([]);
    await page.screenshot({ path: shotPath('delete-account-dialog-phrase-dark-desktop') });

    await confirm.click();
    const done = page.getByTestId('account-deleted');
    await done.waitFor();
    expect(await done.innerText()).toContain('Your account has been deleted.');
    expect(await done.innerText()).toContain('You signed in with Google');
    await screenshot(page, 'account-deleted-dark-desktop');
    await page.getByRole('button', { name: 'Switch to light theme' }).click();
    await screenshot(page, 'account-deleted-light-desktop');
    await page.getByRole('link', { name: 'Back to App' }).waitFor();
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeNull();
    expect(await page.evaluate(() => localStorage.getItem('explicit_signout'))).toBe('true');
    const me = await fetch(`${app.server.url}/api/v1/auth/me`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(me.status).toBe(401);
    expect(await seriousViolations(page)).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a password account confirms with its password; a wrong one is shown and changes nothing', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await routeGoogle(page);
    await routeFacebook(page, 'unknown');
    await page.goto('/');
    await signUp(page, uniqueEmail('delete'));
    await page.goto('/instagram-data-deletion');
    await page.getByRole('button', { name: 'Delete my account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your Chorus account?' });
    await dialog.getByLabel('Enter your password to confirm').fill('not my password');
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await expect
      .poll(() => dialog.getByTestId('delete-error').innerText())
      .toMatch(/That password is not right/);
    expect(await page.evaluate(() => localStorage.getItem('auth_token'))).toBeTruthy();

    await dialog.getByLabel('Enter your password to confirm').fill(PASSWORD);
    await dialog.getByRole('button', { name: 'Delete account permanently' }).click();
    await page.getByTestId('account-deleted').waitFor();
    await page.goto('/');
    await page.getByRole('button', { name: 'Sign in to Dashboard' }).waitFor();
    await context.close();
  });

  it('screenshots: the deletion confirmation, light and dark, desktop and mobile', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      const { page, context } = await newPage(app.browser, { baseURL: app.server.url, viewport });
      await routeGoogle(page);
      await routeFacebook(page, 'unknown');
      await page.goto('/');
      await signUp(page, uniqueEmail('shots'));
      await page.goto('/instagram-data-deletion');
      for (const theme of ['dark', 'light'] as const) {
        await setTheme(page, theme);
        await page.getByRole('button', { name: 'Delete my account' }).click();
        const dialog = page.getByRole('dialog', { name: 'Delete your Chorus account?' });
        await dialog.waitFor();
        await dialog.getByLabel('Enter your password to confirm').fill('secret');
        expect(await seriousViolations(page)).toEqual([]);
        await page.screenshot({ path: shotPath(`delete-account-dialog-${theme}-${label}`) });
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await screenshot(page, `data-deletion-signed-in-${theme}-${label}`);
      }
      await context.close();
    }
  });
});

describe('sign-in providers on a server without them', () => {
  const app = useServerAndBrowser();

  it('says so under the buttons and on a press, loads no vendor script, and keeps the CSP strict', async () => {
    const { page, context, offsite } = await newPage(app.browser, { baseURL: app.server.url });
    const res = await page.goto('/');
    const csp = res?.headers()['content-security-policy'] ?? '';
    expect(csp).not.toMatch(/google|facebook/);
    const note = page.getByTestId('social-note');
    await expect
      .poll(() => note.innerText())
      .toBe('Google and Facebook sign-in are not available on this server.');
    const google = page.getByRole('button', { name: 'Continue with Google' });
    expect(await google.getAttribute('aria-disabled')).toBe('true');
    // aria-disabled keeps the button pressable for people (it explains itself); Playwright would
    // wait for it to become "enabled", so the press is forced.
    await google.click({ force: true });
    await expect
      .poll(() => page.getByTestId('auth-error').innerText())
      .toBe(
        'Google sign-in is not available on this server. Sign in with your e-mail and password instead.',
      );
    expect(offsite).toEqual([]);
    expect(await seriousViolations(page)).toEqual([]);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await expect.poll(() => note.count()).toBe(1);
      await page.waitForTimeout(2600);
      await page.locator('#auth-card').screenshot({
        path: shotPath(`social-auth-card-unconfigured-${theme}-desktop`),
      });
    }
    await context.close();
  });
});

/** Waits (with the pages' generous default timeout) until the provider's SDK has loaded. */
async function providerReady(page: Page, provider: 'google' | 'facebook'): Promise<void> {
  await page.waitForSelector(`button[data-provider="${provider}"][data-state="ready"]`);
}

/** A path under artifacts/screenshots for element and viewport shots (screenshot() takes full pages). */
function shotPath(name: string): string {
  fs.mkdirSync(screenshotsDir, { recursive: true });
  return path.join(screenshotsDir, `${name}.png`);
}
