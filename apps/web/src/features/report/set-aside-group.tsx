import { useId, useState } from 'react';
import type { CommentRef, SetAsideGroup as SetAside } from '@app/contracts';
import { ApiError } from '../../lib/api-client';
import { api } from '../../lib/api';
import { formatCount, formatDate } from '../../lib/format';
import { authorLabel } from './evidence-modal';

interface SetAsideGroupProps {
  videoId: string;
  group: SetAside | undefined;
  /** A comment went back to the topics: the report is read again. */
  onRestored: () => void;
}

type Feedback = { kind: 'done' | 'error'; text: string } | null;

/**
 * "Set aside as spam": the comments the analysis left out of the topics (scams, self-promotion,
 * bot copy-paste), counted apart from the clusters and the donut, each with a "Not spam" action
 * that moves it into the closest topic at no cost.
 */
export function SetAsideGroup({ videoId, group, onRestored }: SetAsideGroupProps) {
  const [open, setOpen] = useState(false);
  const [busyId, setBusyId] = useState<string | null>(null);
  const [feedback, setFeedback] = useState<Feedback>(null);
  const panelId = useId();
  const titleId = useId();
  // a comment restored a moment ago stays hidden while the report is read again
  const [restored, setRestored] = useState<ReadonlySet<string>>(() => new Set());
  if (!group || (group.count === 0 && feedback === null)) return null;
  const comments = group.comments.filter((c) => !restored.has(c.id));
  const count = Math.max(0, group.count - group.comments.filter((c) => restored.has(c.id)).length);

  const restore = (c: CommentRef) => {
    if (busyId !== null) return;
    setBusyId(c.id);
    setFeedback(null);
    api
      .restoreSpam({ params: { video_id: videoId, comment_id: c.id } })
      .then((reply) => {
        setRestored((prev) => new Set(prev).add(c.id));
        setFeedback({
          kind: 'done',
          text: reply.heading
            ? `Moved to “${reply.heading}”. Its topic and the shares now count it.`
            : 'Moved to the topics. The shares now count it.',
        });
        onRestored();
      })
      .catch((err: unknown) => {
        setFeedback({
          kind: 'error',
          text:
            err instanceof ApiError
              ? err.message
              : 'The comment could not be moved. Please try again.',
        });
      })
      .finally(() => setBusyId(null));
  };

  return (
    <section className="card set-aside" aria-labelledby={titleId} data-testid="set-aside">
      <div className="set-aside-head">
        <div className="set-aside-main">
          <h2 id={titleId} className="set-aside-title">
            Set aside as spam{' '}
            <span className="set-aside-count" data-testid="set-aside-count">
              {formatCount(count)}
            </span>
          </h2>
          <p className="muted small set-aside-about">
            Scams, self-promotion and copy-pasted bot comments. They are not counted in the topics,
            the chart or the summary.
          </p>
        </div>
        {count > 0 ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            aria-expanded={open}
            aria-controls={panelId}
            onClick={() => setOpen((v) => !v)}
          >
            {open ? 'Hide comments' : `Show ${count === 1 ? 'comment' : 'comments'}`}
          </button>
        ) : null}
      </div>
      {feedback ? (
        <p
          className={feedback.kind === 'done' ? 'set-aside-done' : 'form-error'}
          role={feedback.kind === 'done' ? 'status' : 'alert'}
          data-testid="set-aside-feedback"
        >
          {feedback.text}
        </p>
      ) : null}
      {open ? (
        <div id={panelId} className="set-aside-panel">
          {comments.length === 0 ? (
            <p className="muted">
              {count === 0
                ? 'No comment is set aside any more.'
                : 'These comments were deleted after the retention period.'}
            </p>
          ) : (
            <>
              {comments.length < count ? (
                <p className="muted small">
                  The {formatCount(comments.length)} most-liked of them are shown.
                </p>
              ) : null}
              <ul className="evidence-list" data-testid="set-aside-list">
                {comments.map((c) => (
                  <li key={c.id} className="evidence-item" data-testid="set-aside-item">
                    <div className="evidence-body set-aside-body">
                      <p className="evidence-meta">
                        <span className="evidence-author">{authorLabel(c)}</span>
                        <span className="muted">
                          {' · '}
                          {formatCount(c.like_count)} {c.like_count === 1 ? 'like' : 'likes'}
                          {c.published_at ? ` · ${formatDate(c.published_at)}` : ''}
                        </span>
                      </p>
                      <p className="evidence-text">{c.text}</p>
                    </div>
                    <button
                      type="button"
                      className="btn btn-ghost btn-small set-aside-restore"
                      onClick={() => restore(c)}
                      disabled={busyId !== null}
                      aria-busy={busyId === c.id}
                      aria-label={`Not spam: move the comment by ${authorLabel(c)} to the topics`}
                    >
                      {busyId === c.id ? 'Moving…' : 'Not spam'}
                    </button>
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
