// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { BrowserRouter } from 'react-router';
import '../../test/workspaces-harness';
import { apiError, fakeApi, type FakeReply } from '../../test/fake-api';
import { INSTAGRAM_LINKED_MESSAGE, useInstagramCallback } from './use-instagram-callback';

function Probe({ signedIn, onResult }: { signedIn: boolean; onResult: (r: unknown) => void }) {
  useInstagramCallback({ signedIn, onResult });
  return null;
}

function renderAt(address: string, signedIn = true) {
  window.history.replaceState(null, '', address);
  const onResult = vi.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <Probe signedIn={signedIn} onResult={onResult} />
      </BrowserRouter>
    </QueryClientProvider>,
  );
  return { ...view, onResult };
}

let reply: FakeReply;
let api: ReturnType<typeof fakeApi>;
beforeEach(() => {
  localStorage.setItem('auth_token', 'tok');
  reply = { body: { success: true } };
  api = fakeApi({
    'GET /api/v1/workspaces/12/instagram/oauth/callback': () => reply,
    'GET /api/v1/workspaces/13/instagram/oauth/callback': () => reply,
    'GET /api/v1/workspaces/14/instagram/oauth/callback': () => reply,
  });
  vi.stubGlobal('fetch', api.fetchMock);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('Instagram callback (code, state and sign-in checks)', () => {
  it('exchanges the code for the workspace in state, then removes code, state and "#_"', async () => {
    const { onResult } = renderAt('/?code=AQBx-1&state=12&utm=keep#_');
    await waitFor(() => expect(onResult).toHaveBeenCalledTimes(1));
    expect(onResult).toHaveBeenCalledWith({
      workspaceId: 12,
      ok: true,
      message: INSTAGRAM_LINKED_MESSAGE,
    });
    const calls = api.callsTo('GET /api/v1/workspaces/12/instagram/oauth/callback');
    expect(calls).toHaveLength(1);
    expect(calls[0]!.query.get('code')).toBe('AQBx-1');
    await waitFor(() => expect(window.location.search).toBe('?utm=keep'));
    expect(window.location.hash).toBe('');
  });

  it('accepts ig_code too, and reports a failure with the server message', async () => {
    reply = apiError(400, 'That authorisation code has expired. Link Instagram again.');
    const { onResult } = renderAt('/?ig_code=IGQ1&state=13');
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({
        workspaceId: 13,
        ok: false,
        message:
          'Instagram linking failed: That authorisation code has expired. Link Instagram again.',
      }),
    );
    expect(
      api.callsTo('GET /api/v1/workspaces/13/instagram/oauth/callback')[0]!.query.get('code'),
    ).toBe('IGQ1');
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('reports a refused authorisation without calling the server', async () => {
    const { onResult } = renderAt(
      '/?error=access_denied&error_reason=user_denied&error_description=Permissions+error&state=14',
    );
    await waitFor(() =>
      expect(onResult).toHaveBeenCalledWith({
        workspaceId: 14,
        ok: false,
        message: 'Instagram linking failed: Permissions error.',
      }),
    );
    expect(api.calls).toHaveLength(0);
    await waitFor(() => expect(window.location.search).toBe(''));
  });

  it('does nothing signed out, or with a state that is not a workspace id', async () => {
    const signedOut = renderAt('/?code=AQB-later&state=12', false);
    await new Promise((r) => setTimeout(r, 30));
    expect(api.calls).toHaveLength(0);
    expect(signedOut.onResult).not.toHaveBeenCalled();
    // Kept, so the link completes after signing in.
    expect(window.location.search).toBe('?code=AQB-later&state=12');
    signedOut.unmount();

    for (const address of ['/?code=AQB-x&state=0', '/?code=AQB-y&state=abc', '/?code=AQB-z']) {
      const view = renderAt(address);
      await new Promise((r) => setTimeout(r, 30));
      expect(view.onResult).not.toHaveBeenCalled();
      view.unmount();
    }
    expect(api.calls).toHaveLength(0);
  });
});
