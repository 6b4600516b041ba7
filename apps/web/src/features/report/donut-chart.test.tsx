// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { DonutChart, DONUT_SIZE, DONUT_STROKE } from './donut-chart';
import { PALETTE, layoutSlices } from './report-model';
import type { DonutItem } from './report-model';

afterEach(cleanup);

const items = (values: number[]): DonutItem[] =>
  values.map((value, i) => ({ key: i, label: `Topic ${i}`, value }));

function renderDonut(values: number[], onSliceClick = vi.fn()) {
  const utils = render(
    <DonutChart
      items={items(values)}
      clusterCount={values.length}
      activeKeys={new Set()}
      onSliceClick={onSliceClick}
    />,
  );
  return { ...utils, onSliceClick };
}

describe('DonutChart', () => {
  it('is 320 px with a 36 px stroke', () => {
    const { container } = renderDonut([60, 40]);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('width')).toBe(String(DONUT_SIZE));
    expect(DONUT_SIZE).toBe(320);
    expect(DONUT_STROKE).toBe(36);
    expect(container.querySelector('.donut-slice')!.getAttribute('stroke-width')).toBe('36');
  });

  it('with 0 clusters draws no slices and shows 0 Clusters', () => {
    const { container } = renderDonut([]);
    expect(container.querySelectorAll('[data-testid="donut-slice"]')).toHaveLength(0);
    expect(screen.getByTestId('donut-count').textContent).toBe('0');
    expect(screen.getByText('Clusters')).toBeTruthy();
    expect(screen.queryByTestId('donut-complete')).toBeNull();
  });

  it('with 1 cluster draws a full ring labelled 100% and Complete', () => {
    const { container } = renderDonut([37.5]);
    const slices = container.querySelectorAll('[data-testid="donut-slice"]');
    expect(slices).toHaveLength(1);
    expect(slices[0]!.getAttribute('stroke-dasharray')).toBeNull();
    expect(screen.getAllByTestId('slice-label').map((l) => l.textContent)).toEqual(['100%']);
    expect(screen.getByTestId('donut-complete').textContent).toBe('Complete');
    expect(screen.getByTestId('donut-count').textContent).toBe('1');
  });

  it('labels only slices above 5%', () => {
    renderDonut([5, 5.1, 89.9]);
    expect(screen.getAllByTestId('slice-label').map((l) => l.textContent)).toEqual([
      '5.1%',
      '89.9%',
    ]);
  });

  it('cycles 7 colours for more than 7 slices', () => {
    const { container } = renderDonut([20, 15, 14, 12, 10, 9, 8, 7, 5]);
    const strokes = Array.from(container.querySelectorAll('[data-testid="donut-slice"]')).map((s) =>
      s.getAttribute('stroke'),
    );
    expect(strokes).toHaveLength(9);
    expect(new Set(strokes.slice(0, 7)).size).toBe(7);
    expect(strokes[7]).toBe(PALETTE[0]);
    expect(strokes[8]).toBe(PALETTE[1]);
  });

  it('slices are buttons: click and Enter toggle the category', () => {
    const { container, onSliceClick } = renderDonut([70, 30]);
    const second = container.querySelectorAll('[data-testid="donut-slice"]')[1]!;
    fireEvent.click(second);
    fireEvent.keyDown(second, { key: 'Enter' });
    expect(onSliceClick).toHaveBeenNthCalledWith(1, 1);
    expect(onSliceClick).toHaveBeenNthCalledWith(2, 1);
    expect(second.getAttribute('aria-label')).toBe('Topic 1: 30.0%');
  });
});

describe('layoutSlices', () => {
  it('normalises values so the ring closes', () => {
    const s = layoutSlices(items([30, 30, 40]));
    expect(s[2]!.end).toBeCloseTo(1);
    expect(s.map((x) => x.share)).toEqual([30, 30, 40]);
  });
  it('returns nothing when every value is zero', () => {
    expect(layoutSlices(items([0, 0]))).toEqual([]);
  });
});
