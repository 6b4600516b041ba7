// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { PublicConfigReply } from '@app/contracts';
import { OFFLINE_PUBLIC_CONFIG } from '../../lib/public-config';
import type { FacebookLoginStatus } from './facebook-sdk';
import type * as LoadScriptModule from './load-script';
import type { GoogleAccountsId, PromptMomentNotification } from './google-identity';
import { SocialButtons } from './social-buttons';

// The vendor scripts never load in jsdom; the tests put fake globals in place instead.
vi.mock('./load-script', async () => ({
  ...(await vi.importActual<typeof LoadScriptModule>('./load-script')),
  loadScript: vi.fn(() => Promise.resolve()),
}));

let config: PublicConfigReply;
// The SDK is a page-wide singleton (loaded and FB.init'ed once), so the tests share one fake.
const FB = { init: vi.fn(), getLoginStatus: vi.fn(), login: vi.fn() };
const posted: { url: string; body: unknown }[] = [];
const reply = { token: 't'.repeat(43), user: { credits_balance: 3, subscription_plan: 'basic' } };

beforeEach(() => {
  posted.length = 0;
  localStorage.clear();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit) => {
      if (url.endsWith('/api/v1/config')) {
        return Promise.resolve(new Response(JSON.stringify(config), { status: 200 }));
      }
      posted.push({ url, body: JSON.parse(init.body as string) });
      return Promise.resolve(new Response(JSON.stringify(reply), { status: 200 }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  delete window.google;
  delete window.FB;
});

function setup() {
  const onSignedIn = vi.fn();
  const onError = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SocialButtons disabled={false} onSignedIn={onSignedIn} onError={onError} />
    </QueryClientProvider>,
  );
  return {
    onSignedIn,
    onError,
    google: () => screen.getByRole('button', { name: /Continue with Google/ }),
    facebook: () => screen.getByRole('button', { name: /Continue with Facebook/ }),
  };
}

describe('SocialButtons', () => {
  it('explains unconfigured providers instead of being dead controls', async () => {
    config = OFFLINE_PUBLIC_CONFIG;
    const ui = setup();
    await screen.findByText('Google and Facebook sign-in are not available on this server.');
    expect(ui.google().getAttribute('aria-disabled')).toBe('true');
    expect(ui.google().getAttribute('aria-describedby')).toBe(screen.getByTestId('social-note').id);
    fireEvent.click(ui.google());
    expect(ui.onError).toHaveBeenLastCalledWith(
      'Google sign-in is not available on this server. Sign in with your e-mail and password instead.',
    );
    fireEvent.click(ui.facebook());
    expect(ui.onError).toHaveBeenLastCalledWith(
      'Facebook sign-in is not available on this server. Sign in with your e-mail and password instead.',
    );
    expect(posted).toEqual([]);
  });

  it('initialises Google once, prompts on click and posts the ID token', async () => {
    config = { ...OFFLINE_PUBLIC_CONFIG, google_client_id: 'cid.apps.googleusercontent.com' };
    let callback: ((r: { credential?: string }) => void) | undefined;
    let listener: ((n: PromptMomentNotification) => void) | undefined;
    const id = {
      initialize: vi.fn((c: Parameters<GoogleAccountsId['initialize']>[0]) => {
        callback = c.callback;
      }),
      prompt: vi.fn((l?: (n: PromptMomentNotification) => void) => {
        listener = l;
      }),
      renderButton: vi.fn(),
      cancel: vi.fn(),
      disableAutoSelect: vi.fn(),
    };
    window.google = { accounts: { id } };
    const ui = setup();
    await waitFor(() => expect(ui.google().dataset.state).toBe('ready'));
    expect(id.initialize).toHaveBeenCalledTimes(1);
    expect(id.initialize.mock.calls[0]![0]).toMatchObject({
      client_id: 'cid.apps.googleusercontent.com',
    });
    expect(screen.getByText('Facebook sign-in is not available on this server.')).toBeTruthy();

    fireEvent.click(ui.google());
    expect(id.prompt).toHaveBeenCalledTimes(1);
    // One Tap could not show: Google's own button is offered.
    listener?.({ isSkippedMoment: () => true });
    await screen.findByTestId('google-fallback');
    await waitFor(() => expect(id.renderButton).toHaveBeenCalledTimes(1));

    callback?.({ credential: 'header.payload.signature' });
    await waitFor(() => expect(ui.onSignedIn).toHaveBeenCalledWith(reply));
    expect(posted).toEqual([
      { url: '/api/v1/auth/google', body: { id_token: 'header.payload.signature' } },
    ]);
  });

  it('signs a connected Facebook person in on load, unless they signed out on purpose', async () => {
    config = { ...OFFLINE_PUBLIC_CONFIG, facebook_app_id: '1234', facebook_api_version: 'v23.0' };
    const connected: FacebookLoginStatus = {
      status: 'connected',
      authResponse: { accessToken: 'EAAG-token', userID: '1' },
    };
    FB.getLoginStatus.mockImplementation((cb: (r: FacebookLoginStatus) => void) => cb(connected));
    window.FB = FB;

    localStorage.setItem('explicit_signout', 'true');
    const first = setup();
    await waitFor(() => expect(first.facebook().dataset.state).toBe('ready'));
    expect(FB.init).toHaveBeenCalledWith({
      appId: '1234',
      version: 'v23.0',
      cookie: false,
      xfbml: false,
      status: false,
    });
    expect(FB.getLoginStatus).not.toHaveBeenCalled();
    cleanup();

    localStorage.removeItem('explicit_signout');
    const second = setup();
    await waitFor(() => expect(second.onSignedIn).toHaveBeenCalledWith(reply));
    expect(posted).toEqual([
      { url: '/api/v1/auth/facebook', body: { access_token: 'EAAG-token' } },
    ]);
  });

  it('asks Facebook for public_profile and email, and says so when the login is abandoned', async () => {
    config = { ...OFFLINE_PUBLIC_CONFIG, facebook_app_id: '1234' };
    FB.getLoginStatus.mockImplementation((cb: (r: FacebookLoginStatus) => void) =>
      cb({ status: 'unknown' }),
    );
    FB.login.mockImplementation((cb: (r: FacebookLoginStatus) => void) =>
      cb({ status: 'unknown' }),
    );
    window.FB = FB;
    const ui = setup();
    await waitFor(() => expect(ui.facebook().dataset.state).toBe('ready'));
    fireEvent.click(ui.facebook());
    expect(FB.login.mock.calls[0]![1]).toEqual({ scope: 'public_profile,email' });
    expect(ui.onError).toHaveBeenLastCalledWith(
      'Facebook sign-in was not completed. Please try again.',
    );
    expect(posted).toEqual([]);
  });
});
