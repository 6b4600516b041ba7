import type { ReactNode } from 'react';
import type { Cluster, Intent } from '@app/contracts';
import { formatCount, formatPercent, toneLabel } from '../../lib/format';
import { ClusterActionButtons } from '../cluster-tools';
import { clusterTitle, clusterValue, tagsText } from './report-model';
import type { SortMode } from './report-model';

export const CATEGORIES: readonly Intent[] = [
  'Request',
  'Praise',
  'Criticism',
  'Question',
  'Opinion',
];

interface ClustersListProps {
  clusters: readonly Cluster[];
  mode: SortMode;
  openIds: ReadonlySet<number>;
  onToggle: (id: number) => void;
  filter: ReadonlySet<string>;
  onFilterChange: (next: Set<string>) => void;
  onShowEvidence: (cluster: Cluster) => void;
  /** Rendered between the chips and the rows (the CreatorX toolbar). */
  toolbar?: ReactNode;
  /** A shared link's view: the rows open with their figures, without evidence or cluster tools. */
  readOnly?: boolean;
}

/** Category chips (multi-select, Clear) and the cluster rows. */
export function ClustersList({
  clusters,
  mode,
  openIds,
  onToggle,
  filter,
  onFilterChange,
  onShowEvidence,
  toolbar,
  readOnly = false,
}: ClustersListProps) {
  const hasCategories = clusters.some(
    (c) => typeof c.category === 'string' && (c.category as string) !== '',
  );
  const shown = filter.size === 0 ? clusters : clusters.filter((c) => filter.has(c.category));
  const toggleChip = (cat: string) => {
    const next = new Set(filter);
    if (next.has(cat)) next.delete(cat);
    else next.add(cat);
    onFilterChange(next);
  };
  return (
    <section className="card clusters" aria-labelledby="clusters-title">
      <h2 id="clusters-title">Clusters</h2>
      {hasCategories ? (
        <div
          className="chips"
          role="group"
          aria-label="Filter by category"
          data-testid="category-chips"
        >
          {CATEGORIES.map((cat) => (
            <button
              key={cat}
              type="button"
              className={`chip chip-${cat.toLowerCase()}`}
              aria-pressed={filter.has(cat)}
              onClick={() => toggleChip(cat)}
            >
              {cat}
            </button>
          ))}
          <button
            type="button"
            className="link-button"
            onClick={() => onFilterChange(new Set())}
            disabled={filter.size === 0}
          >
            Clear
          </button>
        </div>
      ) : null}
      {toolbar}
      {shown.length === 0 ? (
        <p className="muted" role="status">
          {clusters.length === 0
            ? 'This report has no clusters.'
            : 'No clusters match the chosen categories.'}
        </p>
      ) : (
        <ul className="cluster-rows" data-testid="cluster-rows">
          {shown.map((c) => {
            const open = openIds.has(c.cluster_id);
            const panelId = `cluster-panel-${c.cluster_id}`;
            return (
              <li
                key={c.cluster_id}
                className={`cluster-row${open ? ' open' : ''}`}
                id={`cluster-row-${c.cluster_id}`}
                data-testid="cluster-row"
                data-cluster-id={c.cluster_id}
              >
                <button
                  type="button"
                  className="cluster-row-head"
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => onToggle(c.cluster_id)}
                >
                  <span className="cluster-row-main">
                    <span className="cluster-heading" data-testid="cluster-heading">
                      {clusterTitle(c)}
                    </span>
                    <span className="cluster-tags muted" data-testid="cluster-tags">
                      {tagsText(c.tags)}
                    </span>
                  </span>
                  {c.category ? (
                    <span
                      className={`badge badge-${c.category.toLowerCase()}`}
                      data-testid="cluster-category"
                    >
                      {c.category}
                    </span>
                  ) : null}
                  <span className="cluster-percent" data-testid="cluster-percent">
                    {formatPercent(clusterValue(c, mode))}
                  </span>
                </button>
                {open ? (
                  <div className="cluster-panel" id={panelId}>
                    <p className="muted small">
                      {formatCount(c.size ?? 0)} comments · {formatCount(c.like_count ?? 0)} likes
                      {c.sentiment?.label ? ` · ${toneLabel(c.sentiment)}` : ''}
                    </p>
                    {c.tags && c.tags.length > 0 ? (
                      <p className="small">
                        <span className="muted">Tags: </span>
                        {c.tags.join(', ')}
                      </p>
                    ) : null}
                    {readOnly ? null : (
                      <div className="cluster-actions">
                        <button
                          type="button"
                          className="btn btn-ghost btn-small"
                          onClick={() => onShowEvidence(c)}
                        >
                          Comment Evidence
                        </button>
                        <ClusterActionButtons cluster={c} />
                      </div>
                    )}
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
