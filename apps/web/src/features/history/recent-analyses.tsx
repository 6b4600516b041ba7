import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { isSampleVideoId, type AnalysisHistoryItem } from '@app/contracts';
import { api, queryKeys } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { VideoThumb } from '../analyze/video-thumb';
import { RefreshIcon, TrashIcon } from '../../components/icons';
import { SampleBadge } from '../../components/sample-badge';

export const RECENT_SHOWN = 5;

/**
 * The newest 5 analyses by created_at: complete, still running or failed. An entry reads
 * '✓ Complete', 'Processing' or 'Failed'; a failed one has no report to open, so it is not a
 * button (its reason was shown when it failed, and its credits were refunded).
 */
export function newestAnalyses(
  items: readonly AnalysisHistoryItem[],
  n = RECENT_SHOWN,
): AnalysisHistoryItem[] {
  const t = (s: string) => {
    const v = Date.parse(s);
    return Number.isNaN(v) ? 0 : v;
  };
  return [...items].sort((a, b) => t(b.created_at) - t(a.created_at)).slice(0, n);
}

/**
 * Sidebar 'Recent Analyses': refresh, clear history, newest 5 and View all (the history page). Each
 * entry links to its own run of the video, with its full title, date and time, so two analyses of
 * the same video can be told apart.
 */
export function RecentAnalyses({ activeVideoId }: { activeVideoId: string | null }) {
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const activeJob = search.get('job');
  const analyses = useQuery({
    queryKey: queryKeys.analyses,
    queryFn: async ({ signal }) => {
      const reply = await api.analyses({ signal });
      return Array.isArray(reply) ? reply : reply.items;
    },
  });
  const [clearError, setClearError] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [clearing, setClearing] = useState(false);

  const clear = async () => {
    setClearing(true);
    setClearError(null);
    try {
      await api.clearAnalyses();
      setConfirming(false);
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    } catch (err) {
      console.error('Clear history failed', err);
      setClearError('Failed to clear history.');
    } finally {
      setClearing(false);
    }
  };

  const items = analyses.data ? newestAnalyses(analyses.data) : [];
  return (
    <section
      className="card sidebar-card"
      aria-labelledby="recent-title"
      data-testid="recent-analyses"
    >
      <div className="card-head">
        <h2 id="recent-title">Recent Analyses</h2>
        <div className="card-head-actions">
          <button
            type="button"
            className="icon-button"
            aria-label="Refresh recent analyses"
            title="Refresh"
            onClick={() => void analyses.refetch()}
            disabled={analyses.isFetching}
          >
            <RefreshIcon />
          </button>
          <button
            type="button"
            className="icon-button"
            aria-label="Clear history"
            title="Clear history"
            onClick={() => setConfirming(true)}
            disabled={items.length === 0 || clearing}
          >
            <TrashIcon />
          </button>
        </div>
      </div>
      {confirming ? (
        <div className="confirm" role="group" aria-label="Confirm clearing history">
          <p className="small">Clear all past analyses? This cannot be undone.</p>
          <div className="confirm-actions">
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={() => void clear()}
              disabled={clearing}
            >
              {clearing ? 'Clearing…' : 'Clear history'}
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      {clearError ? (
        <p role="alert" className="form-error">
          {clearError}
        </p>
      ) : null}
      {analyses.isError ? (
        <p role="alert" className="form-error">
          {errorMessage(analyses.error)}
        </p>
      ) : analyses.isPending ? (
        <p className="muted small">Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted small">No analyses yet. Paste a video link to run your first one.</p>
      ) : (
        <ul className="history-list">
          {items.map((item) => {
            const complete = item.status === 'complete';
            if (item.status === 'failed')
              return (
                <li key={item.job_id}>
                  <div
                    className="history-item history-failed"
                    data-testid="history-item"
                    data-video-id={item.video_id}
                    data-status="failed"
                  >
                    <VideoThumb
                      videoId={item.video_id}
                      src={item.thumbnail_url}
                      className="thumb-small"
                    />
                    <span className="history-text">
                      <span className="history-title">{item.title ?? item.video_id}</span>
                      <span className="muted small">
                        <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                      </span>
                      <span className="status status-failed">Failed · credits refunded</span>
                    </span>
                  </div>
                </li>
              );
            const title = item.title ?? item.video_id;
            // The run in the address, or (on /report/{id} with no run named) the latest of the video.
            const current =
              activeVideoId === item.video_id &&
              (activeJob === null
                ? items.find((i) => i.video_id === item.video_id) === item
                : activeJob === item.job_id);
            return (
              <li key={item.job_id}>
                <Link
                  to={paths.report(item.video_id, item.job_id)}
                  className={`history-item${current ? ' active' : ''}`}
                  data-testid="history-item"
                  data-video-id={item.video_id}
                  data-status={complete ? 'complete' : 'processing'}
                  aria-current={current ? 'page' : undefined}
                  title={title}
                >
                  <VideoThumb
                    videoId={item.video_id}
                    src={item.thumbnail_url}
                    className="thumb-small"
                  />
                  <span className="history-text">
                    <span className="history-title">{title}</span>
                    {isSampleVideoId(item.video_id) ? <SampleBadge /> : null}
                    <span className="muted small">
                      <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                      {complete && item.comment_count !== null
                        ? ` · ${formatCount(item.comment_count)} comments`
                        : ''}
                    </span>
                    <span
                      className={`status ${complete ? 'status-complete' : 'status-processing'}`}
                    >
                      {complete ? '✓ Complete' : 'Processing'}
                    </span>
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      <Link className="btn btn-ghost btn-small history-view-all" to={paths.history}>
        View all analyses
      </Link>
    </section>
  );
}

/** The 'Upgrade to Pro' promo card; Learn More does nothing. */
export function UpgradeCard() {
  return (
    <section className="card sidebar-card upgrade-card" aria-labelledby="upgrade-title">
      <h2 id="upgrade-title">Upgrade to Pro</h2>
      <p className="small">
        Priority processing and 1,500 credits every month for bigger channels.
      </p>
      <button type="button" className="btn btn-ghost btn-small">
        Learn More
      </button>
    </section>
  );
}
