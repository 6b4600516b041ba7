// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { StatCards } from './stat-cards';

afterEach(cleanup);

describe('StatCards', () => {
  it('shows the count and processing minutes with a 0.1 minimum', () => {
    render(
      <StatCards
        totalComments={5300}
        processingSeconds={2}
        overallVibe="Upbeat"
        clusterCount={4}
      />,
    );
    expect(screen.getByTestId('stat-total-value').textContent).toBe('5,300');
    expect(screen.getByTestId('stat-total-sub').textContent).toBe('Processing: 0.1 min');
    expect(screen.getByTestId('stat-topics-value').textContent).toBe('4');
    expect(screen.getByText('Identified themes')).toBeTruthy();
  });

  it('shows Overview when processing time is zero and Positive when there is no vibe', () => {
    render(<StatCards totalComments={0} processingSeconds={0} overallVibe="" clusterCount={0} />);
    expect(screen.getByTestId('stat-total-sub').textContent).toBe('Overview');
    expect(screen.getByTestId('stat-vibe').textContent).toBe('Positive');
    expect(screen.getByTestId('stat-topics-value').textContent).toBe('0');
  });

  it('keeps a 50-character vibe whole and truncates a longer one with Show more / Show less', () => {
    const fifty = 'x'.repeat(50);
    const { unmount } = render(
      <StatCards totalComments={1} processingSeconds={90} overallVibe={fifty} clusterCount={1} />,
    );
    expect(screen.getByTestId('stat-vibe').textContent).toBe(fifty);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
    expect(screen.getByTestId('stat-total-sub').textContent).toBe('Processing: 1.5 min');
    unmount();

    const long = 'Mostly positive, with viewers asking for a follow-up on the tuning section';
    render(
      <StatCards totalComments={1} processingSeconds={0} overallVibe={long} clusterCount={1} />,
    );
    const shown = screen.getByTestId('stat-vibe').textContent;
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.length).toBeLessThanOrEqual(51);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getByTestId('stat-vibe').textContent).toBe(long);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getByTestId('stat-vibe').textContent).toBe(shown);
  });
});
