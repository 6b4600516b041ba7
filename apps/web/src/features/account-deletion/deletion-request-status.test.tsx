// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { DeletionRequestStatus } from './deletion-request-status';

let reply: { status: number; body: unknown };
const urls: string[] = [];

beforeEach(() => {
  urls.length = 0;
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(new Response(JSON.stringify(reply.body), { status: reply.status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter initialEntries={[path]}>
      <QueryClientProvider client={client}>
        <DeletionRequestStatus />
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const done = (outcome: string) => ({
  status: 200,
  body: {
    confirmation_code: 'DEL-ABCDEFGH2345',
    status: 'completed',
    outcome,
    requested_at: '2026-11-28T08:00:00.000Z',
    completed_at: '2026-11-28T08:00:01.000Z',
  },
});

describe('DeletionRequestStatus (the link Meta shows after a data deletion request)', () => {
  it('says the account was deleted, with the code and date', async () => {
    reply = done('account_deleted');
    renderAt('/instagram-data-deletion?code=DEL-ABCDEFGH2345');
    const box = await screen.findByText(/completed on Nov 28, 2026/);
    expect(box.closest('[role="status"]')?.textContent).toContain(
      'Deletion request DEL-ABCDEFGH2345: completed on Nov 28, 2026. The Chorus account you signed in to with Facebook has been deleted',
    );
    expect(urls).toEqual(['/api/v1/meta/data-deletion/DEL-ABCDEFGH2345']);
  });

  it('says there was nothing to delete when no account was linked', async () => {
    reply = done('no_account');
    renderAt('/instagram-data-deletion?code=DEL-ABCDEFGH2345');
    expect(
      await screen.findByText(/No Chorus account was signed in with that Facebook account/),
    ).toBeTruthy();
  });

  it("shows the server's message for an unknown code", async () => {
    reply = {
      status: 404,
      body: { message: 'No deletion request has that confirmation code.', code: 'not_found' },
    };
    renderAt('/instagram-data-deletion?code=DEL-NOPE');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'No deletion request has that confirmation code.',
    );
  });

  it('shows nothing and asks nothing without a code', () => {
    reply = done('no_account');
    renderAt('/instagram-data-deletion');
    expect(screen.queryByTestId('deletion-request')).toBeNull();
    expect(urls).toEqual([]);
  });
});
