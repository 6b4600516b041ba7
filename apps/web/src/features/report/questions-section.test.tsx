// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import type { ReportQuestion } from '@app/contracts';
import { QUESTIONS_SHOWN, QuestionsSection } from './questions-section';
import { makeCluster } from '../../test/factories';

afterEach(cleanup);

const clusters = [makeCluster(0, { heading: 'Recipe swaps' }), makeCluster(1, { heading: '' })];

function question(i: number, over: Partial<ReportQuestion> = {}): ReportQuestion {
  return {
    question: `Question number ${i}?`,
    count: 10 - i,
    like_count: 0,
    cluster_id: 0,
    examples: [
      {
        id: `e${i}`,
        text: `Example for ${i}`,
        author: '@viewer',
        like_count: 2,
        published_at: null,
      },
    ],
    answered: false,
    suggested_reply: null,
    ...over,
  };
}

describe('QuestionsSection', () => {
  it('says so when nobody asked, and when the questions are no longer available', () => {
    const { rerender } = render(
      <QuestionsSection questions={[]} clusters={clusters} onShowCluster={() => {}} />,
    );
    expect(screen.getByTestId('questions-empty').textContent).toBe(
      'Nobody asked a question in these comments.',
    );
    rerender(<QuestionsSection questions={null} clusters={clusters} onShowCluster={() => {}} />);
    expect(screen.getByTestId('questions-unavailable')).toBeTruthy();
    expect(screen.queryByTestId('question-item')).toBeNull();
  });

  it('ranks, counts, links the cluster, badges answered ones and offers no reply it was not given', () => {
    const onShowCluster = vi.fn();
    const list = [
      question(0, { answered: true }),
      question(1, { count: 1, cluster_id: 1 }),
      ...Array.from({ length: QUESTIONS_SHOWN }, (_, i) => question(i + 2)),
    ];
    render(<QuestionsSection questions={list} clusters={clusters} onShowCluster={onShowCluster} />);
    const items = screen.getAllByTestId('question-item');
    expect(items).toHaveLength(QUESTIONS_SHOWN);
    expect(within(items[0]!).getByTestId('question-count').textContent).toBe('Asked 10 times');
    expect(within(items[1]!).getByTestId('question-count').textContent).toBe('Asked once');
    expect(within(items[0]!).getByTestId('question-answered').textContent).toBe('Answered');
    expect(within(items[1]!).queryByTestId('question-answered')).toBeNull();
    // a cluster without a heading is named by its id
    expect(within(items[1]!).getByTestId('question-cluster').textContent).toContain('Cluster 1');
    fireEvent.click(within(items[1]!).getByTestId('question-cluster'));
    expect(onShowCluster).toHaveBeenCalledWith(1);
    // offline: no suggested reply, no Copy button
    expect(screen.queryByTestId('suggested-reply')).toBeNull();
    expect(screen.queryByTestId('copy-reply')).toBeNull();

    fireEvent.click(within(items[0]!).getByTestId('question-examples-toggle'));
    expect(within(items[0]!).getByTestId('question-examples').textContent).toContain(
      'Example for 0',
    );
    fireEvent.click(screen.getByTestId('questions-more'));
    expect(screen.getAllByTestId('question-item')).toHaveLength(list.length);
  });

  it('copies a suggested reply', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    render(
      <QuestionsSection
        questions={[question(0, { suggested_reply: 'Yes, thighs work: add five minutes.' })]}
        clusters={clusters}
        onShowCluster={() => {}}
      />,
    );
    expect(screen.getByTestId('suggested-reply').textContent).toContain(
      'Yes, thighs work: add five minutes.',
    );
    fireEvent.click(screen.getByTestId('copy-reply'));
    expect(writeText).toHaveBeenCalledWith('Yes, thighs work: add five minutes.');
    expect(await screen.findByText('Copied')).toBeTruthy();
  });
});
