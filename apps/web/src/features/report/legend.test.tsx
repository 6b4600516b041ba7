// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Legend } from './legend';

afterEach(cleanup);

const items = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: i, label: `Topic ${i}`, value: 100 / n }));

describe('Legend', () => {
  it('shows every entry and no toggle with 6 entries', () => {
    render(<Legend items={items(6)} activeKeys={new Set()} onItemClick={vi.fn()} />);
    expect(screen.getAllByTestId('legend-item')).toHaveLength(6);
    expect(screen.queryByRole('button', { name: 'Show more' })).toBeNull();
  });

  it('collapses above 6 entries with Show more / Show less', () => {
    render(<Legend items={items(8)} activeKeys={new Set()} onItemClick={vi.fn()} />);
    expect(screen.getAllByTestId('legend-item')).toHaveLength(6);
    fireEvent.click(screen.getByRole('button', { name: 'Show more' }));
    expect(screen.getAllByTestId('legend-item')).toHaveLength(8);
    fireEvent.click(screen.getByRole('button', { name: 'Show less' }));
    expect(screen.getAllByTestId('legend-item')).toHaveLength(6);
  });

  it('shows percentages to one decimal and says when there is nothing', () => {
    const { unmount } = render(
      <Legend items={items(3)} activeKeys={new Set()} onItemClick={vi.fn()} />,
    );
    expect(screen.getAllByTestId('legend-value').map((v) => v.textContent)).toEqual([
      '33.3%',
      '33.3%',
      '33.3%',
    ]);
    unmount();
    render(<Legend items={[]} activeKeys={new Set()} onItemClick={vi.fn()} />);
    expect(screen.getByText('No clusters to show yet.')).toBeTruthy();
  });
});
