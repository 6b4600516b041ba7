import { useId } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import type { CreditHistoryEntry } from '@app/contracts';
import { Dialog } from '../../components/dialog';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { api } from '../../lib/api';
import { creditHistoryQueryKey } from './billing-api';
import { formatBalance, formatCreditDelta, hasReport } from './credit-history-format';
import { formatDateTime } from '../../lib/format';

/** Entries one "Load more" adds (the server's default page). */
export const HISTORY_PAGE_SIZE = 25;

interface CreditHistoryModalProps {
  onClose: () => void;
  /** Opens a finished analysis's report (the main app's); absent where no report can open. */
  onOpenReport?: ((videoId: string) => void) | undefined;
}

/**
 * 'Credit history': where the creator's credits came from and went, newest first, 25 at a time
 * with Load more. Each line: what happened (the server's sentence), when, the amount with its sign
 * as text (green or red only as an extra cue) and the balance after it. Opened from the credits
 * pill and from the plans modal.
 */
export default function CreditHistoryModal({ onClose, onOpenReport }: CreditHistoryModalProps) {
  const { token, credits } = useAuth();
  const history = useInfiniteQuery({
    queryKey: creditHistoryQueryKey(token),
    queryFn: ({ pageParam, signal }) =>
      api.creditHistory({ query: { before: pageParam, limit: HISTORY_PAGE_SIZE }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor ?? undefined,
    enabled: token !== null,
    // Opened to see what just happened: always asked again, shown from the cache meanwhile.
    staleTime: 0,
  });
  const entries = history.data?.pages.flatMap((p) => p.entries) ?? [];
  const loadingMore = history.isFetchingNextPage;
  // An error while loading more keeps the lines already shown; one on the first page replaces them.
  const firstPageFailed = history.isError && entries.length === 0;
  const moreFailed = history.isFetchNextPageError;
  // Asked again on opening: if that fails, the lines loaded earlier stay, marked as maybe old.
  const refreshFailed = history.isRefetchError && entries.length > 0;

  return (
    <Dialog
      title="Credit history"
      subtitle={`Where your credits came from and went. Balance now: ${credits ?? 0} ${credits === 1 ? 'credit' : 'credits'}.`}
      onClose={onClose}
      className="dialog-history"
    >
      {history.isPending && !history.isError ? (
        <p
          className="muted credit-history-state"
          role="status"
          data-testid="credit-history-loading"
        >
          Loading your credit history…
        </p>
      ) : firstPageFailed ? (
        <LoadFailed
          className="credit-history-state"
          testId="credit-history-error"
          message={`Could not load your credit history: ${errorMessage(history.error)}`}
          busy={history.isFetching}
          onRetry={() => void history.refetch()}
        />
      ) : entries.length === 0 ? (
        <p className="muted credit-history-state" data-testid="credit-history-empty">
          No credit movements yet. Credits you receive, buy or spend on analyses will be listed
          here.
        </p>
      ) : (
        <>
          {refreshFailed ? (
            <LoadFailed
              className="credit-history-refresh"
              testId="credit-history-refresh-error"
              message={`Could not refresh your credit history: ${errorMessage(history.error)} These are the lines loaded earlier.`}
              busy={history.isFetching}
              onRetry={() => void history.refetch()}
            />
          ) : null}
          <ol className="credit-history-list" aria-label="Credit movements, newest first">
            {entries.map((entry) => (
              <HistoryLine
                key={entry.id}
                entry={entry}
                onOpenReport={
                  onOpenReport && hasReport(entry) && entry.video_id !== null
                    ? () => {
                        onClose();
                        onOpenReport(entry.video_id!);
                      }
                    : undefined
                }
              />
            ))}
          </ol>
          {moreFailed ? (
            <p role="alert" className="form-error" data-testid="credit-history-more-error">
              Could not load older entries: {errorMessage(history.error)}
            </p>
          ) : null}
          {history.hasNextPage ? (
            <div className="credit-history-more">
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => void history.fetchNextPage()}
                disabled={loadingMore}
                aria-busy={loadingMore}
              >
                {loadingMore ? 'Loading…' : moreFailed ? 'Try again' : 'Load more'}
              </button>
            </div>
          ) : (
            <p className="muted small credit-history-end">That is everything since you joined.</p>
          )}
        </>
      )}
    </Dialog>
  );
}

function HistoryLine({
  entry,
  onOpenReport,
}: {
  entry: CreditHistoryEntry;
  onOpenReport: (() => void) | undefined;
}) {
  const amount = formatCreditDelta(entry.credits);
  const descriptionId = useId();
  return (
    <li className="credit-line" data-testid="credit-line" data-kind={entry.kind}>
      <div className="credit-line-main">
        <p
          id={descriptionId}
          className="credit-line-description"
          data-testid="credit-line-description"
        >
          {entry.description}
        </p>
        <p className="credit-line-meta muted small">
          <time dateTime={entry.created_at}>{formatDateTime(entry.created_at)}</time>
          {onOpenReport ? (
            <button
              type="button"
              className="text-button"
              onClick={onOpenReport}
              aria-describedby={descriptionId}
            >
              View report
            </button>
          ) : null}
        </p>
      </div>
      <div className="credit-line-numbers">
        <span className={`credit-amount credit-${amount.tone}`} data-testid="credit-line-amount">
          <span aria-hidden="true">{amount.text}</span>
          <span className="sr-only">{amount.label}</span>
        </span>
        <span className="muted small" data-testid="credit-line-balance">
          {formatBalance(entry.balance_after)}
        </span>
      </div>
    </li>
  );
}

/** Why the history could not be read, as an alert, with Try again (Loading… while it runs). */
function LoadFailed(props: {
  className: string;
  testId: string;
  message: string;
  busy: boolean;
  onRetry: () => void;
}) {
  return (
    <div className={props.className} data-testid={props.testId}>
      <p role="alert" className="form-error">
        {props.message}
      </p>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={props.onRetry}
        disabled={props.busy}
        aria-busy={props.busy}
      >
        {props.busy ? 'Loading…' : 'Try again'}
      </button>
    </div>
  );
}
