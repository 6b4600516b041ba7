import { useState } from 'react';
import { formatPercent } from '../../lib/format';
import { LEGEND_COLLAPSE_AT, layoutSlices } from './report-model';
import type { DonutItem } from './report-model';

interface LegendProps {
  items: readonly DonutItem[];
  activeKeys: ReadonlySet<number>;
  onItemClick: (key: number) => void;
}

/** Legend: label and percent to one decimal, 7 colours cycling, collapsed above 6 entries. */
export function Legend({ items, activeKeys, onItemClick }: LegendProps) {
  const [expanded, setExpanded] = useState(false);
  const slices = layoutSlices(items);
  if (slices.length === 0) {
    return <p className="muted">No clusters to show yet.</p>;
  }
  const collapsible = slices.length > LEGEND_COLLAPSE_AT;
  const shown = collapsible && !expanded ? slices.slice(0, LEGEND_COLLAPSE_AT) : slices;
  return (
    <div className="legend">
      <ul className="legend-list" id="legend-list" data-testid="legend">
        {shown.map((s) => (
          <li key={s.key}>
            <button
              type="button"
              className="legend-item"
              aria-pressed={activeKeys.has(s.key)}
              onClick={() => onItemClick(s.key)}
              data-testid="legend-item"
            >
              <span className="swatch" style={{ background: s.colour }} aria-hidden="true" />
              <span className="legend-label">{s.label}</span>
              <span className="legend-value" data-testid="legend-value">
                {formatPercent(s.share)}
              </span>
            </button>
          </li>
        ))}
      </ul>
      {collapsible ? (
        <button
          type="button"
          className="link-button"
          aria-expanded={expanded}
          aria-controls="legend-list"
          onClick={() => setExpanded((e) => !e)}
        >
          {expanded ? 'Show less' : 'Show more'}
        </button>
      ) : null}
    </div>
  );
}
