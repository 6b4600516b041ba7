import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import type { BillingReply } from '@app/contracts';
import {
  DESKTOP,
  MOBILE,
  apiGet,
  apiSignUp,
  creditsShown,
  newPage,
  seriousViolations,
  signUp,
  uniqueEmail,
  useServerAndBrowser,
  viewportScreenshot,
} from './support';

// Buying credits and plans with the demo checkout (the default without a Stripe key), in Chromium
// against the real server: the checkout opens in a new tab, paying there goes through the same
// fulfilment as a Stripe webhook, and the app shows the new balance and plan.

/** Runs `action`, which opens a tab from `page`, and returns that tab once it shows `url`. */
async function popupFrom(
  context: BrowserContext,
  action: () => Promise<void>,
  url: RegExp,
): Promise<Page> {
  const [popup] = await Promise.all([context.waitForEvent('page'), action()]);
  await popup.waitForURL(url);
  await popup.waitForLoadState('domcontentloaded');
  return popup;
}

const plansDialog = (page: Page) => page.getByRole('dialog', { name: 'Choose Your Plan' });

async function openPlans(page: Page): Promise<void> {
  await page.getByTestId('plan-button').click();
  await plansDialog(page).waitFor();
}

describe('buying credits and plans (demo checkout)', () => {
  const app = useServerAndBrowser();

  it('Buy Credits opens the demo checkout in a new tab; paying 2 packs raises the credits pill by 200', async () => {
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    await page.goto('/');
    await signUp(page, uniqueEmail('credits'));
    await expect.poll(() => creditsShown(page)).toBe('3');

    const checkout = await popupFrom(
      context,
      () => page.getByRole('button', { name: 'Buy Credits' }).click(),
      /\/api\/v1\/stripe\/demo\/checkout\/cs_demo_/,
    );
    // The session token travelled in the address of the new tab only as far as the redirect.
    expect(checkout.url()).not.toContain('token=');
    await checkout.getByText('Demo checkout: no card is charged.').waitFor();
    await checkout.getByRole('heading', { name: 'Buy credits' }).waitFor();
    expect(await checkout.getByTestId('demo-total').innerText()).toBe('$9.00');
    expect(await seriousViolations(checkout)).toEqual([]);

    // The buyer changes the quantity, as on Stripe's page.
    await checkout.getByLabel('Number of packs').fill('3');
    await checkout.getByRole('button', { name: 'Update total' }).click();
    await expect.poll(() => checkout.getByTestId('demo-total').innerText()).toBe('$27.00');
    // Typing another number and pressing Pay straight away shows the new total first.
    await checkout.getByLabel('Number of packs').fill('2');
    await checkout.getByRole('button', { name: 'Pay $27.00' }).click();
    await checkout.getByText('You changed the number of packs').waitFor();
    expect(await checkout.getByTestId('demo-total').innerText()).toBe('$18.00');
    expect(await checkout.getByTestId('demo-credits').innerText()).toBe('200');
    await checkout.getByRole('button', { name: 'Pay $18.00' }).click();

    // Back in the app (in that tab): the balance is refreshed and a confirmation shows.
    await checkout.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect.poll(() => creditsShown(checkout)).toBe('203');
    await expect
      .poll(() => checkout.getByTestId('checkout-notice').innerText())
      .toContain('Payment received. 200 credits added; your balance is 203.');
    expect(await seriousViolations(checkout)).toEqual([]);

    // The tab it was opened from shows the new balance too (it looks again when shown).
    await page.bringToFront();
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await expect.poll(() => creditsShown(page), { timeout: 15_000 }).toBe('203');

    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('choosing Pro subscribes: the plan button says Pro; switching to Advanced goes through the portal', async () => {
    const { page, context, offsite, pageErrors } = await newPage(app.browser, {
      baseURL: app.server.url,
    });
    await page.goto('/');
    await signUp(page, uniqueEmail('plans'));
    await openPlans(page);
    await expect
      .poll(() => page.getByTestId('plan-status').innerText())
      .toBe('No subscription yet: you are using your free credits.');
    // a free account has no plan of its own: no card claims to be the current one
    expect(await page.locator('[data-testid^="plan-card-"][data-current="true"]').count()).toBe(0);
    expect(await page.getByText('Current plan').count()).toBe(0);

    const checkout = await popupFrom(
      context,
      () => page.getByRole('button', { name: 'Choose Pro' }).click(),
      /\/api\/v1\/stripe\/demo\/checkout\/cs_demo_/,
    );
    await checkout.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
    expect(await checkout.getByTestId('demo-total').innerText()).toBe('$79.00');
    await checkout.getByRole('button', { name: 'Subscribe for $79.00 a month' }).click();
    await checkout.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect.poll(() => checkout.getByTestId('plan-button').innerText()).toBe('Pro');
    await expect.poll(() => creditsShown(checkout)).toBe('1503');
    await expect
      .poll(() => checkout.getByTestId('checkout-notice').innerText())
      .toContain('You are on the Pro plan now. 1,500 credits added');

    // The plans window in that tab: Pro is current and managed; the others switch.
    await openPlans(checkout);
    const pro = checkout.getByTestId('plan-card-pro');
    expect(await pro.getAttribute('data-current')).toBe('true');
    await expect.poll(() => pro.getByRole('button').innerText()).toBe('Manage plan');
    expect(await pro.getByTestId('plan-status').innerText()).toMatch(
      /^Renews on \w{3} \d+, \d{4}\.$/,
    );
    expect(await seriousViolations(checkout)).toEqual([]);

    const portal = await popupFrom(
      context,
      () => checkout.getByRole('button', { name: 'Switch to Advanced' }).click(),
      /\/api\/v1\/stripe\/demo\/portal\/bps_demo_/,
    );
    await portal.getByText('Demo billing portal: no card is charged.').waitFor();
    expect(await seriousViolations(portal)).toEqual([]);
    await portal.getByRole('button', { name: 'Confirm switch to Advanced' }).click();
    await portal.getByText('Your plan has been switched.').waitFor();
    await portal.getByRole('link', { name: 'Return to Chorus' }).click();
    await portal.waitForURL((url) => url.pathname === '/' && url.search === '');
    await expect.poll(() => portal.getByTestId('plan-button').innerText()).toBe('Advanced');
    // A plan change is no purchase of credits: they come with the next renewal.
    expect(await creditsShown(portal)).toBe('1503');

    const token = (await page.evaluate(() => localStorage.getItem('auth_token')))!;
    const billing = await apiGet<BillingReply>(
      app.server.url,
      token,
      '/api/v1/stripe/subscription',
    );
    expect(billing.subscription).toMatchObject({ plan: 'advanced', status: 'active' });

    expect(offsite).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('a purchase that cannot start says why in the plans window', async () => {
    const { page, context } = await newPage(app.browser, { baseURL: app.server.url });
    await page.goto('/');
    await signUp(page, uniqueEmail('fail'));
    await page.route('**/api/v1/stripe/checkout-session', (route) =>
      route.fulfill({
        status: 502,
        contentType: 'application/json',
        body: JSON.stringify({
          message: 'Could not reach the payment provider. Please try again in a minute.',
          code: 'payment_provider_error',
        }),
      }),
    );
    await openPlans(page);
    const pages = context.pages().length;
    await page.getByRole('button', { name: 'Choose Advanced' }).click();
    await expect
      .poll(() => page.getByTestId('plans-error').innerText())
      .toBe(
        'Could not start the checkout: Could not reach the payment provider. Please try again in a minute.',
      );
    // The blank tab opened for the checkout is closed again.
    await expect.poll(() => context.pages().length).toBe(pages);
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });

  it('screenshots: the plans window, the demo checkout and portal, light and dark, desktop and mobile', async () => {
    for (const [label, viewport] of [
      ['desktop', DESKTOP],
      ['mobile', MOBILE],
    ] as const) {
      for (const theme of ['dark', 'light'] as const) {
        const token = await apiSignUp(app.server.url, uniqueEmail(`shots-${theme}-${label}`));
        const { page, context } = await newPage(app.browser, { baseURL: app.server.url, viewport });
        await page.emulateMedia({ colorScheme: theme });
        await page.goto('/');
        await page.evaluate(
          ([t, tk]) => {
            localStorage.setItem('theme', t);
            localStorage.setItem('auth_token', tk);
          },
          [theme, token] as const,
        );
        await page.reload();
        await page.getByRole('heading', { name: 'Recent Analyses' }).waitFor();
        await openPlans(page);
        await page.getByTestId('plan-status').waitFor();
        await viewportScreenshot(page, `plans-modal-${theme}-${label}`);
        if (label === 'mobile') {
          await page.getByRole('button', { name: 'Choose Advanced' }).scrollIntoViewIfNeeded();
          await viewportScreenshot(page, `plans-modal-end-${theme}-${label}`);
        }
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`/api/v1/stripe/checkout?token=${token}&packs=3`);
        await page.getByRole('heading', { name: 'Buy credits' }).waitFor();
        await viewportScreenshot(page, `demo-checkout-${theme}-${label}`);
        expect(await seriousViolations(page)).toEqual([]);

        await page.goto(`/api/v1/stripe/checkout?token=${token}&plan=pro`);
        await page.getByRole('heading', { name: 'Subscribe to Pro' }).waitFor();
        await viewportScreenshot(page, `demo-checkout-plan-${theme}-${label}`);
        await page.getByRole('button', { name: 'Subscribe for $79.00 a month' }).click();
        await page.getByTestId('checkout-notice').waitFor();
        await expect
          .poll(() => page.getByTestId('checkout-notice').innerText())
          .toMatch(/Pro plan/);
        await viewportScreenshot(page, `checkout-return-${theme}-${label}`);
        await openPlans(page);
        await expect.poll(() => page.getByTestId('plan-status').innerText()).toMatch(/^Renews on/);
        await viewportScreenshot(page, `plans-modal-subscribed-${theme}-${label}`);
        expect(await seriousViolations(page)).toEqual([]);

        // A subscriber's plan button opens the portal's switch confirmation.
        await page.goto(`/api/v1/stripe/checkout?token=${token}&plan=advanced`);
        await page.getByRole('heading', { name: 'Manage your plan' }).waitFor();
        await viewportScreenshot(page, `demo-portal-${theme}-${label}`);
        expect(await seriousViolations(page)).toEqual([]);
        await context.close();
      }
    }
  });
});
