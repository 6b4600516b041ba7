// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { EMAIL_LINK_INVALID_MESSAGE } from '@app/contracts';
import { renderAt as renderPage } from '../../test/render-at';
import { OFFLINE_PUBLIC_CONFIG } from '../../lib/public-config';
import {
  CHECK_INBOX_TEXT,
  EmailVerificationNotice,
  SENT_AGAIN_TEXT,
} from './email-verification-notice';
import { CONFIRMED_TEXT, SIGN_IN_FIRST_TEXT, VerifyEmailPage } from './verify-email-page';

const TOKEN = 'Verify_tok-123'.padEnd(43, 'x');
let account: Record<string, unknown>;
let replies: Record<string, { status: number; body: unknown }>;
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  account = {
    email: 'me@example.com',
    credits_balance: 3,
    subscription_plan: 'basic',
    has_password: true,
    providers: [],
    email_verified: false,
  };
  replies = {};
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : null });
      if (url.includes('/auth/me')) {
        return Promise.resolve(new Response(JSON.stringify(account), { status: 200 }));
      }
      const path = Object.keys(replies).find((p) => url.endsWith(p));
      const reply = path ? replies[path]! : { status: 404, body: { message: 'no' } };
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function renderAt(path: string, ui: React.ReactNode, signedIn = true) {
  if (signedIn) localStorage.setItem('auth_token', 's'.repeat(43));
  renderPage(
    path,
    '/verify-email',
    ui,
    <>
      <EmailVerificationNotice />
      <p>dashboard</p>
    </>,
  );
}

const page = <VerifyEmailPage theme="dark" onToggleTheme={() => undefined} />;
const posts = () => calls.filter((c) => c.method === 'POST');

describe('VerifyEmailPage', () => {
  it('takes the token out of the address bar, confirms once and says so', async () => {
    replies['/auth/verify-email'] = { status: 200, body: { email_verified: true } };
    renderAt(`/verify-email?token=${TOKEN}`, page);
    await waitFor(() => expect(window.location.href).toBe('http://localhost:3000/verify-email'));
    expect((await screen.findByTestId('verify-confirmed')).textContent).toBe(CONFIRMED_TEXT);
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/v1/auth/verify-email', body: { token: TOKEN } },
    ]);
    expect(screen.getByRole('link', { name: 'Go to Chorus' }).getAttribute('href')).toBe('/');
  });

  it("shows the server's refusal of a used or expired link", async () => {
    replies['/auth/verify-email'] = {
      status: 400,
      body: { message: EMAIL_LINK_INVALID_MESSAGE, code: 'email_link_invalid' },
    };
    renderAt(`/verify-email?token=${TOKEN}`, page);
    expect((await screen.findByRole('alert')).textContent).toBe(EMAIL_LINK_INVALID_MESSAGE);
  });

  it('signed out, asks to sign in first and sends nothing', async () => {
    renderAt(`/verify-email?token=${TOKEN}`, page, false);
    expect(screen.getByRole('status').textContent).toBe(SIGN_IN_FIRST_TEXT);
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(posts()).toEqual([]);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/');
  });

  it('without a token says the link is not valid', () => {
    renderAt('/verify-email', page);
    expect(screen.getByRole('alert').textContent).toBe(EMAIL_LINK_INVALID_MESSAGE);
    expect(posts()).toEqual([]);
  });
});

describe('EmailVerificationNotice', () => {
  it('says "check your inbox" and never where a server without SMTP keeps its e-mails', async () => {
    for (const mail of ['outbox', 'smtp'] as const) {
      replies['/api/v1/config'] = { status: 200, body: { ...OFFLINE_PUBLIC_CONFIG, mail } };
      renderAt('/', null);
      const notice = await screen.findByTestId('verify-notice');
      expect(screen.getByTestId('verify-hint').textContent, mail).toBe(CHECK_INBOX_TEXT);
      expect(notice.textContent).not.toMatch(/outbox|DATA_DIR|whoever runs/i);
      cleanup();
    }
  });

  it('asks an unconfirmed account to confirm, sends again, and can be dismissed', async () => {
    replies['/auth/verify-email/resend'] = { status: 202, body: { success: true } };
    renderAt('/', null);
    const notice = await screen.findByTestId('verify-notice');
    expect(notice.querySelector('p')!.textContent).toBe(
      'Confirm your e-mail address: we’ve sent a link to me@example.com.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Send again' }));
    expect((await screen.findByText(SENT_AGAIN_TEXT)).getAttribute('role')).toBe('status');
    expect(posts()).toEqual([
      { method: 'POST', url: '/api/v1/auth/verify-email/resend', body: null },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
  });

  it('stays dismissed after a reload, for that account only', async () => {
    renderAt('/', null);
    await screen.findByTestId('verify-notice');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
    cleanup();

    // the page loads again: same account, still dismissed
    const asked = calls.filter((c) => c.url.includes('/auth/me')).length;
    renderAt('/', null);
    await screen.findByText('dashboard');
    await waitFor(() =>
      expect(calls.filter((c) => c.url.includes('/auth/me')).length).toBeGreaterThan(asked),
    );
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
    cleanup();

    // another account in this browser (the address in another case is the same account)
    account.email = 'Other@Example.com';
    renderAt('/', null);
    await screen.findByTestId('verify-notice');
    cleanup();
    account.email = 'ME@example.com';
    renderAt('/', null);
    await screen.findByText('dashboard');
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
  });

  it('shows a refusal (too many) as an alert', async () => {
    replies['/auth/verify-email/resend'] = {
      status: 429,
      body: {
        message:
          'Too many confirmation e-mails were sent recently. Please wait 60 minutes and try again.',
        code: 'too_many_email_confirmations',
      },
    };
    renderAt('/', null);
    fireEvent.click(await screen.findByRole('button', { name: 'Send again' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Too many confirmation/);
  });

  it('shows nothing for a confirmed account, one without an e-mail, or when signed out', async () => {
    account.email_verified = true;
    renderAt('/', null);
    await screen.findByText('dashboard');
    await waitFor(() => expect(calls.some((c) => c.url.includes('/auth/me'))).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
    cleanup();

    account.email_verified = false;
    account.email = null;
    renderAt('/', null);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
    cleanup();

    account.email = 'me@example.com';
    localStorage.clear();
    renderAt('/', null, false);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('verify-notice')).toBeNull();
  });
});
