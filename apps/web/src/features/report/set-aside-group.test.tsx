// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import ReportView from './report-view';
import { makeCluster, makeReport } from '../../test/factories';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SPAM = {
  count: 2,
  comments: [
    {
      id: 's1',
      text: 'Contact me on telegram for the account <b>now</b>',
      author: 'helper',
      like_count: 3,
      published_at: '2026-01-02T00:00:00Z',
    },
    { id: 's2', text: 'Sub to me and I sub back', author: null, like_count: 0, published_at: null },
  ],
};

const report = (spam = SPAM) =>
  makeReport([makeCluster(0, { heading: 'Recipe questions', percentage: 100 })], {
    video_id: 'k3TnLmVq8Ra',
    spam,
  });

describe('Set aside as spam', () => {
  it('shows the count below the clusters and the comments, as text, on expand', () => {
    render(<ReportView report={report()} resetKey="k" onRetagged={vi.fn()} />);
    const group = screen.getByTestId('set-aside');
    const clusters = screen.getByRole('heading', { name: 'Clusters' }).closest('section')!;
    expect(clusters.compareDocumentPosition(group) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.getByTestId('set-aside-count').textContent).toBe('2');
    expect(screen.queryAllByTestId('set-aside-item')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: 'Show comments' }));
    const items = screen.getAllByTestId('set-aside-item');
    expect(items).toHaveLength(2);
    expect(items[0]!.textContent).toContain('Contact me on telegram for the account <b>now</b>');
    expect(items[0]!.querySelector('b')).toBeNull();
  });

  it('is absent when nothing was set aside', () => {
    render(
      <ReportView report={report({ count: 0, comments: [] })} resetKey="k" onRetagged={vi.fn()} />,
    );
    expect(screen.queryByTestId('set-aside')).toBeNull();
  });

  it('says the comments were deleted once the retention period passed', () => {
    render(
      <ReportView report={report({ count: 2, comments: [] })} resetKey="k" onRetagged={vi.fn()} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Show comments' }));
    expect(screen.getByText(/deleted after the retention period/)).toBeTruthy();
  });

  it('"Not spam" restores the comment, says where it went and reloads the report', async () => {
    const fetch = vi.fn(() =>
      Promise.resolve(
        new Response(
          JSON.stringify({ success: true, cluster_id: 0, heading: 'Recipe questions' }),
          {
            status: 200,
            headers: { 'content-type': 'application/json' },
          },
        ),
      ),
    );
    vi.stubGlobal('fetch', fetch);
    const reload = vi.fn();
    render(<ReportView report={report()} resetKey="k" onRetagged={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show comments' }));
    fireEvent.click(screen.getAllByRole('button', { name: /^Not spam/ })[0]!);
    await waitFor(() =>
      expect(screen.getByTestId('set-aside-feedback').textContent).toMatch(
        /Moved to “Recipe questions”/,
      ),
    );
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/report/k3TnLmVq8Ra/spam/s1/restore');
    expect(init.method).toBe('POST');
    expect(reload).toHaveBeenCalled();
    expect(screen.getAllByTestId('set-aside-item')).toHaveLength(1);
    expect(screen.getByTestId('set-aside-count').textContent).toBe('1');
  });

  it('shows the server’s message when the restore fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              message: 'The comments of this analysis were deleted.',
              code: 'comments_expired',
            }),
            { status: 410, headers: { 'content-type': 'application/json' } },
          ),
        ),
      ),
    );
    const reload = vi.fn();
    render(<ReportView report={report()} resetKey="k" onRetagged={reload} />);
    fireEvent.click(screen.getByRole('button', { name: 'Show comments' }));
    fireEvent.click(screen.getAllByRole('button', { name: /^Not spam/ })[1]!);
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('were deleted'));
    expect(reload).not.toHaveBeenCalled();
    expect(screen.getAllByTestId('set-aside-item')).toHaveLength(2);
  });
});
