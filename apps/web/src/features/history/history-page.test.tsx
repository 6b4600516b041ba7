// @vitest-environment jsdom
import { useState, type ReactNode } from 'react';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AnalysisHistoryItem } from '@app/contracts';
import { fakeApi, type FakeCall } from '../../test/fake-api';
import HistoryPage from './history-page';

const item = (n: number, over: Partial<AnalysisHistoryItem> = {}): AnalysisHistoryItem => ({
  job_id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
  video_id: `video${String(n).padStart(6, '0')}`,
  platform: 'youtube',
  title: `A rather long video title number ${n} that is never cut short`,
  thumbnail_url: '',
  created_at: `2026-11-${String(n).padStart(2, '0')}T15:07:00.000Z`,
  status: 'complete',
  channel_title: 'Hollowbrook Kitchen',
  comment_count: 100 + n,
  credits_spent: 2,
  finished_at: `2026-11-${String(n).padStart(2, '0')}T15:08:00.000Z`,
  ...over,
});

function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(
    () => new QueryClient({ defaultOptions: { queries: { retry: false } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/history']}>{children}</MemoryRouter>
    </QueryClientProvider>
  );
}

const LEMON_JOB = item(20).job_id;

/** 25 analyses, served 20 a page newest first, filtered by q like the server. */
function serve() {
  let all = Array.from({ length: 25 }, (_, i) => item(25 - i));
  all[3] = item(22, { status: 'failed', comment_count: null, credits_spent: 0 });
  all[4] = item(21, {
    status: 'fetching',
    comment_count: null,
    credits_spent: 0,
    finished_at: null,
  });
  all[5] = item(20, { title: 'Lemon chicken, the quick way' });
  const remove = vi.fn(() => {
    all = all.filter((a) => a.job_id !== LEMON_JOB);
    return { body: { success: true } };
  });
  const api = fakeApi({
    [`DELETE /api/v1/analyses/${LEMON_JOB}`]: remove,
    'GET /api/v1/analyses': (call: FakeCall) => {
      const q = (call.query.get('q') ?? '').toLowerCase();
      const limit = Number(call.query.get('limit'));
      const matching = all.filter((a) => (a.title ?? '').toLowerCase().includes(q));
      const start = call.query.get('before') ? Number(call.query.get('before')) : 0;
      const items = matching.slice(start, start + limit);
      const next = start + limit < matching.length ? String(start + limit) : null;
      return { body: { items, next_cursor: next } };
    },
  });
  vi.stubGlobal('fetch', api.fetchMock);
  return { api, remove };
}

beforeEach(() => localStorage.setItem('auth_token', 'tok'));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('history page', () => {
  it('shows full titles, date and time, status, comments and credits; pages with Show more', async () => {
    serve();
    render(
      <Providers>
        <HistoryPage busy={false} onRerun={() => undefined} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(20));
    const first = screen.getAllByTestId('history-row')[0]!;
    expect(first.textContent).toContain(
      'A rather long video title number 25 that is never cut short',
    );
    expect(first.textContent).toMatch(/Nov 25, 2026, \d{1,2}:07\s?(AM|PM)/);
    expect(first.textContent).toContain('Complete');
    expect(first.textContent).toContain('125 comments');
    expect(first.textContent).toContain('2 credits');
    const rows = screen.getAllByTestId('history-row');
    expect(rows[3]!.textContent).toContain('Failed');
    expect(rows[4]!.textContent).toContain('Processing');
    // a running analysis cannot be deleted yet
    expect(
      within(rows[4]!).getByRole<HTMLButtonElement>('button', { name: /^Delete / }).disabled,
    ).toBe(true);
    // every link opens that run of the video
    expect(
      within(first)
        .getByRole('link', { name: /^Open / })
        .getAttribute('href'),
    ).toBe(`/report/video000025?job=${item(25).job_id}`);

    fireEvent.click(screen.getByTestId('history-more'));
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(25));
    expect(screen.queryByTestId('history-more')).toBeNull();
  });

  it('searches, re-runs and deletes one after a confirmation', async () => {
    const { api, remove } = serve();
    const onRerun = vi.fn();
    render(
      <Providers>
        <HistoryPage busy={false} onRerun={onRerun} />
      </Providers>,
    );
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(20));
    fireEvent.change(screen.getByTestId('history-search'), { target: { value: 'LEMON' } });
    await waitFor(() => expect(screen.getAllByTestId('history-row')).toHaveLength(1));
    expect(api.calls.at(-1)!.query.get('q')).toBe('LEMON');
    const row = screen.getByTestId('history-row');
    fireEvent.click(within(row).getByRole('button', { name: /^Re-run / }));
    expect(onRerun).toHaveBeenCalledWith('video000020');

    fireEvent.click(within(row).getByRole('button', { name: /^Delete / }));
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(remove).not.toHaveBeenCalled();
    fireEvent.click(within(row).getByRole('button', { name: /^Delete / }));
    fireEvent.click(screen.getByRole('button', { name: 'Delete analysis' }));
    await waitFor(() => expect(remove).toHaveBeenCalledTimes(1));
    expect(await screen.findByTestId('history-empty')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain('Deleted the analysis of');
  });
});
