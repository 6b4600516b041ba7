import type { KeyboardEvent } from 'react';
import { formatPercent } from '../../lib/format';
import { layoutSlices } from './report-model';
import type { DonutItem } from './report-model';

/** 320 px chart, 36 px stroke. */
export const DONUT_SIZE = 320;
export const DONUT_STROKE = 36;
const R = (DONUT_SIZE - DONUT_STROKE) / 2;
const C = 2 * Math.PI * R;
const CENTRE = DONUT_SIZE / 2;

interface DonutChartProps {
  items: readonly DonutItem[];
  /** Shown in the centre, labelled Clusters. */
  clusterCount: number;
  activeKeys: ReadonlySet<number>;
  onSliceClick: (key: number) => void;
}

function point(fraction: number): { x: number; y: number } {
  const angle = fraction * 2 * Math.PI - Math.PI / 2;
  return { x: CENTRE + R * Math.cos(angle), y: CENTRE + R * Math.sin(angle) };
}

/** Topic Distribution donut: clickable slices, percent labels above 5%, single slice shows 100% and Complete. */
export function DonutChart({ items, clusterCount, activeKeys, onSliceClick }: DonutChartProps) {
  const slices = layoutSlices(items);
  const single = slices.length === 1;
  const gap = slices.length > 1 ? 2 : 0;
  const onKey = (e: KeyboardEvent, key: number) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      onSliceClick(key);
    }
  };
  return (
    <svg
      className="donut"
      width={DONUT_SIZE}
      height={DONUT_SIZE}
      viewBox={`0 0 ${DONUT_SIZE} ${DONUT_SIZE}`}
      role="group"
      aria-label={`Topic distribution of ${clusterCount} clusters`}
      data-testid="donut"
    >
      <circle
        className="donut-track"
        cx={CENTRE}
        cy={CENTRE}
        r={R}
        fill="none"
        strokeWidth={DONUT_STROKE}
      />
      {slices.map((s) => {
        const len = Math.max(0, (s.end - s.start) * C - gap);
        const active = activeKeys.has(s.key);
        return (
          <circle
            key={s.key}
            className={`donut-slice${active ? ' active' : ''}`}
            data-testid="donut-slice"
            data-key={s.key}
            cx={CENTRE}
            cy={CENTRE}
            r={R}
            fill="none"
            stroke={s.colour}
            strokeWidth={active ? DONUT_STROKE + 6 : DONUT_STROKE}
            strokeDasharray={single ? undefined : `${len} ${C - len}`}
            strokeDashoffset={single ? undefined : -s.start * C}
            transform={`rotate(-90 ${CENTRE} ${CENTRE})`}
            role="button"
            tabIndex={0}
            aria-pressed={active}
            aria-label={`${s.label}: ${formatPercent(s.share)}`}
            onClick={() => onSliceClick(s.key)}
            onKeyDown={(e) => onKey(e, s.key)}
          >
            <title>{`${s.label}: ${formatPercent(s.share)}`}</title>
          </circle>
        );
      })}
      {slices
        .filter((s) => s.showLabel)
        .map((s) => {
          const p = single ? { x: CENTRE, y: DONUT_STROKE / 2 } : point((s.start + s.end) / 2);
          return (
            <text
              key={`label-${s.key}`}
              className="donut-label"
              data-testid="slice-label"
              stroke={s.colour}
              x={p.x}
              y={p.y}
              textAnchor="middle"
              dominantBaseline="central"
              aria-hidden="true"
            >
              {single ? '100%' : formatPercent(s.share)}
            </text>
          );
        })}
      <text
        className="donut-count"
        x={CENTRE}
        y={CENTRE - (single ? 14 : 6)}
        textAnchor="middle"
        data-testid="donut-count"
      >
        {clusterCount}
      </text>
      <text
        className="donut-caption"
        x={CENTRE}
        y={CENTRE + (single ? 12 : 20)}
        textAnchor="middle"
      >
        Clusters
      </text>
      {single ? (
        <text
          className="donut-caption donut-complete"
          x={CENTRE}
          y={CENTRE + 34}
          textAnchor="middle"
          data-testid="donut-complete"
        >
          Complete
        </text>
      ) : null}
    </svg>
  );
}
