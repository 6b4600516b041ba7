// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { CreditHistoryEntry, CreditHistoryReply } from '@app/contracts';
import { AuthProvider } from '../../lib/auth';
import CreditHistoryModal from './credit-history-modal';

let calls: string[] = [];
type Answer = { status: number; body: unknown };
let answer: (url: URL) => Answer;

const entry = (over: Partial<CreditHistoryEntry>): CreditHistoryEntry => ({
  id: 1,
  created_at: '2026-11-28T10:00:00Z',
  kind: 'welcome',
  credits: 3,
  description: 'Welcome credits',
  video_id: null,
  balance_after: 3,
  ...over,
});

beforeEach(() => {
  calls = [];
  localStorage.clear();
  localStorage.setItem('auth_token', 'token-for-tests-0123456789');
  localStorage.setItem('credits_balance', '2');
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string) => {
      const url = new URL(String(input), 'http://localhost');
      calls.push(`${url.pathname}${url.search}`);
      if (url.pathname === '/api/v1/auth/me') {
        return Promise.resolve(
          new Response(JSON.stringify({ credits_balance: 2, subscription_plan: 'basic' })),
        );
      }
      const { status, body } = answer(url);
      return Promise.resolve(new Response(JSON.stringify(body), { status }));
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderModal(
  props: { onOpenReport?: (id: string) => void; onClose?: () => void } = {},
  client = new QueryClient({ defaultOptions: { queries: { retry: false } } }),
) {
  return render(
    <QueryClientProvider client={client}>
      <AuthProvider>
        <CreditHistoryModal onClose={props.onClose ?? (() => undefined)} {...props} />
      </AuthProvider>
    </QueryClientProvider>,
  );
}

const historyCalls = () => calls.filter((c) => c.startsWith('/api/v1/billing/history'));

describe('credit history modal', () => {
  it('lists the lines newest first with signed amounts, balances and a report link; Load more adds older ones', async () => {
    const first: CreditHistoryReply = {
      entries: [
        entry({
          id: 3,
          kind: 'analysis_settled',
          credits: 2,
          balance_after: 2,
          description: 'Analysis of “Desert trip” finished: 1 credit used, 2 credits returned',
          video_id: 'JspWFbynlmk',
        }),
        entry({
          id: 2,
          kind: 'analysis_hold',
          credits: -3,
          balance_after: 0,
          description: 'Analysis of “Desert trip”: 3 credits held',
          video_id: 'JspWFbynlmk',
        }),
      ],
      next_cursor: '2',
    };
    const second: CreditHistoryReply = { entries: [entry({ id: 1 })], next_cursor: null };
    answer = (url) => ({
      status: 200,
      body: url.searchParams.get('before') === '2' ? second : first,
    });
    const onOpenReport = vi.fn();
    const onClose = vi.fn();
    renderModal({ onOpenReport, onClose });

    const dialog = screen.getByRole('dialog', { name: 'Credit history' });
    expect(within(dialog).getByRole('status').textContent).toBe('Loading your credit history…');
    const list = await within(dialog).findByRole('list', {
      name: 'Credit movements, newest first',
    });
    const items = within(list).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('.credit-line-description')!.textContent)).toEqual([
      'Analysis of “Desert trip” finished: 1 credit used, 2 credits returned',
      'Analysis of “Desert trip”: 3 credits held',
    ]);
    const amounts = screen.getAllByTestId('credit-line-amount');
    expect(amounts.map((a) => a.textContent)).toEqual([
      '+22 credits added',
      '−33 credits deducted',
    ]);
    expect(amounts[0]!.className).toContain('credit-gain');
    expect(amounts[1]!.className).toContain('credit-spend');
    expect(screen.getAllByTestId('credit-line-balance').map((b) => b.textContent)).toEqual([
      'Balance 2',
      'Balance 0',
    ]);
    expect(items[0]!.querySelector('time')!.getAttribute('dateTime')).toBe('2026-11-28T10:00:00Z');
    expect(historyCalls()).toEqual(['/api/v1/billing/history?limit=25']);
    // Only the finished analysis offers its report.
    expect(within(items[1]!).queryByRole('button', { name: 'View report' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(screen.getAllByTestId('credit-line')).toHaveLength(3));
    expect(historyCalls()).toEqual([
      '/api/v1/billing/history?limit=25',
      '/api/v1/billing/history?before=2&limit=25',
    ]);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(screen.getByText('That is everything since you joined.')).toBeTruthy();

    fireEvent.click(within(items[0]!).getByRole('button', { name: 'View report' }));
    expect(onClose).toHaveBeenCalled();
    expect(onOpenReport).toHaveBeenCalledWith('JspWFbynlmk');
  });

  it('says so when there is nothing yet', async () => {
    answer = () => ({ status: 200, body: { entries: [], next_cursor: null } });
    renderModal();
    expect((await screen.findByTestId('credit-history-empty')).textContent).toMatch(
      /^No credit movements yet\./,
    );
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows a failure with the reason and loads again on Try again', async () => {
    let fail = true;
    answer = () =>
      fail
        ? { status: 503, body: { message: 'The database is not answering.', code: 'unavailable' } }
        : { status: 200, body: { entries: [entry({})], next_cursor: null } };
    renderModal();
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe(
      'Could not load your credit history: The database is not answering.',
    );
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('list');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByTestId('credit-line-description').textContent).toBe('Welcome credits');
  });

  it('keeps the shown lines when an older page fails, and Try again fetches it', async () => {
    let failMore = true;
    answer = (url) => {
      if (!url.searchParams.get('before'))
        return { status: 200, body: { entries: [entry({ id: 5 })], next_cursor: '5' } };
      return failMore
        ? { status: 500, body: { message: 'Something broke.', code: 'internal' } }
        : { status: 200, body: { entries: [entry({ id: 4, credits: -1 })], next_cursor: null } };
    };
    renderModal();
    fireEvent.click(await screen.findByRole('button', { name: 'Load more' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not load older entries: Something broke.',
    );
    expect(screen.getAllByTestId('credit-line')).toHaveLength(1);
    failMore = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.getAllByTestId('credit-line')).toHaveLength(2));
    expect(screen.queryByRole('alert')).toBeNull();
  });
  it('opened again, a failed refresh keeps the lines loaded before and says so', async () => {
    let fail = false;
    answer = () =>
      fail
        ? { status: 503, body: { message: 'The server is busy.', code: 'unavailable' } }
        : { status: 200, body: { entries: [entry({})], next_cursor: null } };
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const first = renderModal({}, client);
    await screen.findByRole('list');
    first.unmount();

    fail = true;
    renderModal({}, client);
    // the cached line shows at once, the failed refresh is announced above it
    expect(screen.getByTestId('credit-line-description').textContent).toBe('Welcome credits');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Could not refresh your credit history: The server is busy. These are the lines loaded earlier.',
    );
    expect(historyCalls()).toHaveLength(2);
    fail = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    expect(historyCalls()).toHaveLength(3);
  });
});
