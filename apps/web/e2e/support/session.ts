import { afterAll, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { signUp, uniqueEmail } from './app';
import { launchBrowser, newPage } from './browser';
import { startServer } from './server';
import type { RunningServer } from './server';

type Env = Record<string, string>;

export interface ServerAndBrowser {
  server: RunningServer;
  browser: Browser;
}

/**
 * Starts the server (with `env`, or what `env()` returns) and Chromium in beforeAll and stops them
 * in afterAll. The returned object's fields are set once beforeAll has run.
 */
export function useServerAndBrowser(
  opts: { env?: Env | (() => Promise<Env>) } = {},
): ServerAndBrowser {
  const running = {} as ServerAndBrowser;
  beforeAll(async () => {
    const env = typeof opts.env === 'function' ? await opts.env() : opts.env;
    running.server = await startServer(env ? { env } : {});
    running.browser = await launchBrowser();
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

export interface AppPage extends ServerAndBrowser {
  context: BrowserContext;
  page: Page;
  offsite: string[];
  pageErrors: string[];
  /** The account's e-mail and token when `signUp` was given. */
  email: string;
  token: string;
}

/**
 * Server, browser and one page shared by a describe block's tests. With `signUp`, the page opens
 * the app and signs a new account up (`signUp` is the e-mail prefix) before the first test.
 */
export function useAppPage(
  opts: {
    env?: Env | (() => Promise<Env>);
    reducedMotion?: boolean;
    signUp?: string;
    /** Runs on the new page before it opens the app. */
    prepare?: (app: AppPage) => Promise<void> | void;
  } = {},
): AppPage {
  const app = useServerAndBrowser(opts) as AppPage;
  beforeAll(async () => {
    Object.assign(app, await newPage(app.browser, { baseURL: app.server.url }));
    if (opts.reducedMotion) await app.page.emulateMedia({ reducedMotion: 'reduce' });
    await opts.prepare?.(app);
    if (opts.signUp !== undefined) {
      app.email = uniqueEmail(opts.signUp);
      app.token = await signUpAndLand(app.page, app.email);
    }
  });
  afterAll(async () => {
    await app.context?.close();
  });
  return app;
}

/** Opens the app, signs a new account up with `email` and returns its token. */
export async function signUpAndLand(page: Page, email: string): Promise<string> {
  await page.goto('/');
  await signUp(page, email);
  return authToken(page);
}

/** The signed-in account's token from local storage. */
export async function authToken(page: Page): Promise<string> {
  return (await page.evaluate(() => localStorage.getItem('auth_token')))!;
}

/** The report view of `videoId`. */
export const reportOf = (page: Page, videoId: string) =>
  page.locator(`[data-testid="report"][data-video-id="${videoId}"]`);

/** Pastes `link`, presses Analyze Comments and confirms the price. */
export async function submitVideo(page: Page, link: string): Promise<void> {
  await page.getByLabel('YouTube video link').fill(link);
  await page.getByRole('button', { name: 'Analyze Comments' }).click();
  await page.getByTestId('confirm-analyze').click();
}

/** Analyses `videoId` from the home page's form and waits for its report (up to 120 s). */
export async function analyseVideo(
  page: Page,
  videoId: string,
  link = `https://www.youtube.com/watch?v=${videoId}`,
): Promise<void> {
  await submitVideo(page, link);
  await reportOf(page, videoId).waitFor({ timeout: 120_000 });
}
