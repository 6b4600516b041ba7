import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { isSampleVideoId, type AnalysisHistoryItem } from '@app/contracts';
import { SampleBadge } from '../../components/sample-badge';
import { api, queryKeys } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { PLATFORM_UI } from '../../lib/platforms';
import { VideoThumb } from '../analyze/video-thumb';
import { RetryAlert } from '../../components/retry-alert';

/** Analyses one page of the history shows; "Show more" loads the next. */
export const HISTORY_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

/** What the status column says. */
export function historyStatusLabel(status: AnalysisHistoryItem['status']): string {
  if (status === 'complete') return 'Complete';
  if (status === 'failed') return 'Failed';
  return 'Processing';
}

function useSettled<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

interface HistoryPageProps {
  /** An analysis is starting or running in this tab: Re-run waits for it. */
  busy: boolean;
  /** Analyzes the video again (the run opens on its own report address). */
  onRerun: (videoId: string) => void;
}

/**
 * The whole history at /history: a search over titles and channels, pages of 20 newest first, and
 * per analysis its full title, channel, date and time, status, comments and credits, with Open,
 * Re-run and Delete (after a confirmation).
 */
export default function HistoryPage({ busy, onRerun }: HistoryPageProps) {
  const queryClient = useQueryClient();
  const searchId = useId();
  const [typed, setTyped] = useState('');
  const q = useSettled(typed.trim(), SEARCH_DELAY_MS);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [deleting, setDeleting] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const history = useInfiniteQuery({
    queryKey: queryKeys.analysesSearch(q),
    queryFn: async ({ pageParam, signal }) => {
      const reply = await api.analyses({
        query: {
          limit: HISTORY_PAGE_SIZE,
          ...(pageParam !== null ? { before: pageParam } : {}),
          ...(q ? { q } : {}),
        },
        signal,
      });
      // with a limit the reply is always a page
      return Array.isArray(reply) ? { items: reply, next_cursor: null } : reply;
    },
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
  const items = history.data?.pages.flatMap((p) => p.items) ?? [];

  const remove = async (item: AnalysisHistoryItem) => {
    setDeleting(item.job_id);
    setProblem(null);
    try {
      await api.deleteAnalysis({ params: { job_id: item.job_id } });
      setConfirming(null);
      setNotice(`Deleted the analysis of “${item.title ?? item.video_id}”.`);
      await queryClient.invalidateQueries({ queryKey: queryKeys.analyses });
    } catch (err) {
      console.error('Deleting an analysis failed', err);
      setProblem(errorMessage(err, 'Failed to delete the analysis.'));
    } finally {
      setDeleting(null);
    }
  };

  return (
    <section
      className="card history-page"
      aria-labelledby="history-title"
      data-testid="history-page"
    >
      <div className="history-page-head">
        <h1 id="history-title" className="section-h1" tabIndex={-1}>
          Your analyses
        </h1>
        <div className="field history-search">
          <label htmlFor={searchId}>Search by title or channel</label>
          <input
            id={searchId}
            type="search"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            placeholder="e.g. ramen"
            maxLength={200}
            data-testid="history-search"
          />
        </div>
      </div>
      <div role="status" className="history-live">
        {notice ? <p className="small">{notice}</p> : null}
      </div>
      {problem ? (
        <p role="alert" className="form-error">
          {problem}
        </p>
      ) : null}
      {history.isPending ? (
        <p className="muted" role="status">
          Loading your analyses…
        </p>
      ) : history.isError ? (
        <RetryAlert onRetry={() => void history.refetch()}>
          Could not load your analyses: {errorMessage(history.error)}
        </RetryAlert>
      ) : items.length === 0 ? (
        <p className="muted" data-testid="history-empty">
          {q
            ? `No analysis has a title or channel containing “${q}”.`
            : 'No analyses yet. Paste a video link on the dashboard to run your first one.'}
        </p>
      ) : (
        <ul className="history-rows" data-testid="history-rows">
          {items.map((item) => {
            const title = item.title ?? item.video_id;
            const canRerun = PLATFORM_UI[item.platform].rerunFromLink;
            return (
              <li key={item.job_id} className="history-row" data-testid="history-row">
                <VideoThumb
                  videoId={item.video_id}
                  src={item.thumbnail_url}
                  className="thumb-small"
                />
                <div className="history-row-text">
                  <Link className="history-row-title" to={paths.report(item.video_id, item.job_id)}>
                    {title}
                  </Link>
                  {isSampleVideoId(item.video_id) ? <SampleBadge /> : null}
                  <span className="muted small">
                    {item.channel_title ? `${item.channel_title} · ` : ''}
                    <time dateTime={item.created_at}>{formatDateTime(item.created_at)}</time>
                  </span>
                  <span className="small history-row-facts">
                    <span
                      className={`status status-${item.status === 'complete' ? 'complete' : item.status === 'failed' ? 'failed' : 'processing'}`}
                    >
                      {historyStatusLabel(item.status)}
                    </span>
                    {item.comment_count !== null ? (
                      <span>{formatCount(item.comment_count)} comments</span>
                    ) : null}
                    {item.status === 'complete' ? (
                      <span>
                        {item.credits_spent} {item.credits_spent === 1 ? 'credit' : 'credits'}
                      </span>
                    ) : null}
                  </span>
                </div>
                <div className="history-row-actions">
                  <Link
                    className="btn btn-ghost btn-small"
                    to={paths.report(item.video_id, item.job_id)}
                    aria-label={`Open ${title}`}
                  >
                    Open
                  </Link>
                  {canRerun ? (
                    <button
                      type="button"
                      className="btn btn-ghost btn-small"
                      disabled={busy}
                      onClick={() => onRerun(item.video_id)}
                      aria-label={`Re-run ${title}`}
                      title={busy ? 'An analysis is running: wait for it to finish.' : undefined}
                    >
                      Re-run
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="btn btn-ghost btn-small"
                    disabled={item.status !== 'complete' && item.status !== 'failed'}
                    onClick={() => {
                      setNotice(null);
                      setConfirming(item.job_id);
                    }}
                    aria-label={`Delete ${title}`}
                  >
                    Delete
                  </button>
                </div>
                {confirming === item.job_id ? (
                  <div
                    className="confirm history-row-confirm"
                    role="group"
                    aria-label={`Confirm deleting ${title}`}
                  >
                    <p className="small">
                      Delete this analysis, its report and its comments? This cannot be undone.
                    </p>
                    <div className="confirm-actions">
                      <button
                        type="button"
                        className="btn btn-danger btn-small"
                        onClick={() => void remove(item)}
                        disabled={deleting !== null}
                      >
                        {deleting === item.job_id ? 'Deleting…' : 'Delete analysis'}
                      </button>
                      <button
                        type="button"
                        className="btn btn-ghost btn-small"
                        onClick={() => setConfirming(null)}
                      >
                        Cancel
                      </button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {history.hasNextPage ? (
        <div className="credit-history-more">
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => void history.fetchNextPage()}
            disabled={history.isFetchingNextPage}
            data-testid="history-more"
          >
            {history.isFetchingNextPage ? 'Loading…' : 'Show more'}
          </button>
        </div>
      ) : items.length > HISTORY_PAGE_SIZE ? (
        <p className="muted small credit-history-end">That is every analysis.</p>
      ) : null}
    </section>
  );
}
