// @vitest-environment jsdom
import { useEffect } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { apiError, fakeApi, type FakeReply } from '../../test/fake-api';
import type { FacebookLoginStatus, FacebookSdk } from '../social-auth/facebook-sdk';
import {
  FACEBOOK_SDK_NOT_LOADED,
  useFacebookInstagramConnect,
  type FacebookConnectResult,
} from './use-facebook-instagram-connect';
import { INSTAGRAM_LINKED_MESSAGE } from './use-instagram-callback';

const sdk = vi.hoisted(() => ({ load: vi.fn() }));
vi.mock('../social-auth/facebook-sdk', () => ({ loadFacebookSdk: sdk.load }));

let connect: ((id: number) => void) | null = null;
function Probe({
  appId,
  onResult,
}: {
  appId: string | null;
  onResult: (r: FacebookConnectResult) => void;
}) {
  const c = useFacebookInstagramConnect({ appId, version: 'v23.0', onResult });
  useEffect(() => {
    connect = c;
  }, [c]);
  return null;
}

function renderProbe(appId: string | null) {
  const onResult = vi.fn<(r: FacebookConnectResult) => void>();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <Probe appId={appId} onResult={onResult} />
    </QueryClientProvider>,
  );
  return onResult;
}

/** Renders the hook with app 1234, lets the SDK load, then clicks Link Instagram on workspace 7. */
async function renderAndLink() {
  const onResult = renderProbe('1234');
  await act(async () => {
    await Promise.resolve();
  });
  act(() => connect!(7));
  return onResult;
}

/** A stand-in for Meta's SDK whose login answers `status` (and a token when connected). */
function fakeFacebook(status: string) {
  const login = vi.fn(
    (
      callback: (r: FacebookLoginStatus) => void,
      _options?: { scope?: string; auth_type?: string },
    ) =>
      callback({
        status,
        authResponse: status === 'connected' ? { accessToken: 'EAAG-user', userID: '42' } : null,
      }),
  );
  const FB: FacebookSdk = { init: vi.fn(), getLoginStatus: vi.fn(), login };
  return { FB, login };
}

let reply: FakeReply;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.setItem('auth_token', 'tok');
  reply = { body: { success: true, workspace: {}, instagram_posts: 3 } };
  api = fakeApi({ 'POST /api/v1/workspaces/7/instagram/connect': () => reply });
  vi.stubGlobal('fetch', api.fetchMock);
  connect = null;
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  sdk.load.mockReset();
});

describe('Instagram through Facebook (permissions, link call and failure messages)', () => {
  it('is off without a Facebook app, and loads no SDK', () => {
    renderProbe(null);
    expect(connect).toBeNull();
    expect(sdk.load).not.toHaveBeenCalled();
  });

  it('logs in with the Page and Instagram permissions re-requested, then posts the user token', async () => {
    const { FB, login } = fakeFacebook('connected');
    sdk.load.mockResolvedValue(FB);
    const onResult = await renderAndLink();
    expect(sdk.load).toHaveBeenCalledWith('1234', 'v23.0');
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect(onResult).toHaveBeenCalledWith({
      workspaceId: 7,
      ok: true,
      message: INSTAGRAM_LINKED_MESSAGE,
    });
    const options = login.mock.calls[0]![1]!;
    expect(options.auth_type).toBe('rerequest');
    expect(options.scope!.split(',')).toEqual(
      expect.arrayContaining(['pages_show_list', 'instagram_basic', 'instagram_manage_comments']),
    );
    const calls = api.callsTo('POST /api/v1/workspaces/7/instagram/connect');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.body).toEqual({ user_access_token: 'EAAG-user' });
  });

  it('says the login was not completed, with Facebook’s status, and calls no API', async () => {
    const { FB } = fakeFacebook('not_authorized');
    sdk.load.mockResolvedValue(FB);
    const onResult = await renderAndLink();
    expect(onResult).toHaveBeenCalledWith({
      workspaceId: 7,
      ok: false,
      message: 'Facebook login was not completed. Status: not_authorized.',
    });
    expect(api.callsTo('POST /api/v1/workspaces/7/instagram/connect')).toHaveLength(0);
  });

  it('shows the server’s reason when no Page has an Instagram account', async () => {
    const { FB } = fakeFacebook('connected');
    sdk.load.mockResolvedValue(FB);
    reply = apiError(
      422,
      'None of your Facebook Pages has an Instagram professional account linked.',
    );
    const onResult = await renderAndLink();
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect(onResult).toHaveBeenCalledWith({
      workspaceId: 7,
      ok: false,
      message:
        'Failed to connect Instagram: None of your Facebook Pages has an Instagram professional account linked.',
    });
  });

  it('says the SDK is not loaded when Meta’s script could not load', async () => {
    sdk.load.mockRejectedValue(new Error('blocked'));
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const onResult = await renderAndLink();
    expect(onResult).toHaveBeenCalledWith({
      workspaceId: 7,
      ok: false,
      message: FACEBOOK_SDK_NOT_LOADED,
    });
  });
});
