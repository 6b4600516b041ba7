// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import ReportView, { coverageNotes } from './report-view';
import { makeCluster, makeReport } from '../../test/factories';

afterEach(cleanup);

const clusters = [
  makeCluster(0, {
    heading: 'Audio praise',
    percentage: 50,
    engagement_percentage: 20,
    category: 'Praise',
  }),
  makeCluster(1, {
    heading: '',
    tags: [],
    percentage: 30,
    engagement_percentage: 70,
    category: 'Question',
  }),
  makeCluster(2, {
    heading: 'Requests',
    percentage: 20,
    engagement_percentage: 10,
    category: 'Request',
    representatives: [
      {
        id: 'c1',
        text: '<img src=x onerror=alert(1)>',
        author: 'mallory',
        like_count: 3,
        published_at: '2026-01-02T00:00:00Z',
      },
      { id: 'c2', text: 'plain', author: null, like_count: 1, published_at: null },
      { id: '', text: 'nobody', author: null, like_count: 0, published_at: null },
    ],
  }),
];

function rows() {
  return screen.getAllByTestId('cluster-row').map((r) => ({
    heading: within(r).getByTestId('cluster-heading').textContent,
    tags: within(r).getByTestId('cluster-tags').textContent,
    percent: within(r).getByTestId('cluster-percent').textContent,
  }));
}

describe('ReportView', () => {
  it('lists rows by volume with heading fallback, 3 tags or a dash, and switches to engagement', () => {
    render(<ReportView report={makeReport(clusters)} resetKey="k" onRetagged={vi.fn()} />);
    expect(rows()).toEqual([
      { heading: 'Audio praise', tags: 'alpha, beta, gamma', percent: '50.0%' },
      { heading: 'Cluster 1', tags: '-', percent: '30.0%' },
      { heading: 'Requests', tags: 'alpha, beta, gamma', percent: '20.0%' },
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Engagement' }));
    expect(rows().map((r) => [r.heading, r.percent])).toEqual([
      ['Cluster 1', '70.0%'],
      ['Audio praise', '20.0%'],
      ['Requests', '10.0%'],
    ]);
  });

  it('filters by several categories and clears', () => {
    render(<ReportView report={makeReport(clusters)} resetKey="k" onRetagged={vi.fn()} />);
    const chips = screen.getByTestId('category-chips');
    fireEvent.click(within(chips).getByRole('button', { name: 'Praise' }));
    expect(rows().map((r) => r.heading)).toEqual(['Audio praise']);
    fireEvent.click(within(chips).getByRole('button', { name: 'Request' }));
    expect(rows().map((r) => r.heading)).toEqual(['Audio praise', 'Requests']);
    fireEvent.click(within(chips).getByRole('button', { name: 'Clear' }));
    expect(rows()).toHaveLength(3);
  });

  it('renders comment text literally in the evidence modal and names authors', () => {
    render(<ReportView report={makeReport(clusters)} resetKey="k" onRetagged={vi.fn()} />);
    const row = screen
      .getAllByTestId('cluster-row')
      .find((r) => r.textContent?.includes('Requests'))!;
    fireEvent.click(within(row).getByRole('button', { expanded: false }));
    fireEvent.click(screen.getByRole('button', { name: 'Comment Evidence' }));
    const dialog = screen.getByRole('dialog', { name: 'Comment Evidence' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    expect(within(dialog).getByText('<img src=x onerror=alert(1)>')).toBeTruthy();
    expect(dialog.querySelector('img')).toBeNull();
    expect(within(dialog).getByText('@mallory')).toBeTruthy();
    expect(within(dialog).getByText('c2')).toBeTruthy();
    expect(within(dialog).getByText('Anonymous')).toBeTruthy();
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('hides the chips when no cluster has a category', () => {
    const plain = clusters.map((c) => ({ ...c, category: '' as unknown as 'Praise' }));
    render(<ReportView report={makeReport(plain)} resetKey="k" onRetagged={vi.fn()} />);
    expect(screen.queryByTestId('category-chips')).toBeNull();
  });

  it('says when only part of the comments were analysed or likes are approximate', () => {
    const r = makeReport(clusters);
    expect(coverageNotes(r)).toEqual([]);
    r.report.analysed_comments = 2000;
    r.report.video_comment_count = 5300;
    r.report.likes_approximate = true;
    expect(coverageNotes(r)).toEqual([
      'Analyzed 2,000 of 5,300 comments on this video.',
      'Like counts are approximate for this comment source.',
    ]);
  });
});

describe('ReportView of a sample video', () => {
  it('labels the report as sample data and says its comments are invented and cost nothing', () => {
    render(
      <ReportView
        report={{ ...makeReport(clusters), video_id: 'sample_weeknight-ramen' }}
        resetKey="k"
        onRetagged={vi.fn()}
      />,
    );
    expect(screen.getByTestId('sample-badge').textContent).toBe('Sample data');
    expect(screen.getByTestId('sample-note').textContent).toMatch(
      /^Sample data\. This report is made from invented comments .* It cost no credits\./,
    );
  });

  it('leaves a real video without the sample label', () => {
    render(<ReportView report={makeReport(clusters)} resetKey="k" onRetagged={vi.fn()} />);
    expect(screen.queryByTestId('sample-badge')).toBeNull();
    expect(screen.queryByTestId('sample-note')).toBeNull();
  });
});
