// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { PASSWORD_RESET_SENT_MESSAGE, RESET_LINK_INVALID_MESSAGE } from '@app/contracts';
import { AuthCard } from '../../components/auth-card';
import { renderAt as renderPage } from '../../test/render-at';
import { ResetPasswordPage } from './reset-password-page';
import { OFFLINE_PUBLIC_CONFIG } from '../../lib/public-config';
import { RESET_HINT } from './forgot-password-dialog';

const TOKEN = 'Abc_def-123'.padEnd(43, 'x');
let reply: { status: number; body: unknown };
const calls: { method: string; url: string; body: unknown }[] = [];
let mail: 'smtp' | 'outbox' = 'smtp';

beforeEach(() => {
  calls.length = 0;
  mail = 'smtp';
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : null });
      if (url.endsWith('/api/v1/config')) {
        return Promise.resolve(
          new Response(JSON.stringify({ ...OFFLINE_PUBLIC_CONFIG, mail }), { status: 200 }),
        );
      }
      if (url.includes('/auth/me')) {
        return Promise.resolve(
          new Response(
            JSON.stringify({
              email: 'a@example.com',
              credits_balance: 3,
              subscription_plan: 'basic',
              has_password: true,
              providers: [],
            }),
            { status: 200 },
          ),
        );
      }
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const renderAt = (path: string, ui: React.ReactNode) =>
  renderPage(path, '/reset-password', ui, <p>dashboard</p>);

const page = <ResetPasswordPage theme="dark" onToggleTheme={() => undefined} />;

describe('ResetPasswordPage', () => {
  it('takes the token out of the address bar, sets the password, signs in and goes to the dashboard', async () => {
    reply = { status: 200, body: { token: 's'.repeat(43) } };
    renderAt(`/reset-password?token=${TOKEN}`, page);
    await waitFor(() => expect(window.location.href).toBe('http://localhost:3000/reset-password'));
    expect(window.location.search).toBe('');

    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('type')).toBe('password');
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    fireEvent.change(field, { target: { value: 'my new password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password and sign in' }));

    await screen.findByText('dashboard');
    expect(calls.find((c) => c.method === 'POST')).toEqual({
      method: 'POST',
      url: '/api/v1/auth/password-reset/confirm',
      body: { token: TOKEN, password: 'my new password' },
    });
    expect(localStorage.getItem('auth_token')).toBe('s'.repeat(43));
  });

  it("shows the server's message in an alert line and stays on the page", async () => {
    reply = {
      status: 400,
      body: { message: RESET_LINK_INVALID_MESSAGE, code: 'reset_link_invalid' },
    };
    renderAt(`/reset-password?token=${TOKEN}`, page);
    fireEvent.change(screen.getByLabelText('New password'), {
      target: { value: 'my new password' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(RESET_LINK_INVALID_MESSAGE);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/');
  });

  it('shows why the server refused the new password (a common one) and keeps the form to try another', async () => {
    const refusal =
      'That password is one of the most commonly used ones, which attackers try first. Choose another.';
    reply = { status: 400, body: { message: refusal, code: 'password_too_common' } };
    renderAt(`/reset-password?token=${TOKEN}`, page);
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: 'password1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Set new password and sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(refusal);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(screen.getByRole('button', { name: 'Set new password and sign in' })).toBeTruthy();
  });

  it('without a token says the link is not valid and asks nothing of the server', () => {
    renderAt('/reset-password', page);
    expect(screen.getByRole('alert').textContent).toBe(RESET_LINK_INVALID_MESSAGE);
    const submit = screen.getByRole<HTMLButtonElement>('button', {
      name: 'Set new password and sign in',
    });
    expect(submit.disabled).toBe(true);
    expect(calls.filter((c) => c.url.includes('password-reset'))).toEqual([]);
  });
});

describe('Forgot password? in the auth card', () => {
  it("opens a dialog with the typed e-mail, asks for a link and shows the server's reply", async () => {
    reply = { status: 202, body: { message: PASSWORD_RESET_SENT_MESSAGE } };
    renderAt('/reset-password', <AuthCard />);
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' me@example.com ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    const field = dialog.querySelector('input[type=email]') as HTMLInputElement;
    expect(field.value).toBe('me@example.com');
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('reset-requested')).textContent).toBe(
      PASSWORD_RESET_SENT_MESSAGE,
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      {
        method: 'POST',
        url: '/api/v1/auth/password-reset',
        body: { email: 'me@example.com' },
      },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('says "check your inbox" and never where a server without SMTP keeps its e-mails', async () => {
    for (const server of ['outbox', 'smtp'] as const) {
      mail = server;
      reply = { status: 202, body: { message: PASSWORD_RESET_SENT_MESSAGE } };
      renderAt('/reset-password', <AuthCard />);
      fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'me@example.com' } });
      fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
      await screen.findByRole('dialog', { name: 'Reset your password' });
      fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
      await screen.findByTestId('reset-requested');
      expect(document.querySelector('.reset-hint')!.textContent, server).toBe(RESET_HINT);
      expect(document.body.textContent).not.toMatch(/outbox|DATA_DIR|whoever runs/i);
      cleanup();
    }
  });

  it('shows a refusal (too many requests) as an alert in the dialog', async () => {
    reply = {
      status: 429,
      body: {
        message:
          'Too many password reset requests for this address. Please wait 60 minutes and try again.',
        code: 'too_many_password_resets',
      },
    };
    renderAt('/reset-password', <AuthCard />);
    fireEvent.click(screen.getByRole('button', { name: 'Forgot password?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reset your password' });
    fireEvent.change(dialog.querySelector('input[type=email]')!, {
      target: { value: 'me@example.com' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));
    expect((await screen.findByTestId('reset-request-error')).textContent).toMatch(
      /^Too many password reset requests/,
    );
  });
});
