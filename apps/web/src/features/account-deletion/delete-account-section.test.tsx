// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { MeReply } from '@app/contracts';
import { AuthProvider } from '../../lib/auth';
import { DeleteAccountSection } from './delete-account-section';

let account: MeReply;
let deleteReply: { status: number; body: unknown };
const calls: { method: string; url: string; body: unknown }[] = [];

beforeEach(() => {
  calls.length = 0;
  localStorage.clear();
  localStorage.setItem('auth_token', 'a'.repeat(43));
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : null });
      const [status, body] =
        method === 'DELETE' ? [deleteReply.status, deleteReply.body] : [200, account];
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <AuthProvider>
          <DeleteAccountSection />
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const submit = () => screen.getByRole('button', { name: 'Delete account permanently' });

describe('DeleteAccountSection', () => {
  it('asks a provider-only account to type the phrase, deletes, and signs out for good', async () => {
    account = {
      email: null,
      credits_balance: 3,
      subscription_plan: 'basic',
      has_password: false,
      providers: ['facebook'],
      email_verified: false,
    };
    deleteReply = { status: 200, body: { success: true } };
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your Chorus account?' });
    expect(dialog.textContent).toContain('its Facebook sign-in');
    expect(dialog.textContent).toContain('your 3 remaining credits');
    const field = screen.getByLabelText(/Type delete my account to confirm/);
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'delete my' } });
    expect((submit() as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(field, { target: { value: 'Delete My Account' } });
    expect((submit() as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(submit());

    const done = await screen.findByTestId('account-deleted');
    expect(done.textContent).toContain('Your account has been deleted.');
    expect(done.textContent).toContain('You signed in with Facebook');
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      {
        method: 'DELETE',
        url: '/api/v1/auth/account',
        body: { confirmation: 'Delete My Account' },
      },
    ]);
    expect(localStorage.getItem('auth_token')).toBeNull();
    expect(localStorage.getItem('explicit_signout')).toBe('true');
    // The session died with the account: no logout call.
    expect(calls.some((c) => c.url.endsWith('/auth/logout'))).toBe(false);
  });

  it('asks a password account for its password and shows a wrong one without signing out', async () => {
    account = {
      email: 'me@example.com',
      credits_balance: 1,
      subscription_plan: 'basic',
      has_password: true,
      providers: [],
      email_verified: false,
    };
    deleteReply = {
      status: 403,
      body: { message: 'That password is not right.', code: 'wrong_password' },
    };
    setup();
    fireEvent.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const field = screen.getByLabelText('Enter your password to confirm');
    expect(field.getAttribute('type')).toBe('password');
    expect(screen.getByRole('dialog').textContent).toContain('your 1 remaining credit and');
    fireEvent.change(field, { target: { value: 'guess' } });
    fireEvent.click(submit());
    await waitFor(() =>
      expect(screen.getByTestId('delete-error').textContent).toBe('That password is not right.'),
    );
    expect(localStorage.getItem('auth_token')).not.toBeNull();
    expect(screen.queryByTestId('account-deleted')).toBeNull();
  });
});
