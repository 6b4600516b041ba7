import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import type { CommentRef } from '@app/contracts';
import { keepTabInside } from '../../components/focus-trap';
import { formatCount, formatDate } from '../../lib/format';
import { api } from '../../lib/api';
import {
  COMMENTS_PAGE_SIZE,
  MESSAGES,
  sentimentText,
  type AnalysisResult,
} from './cluster-tools-api';
import { useClusterTools, type ChatMessage } from './cluster-tools-context';
import './cluster-tools.css';

function authorName(c: Pick<CommentRef, 'author' | 'id'>): string {
  if (c.author) return c.author.startsWith('@') ? c.author : `@${c.author}`;
  return 'Anonymous';
}

/**
 * The drawer frame: a labelled side panel below the site header; X or Escape closes it. Tab stays
 * inside it while it is open (on a phone it covers the page below the header, on a desktop the
 * sidebar), so Tab never reaches the page's controls hidden behind it. A mouse
 * can still use the header and the report beside it.
 */
function Drawer({
  title,
  testId,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const headingId = `${testId}-title`;
  const panel = useRef<HTMLElement>(null);
  // Focus goes back to what opened the drawer (a row's Analyze, Comments or Chat button) when it
  // closes, as the evidence modal does, not to <body> at the top of a long report. Another
  // row button pressed while a drawer is open swaps the drawer's content (the frame stays): the
  // control outside the drawer that had the focus last is the opener then.
  useEffect(() => {
    let opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const onFocusIn = (e: FocusEvent) => {
      if (e.target instanceof HTMLElement && !panel.current?.contains(e.target)) opener = e.target;
    };
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('focusin', onFocusIn);
      if (opener?.isConnected) opener.focus();
    };
  }, []);
  // A focused control that goes away (Load more once the last page is in, a button replaced)
  // drops the focus to <body>, outside the drawer: the drawer's body takes it instead, in the same
  // task as the change, so the next Tab starts inside.
  useEffect(() => {
    const el = panel.current;
    if (!el) return;
    const observer = new MutationObserver(() => {
      if (document.activeElement === document.body || document.activeElement === null)
        el.querySelector<HTMLElement>('.drawer-body')?.focus({ preventScroll: true });
    });
    observer.observe(el, { childList: true, subtree: true, attributes: true });
    return () => observer.disconnect();
  }, []);
  useEffect(() => {
    panel.current?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') onClose();
      else if (!panel.current) return;
      else if (e.key === 'Tab' && document.activeElement === document.body) {
        // the focused control went away (a list grew, a button was replaced): back into the drawer
        e.preventDefault();
        panel.current.focus();
      } else keepTabInside(e, panel.current);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <aside
      className="drawer"
      role="dialog"
      aria-modal="true"
      aria-labelledby={headingId}
      data-testid={testId}
      ref={panel}
      tabIndex={-1}
    >
      <header className="drawer-head">
        <h2 id={headingId} className="drawer-title">
          {title}
        </h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {/* Focusable, so a keyboard can scroll a long list of comments or a long chat in any browser
          (Chromium alone makes scrollers focusable; axe: scrollable-region-focusable). */}
      <div className="drawer-body" tabIndex={0} role="region" aria-labelledby={headingId}>
        {children}
      </div>
    </aside>
  );
}

function AnalysisBody({
  result,
  onRetry,
}: {
  result: AnalysisResult;
  onRetry: () => void;
}): ReactNode {
  if (typeof result.error === 'string' && result.error !== '') {
    return (
      <div role="alert">
        <p className="form-error">Analysis failed: {result.error}</p>
        <button type="button" className="btn btn-small" onClick={onRetry}>
          Retry
        </button>
      </div>
    );
  }
  const sentiment = sentimentText(result.sentiment);
  const themes = Array.isArray(result.key_themes)
    ? result.key_themes.filter((t) => typeof t === 'string')
    : [];
  const questions = Array.isArray(result.top_questions)
    ? result.top_questions.filter((t) => typeof t === 'string')
    : [];
  const summary = typeof result.summary === 'string' ? result.summary : '';
  if (!sentiment && !summary && themes.length === 0 && questions.length === 0) {
    return <pre className="drawer-raw">{JSON.stringify(result, null, 2)}</pre>;
  }
  return (
    <div className="analysis-body">
      {sentiment ? (
        <span
          className={`badge sentiment-badge sentiment-${sentiment.toLowerCase()}`}
          data-testid="analysis-sentiment"
        >
          {sentiment}
        </span>
      ) : null}
      {summary ? (
        <p className="analysis-summary" data-testid="analysis-summary">
          {summary}
        </p>
      ) : null}
      <h3>Key Themes</h3>
      {themes.length > 0 ? (
        <ul data-testid="analysis-themes">
          {themes.map((t, i) => (
            <li key={`${i}-${t}`}>{t}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">No recurring themes.</p>
      )}
      <h3>Top Questions</h3>
      {questions.length > 0 ? (
        <ul data-testid="analysis-questions">
          {questions.map((q, i) => (
            <li key={`${i}-${q}`}>{q}</li>
          ))}
        </ul>
      ) : (
        <p className="muted">
          {typeof result.question_count === 'number' && result.question_count > 0
            ? `${result.question_count} ${result.question_count === 1 ? 'comment asks' : 'comments ask'} a question; none reads as one to quote.`
            : 'Nobody asked a question in this cluster.'}
        </p>
      )}
    </div>
  );
}

function CommentItem({ c }: { c: CommentRef }): ReactNode {
  return (
    <li className="drawer-comment" data-testid="drawer-comment">
      <p className="drawer-comment-text">{c.text}</p>
      <p className="muted small">
        <span className="drawer-comment-author">{authorName(c)}</span> · {formatCount(c.like_count)}{' '}
        {c.like_count === 1 ? 'like' : 'likes'}
        {c.published_at ? ` · ${formatDate(c.published_at)}` : ''}
      </p>
    </li>
  );
}

function CommentsBody({ videoId, clusterId }: { videoId: string; clusterId: number }): ReactNode {
  const [comments, setComments] = useState<CommentRef[]>([]);
  const [total, setTotal] = useState<number | null>(null);
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(false);
  const [expired, setExpired] = useState(false);
  const [failed, setFailed] = useState(false);
  const sentinel = useRef<HTMLDivElement>(null);
  const busy = useRef(false);

  const loadMore = useCallback(() => {
    if (busy.current) return;
    busy.current = true;
    setLoading(true);
    const next = page + 1;
    api
      .clusterComments({
        query: {
          video_id: videoId,
          cluster_id: clusterId,
          page: next,
          page_size: COMMENTS_PAGE_SIZE,
        },
      })
      .then((reply) => {
        setComments((c) => [...c, ...reply.comments]);
        setTotal(reply.total);
        setExpired(reply.expired);
        setPage(next);
      })
      .catch((err: unknown) => {
        // A failed comments load is logged to the console.
        console.error('Loading cluster comments failed:', err);
        setFailed(true);
      })
      .finally(() => {
        busy.current = false;
        setLoading(false);
      });
  }, [videoId, clusterId, page]);

  const hasMore = !failed && !expired && (total === null || comments.length < total);

  // The first page loads at once; later pages as the end of the list scrolls into view.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    loadMore();
  }, [loadMore]);

  // Infinite scroll: load the next page when the end of the list comes into view.
  useEffect(() => {
    const el = sentinel.current;
    if (!el || !hasMore) return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((e) => e.isIntersecting)) loadMore();
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [hasMore, loadMore]);

  if (expired) {
    return (
      <p className="muted" role="status" data-testid="comments-expired">
        {MESSAGES.expired}
      </p>
    );
  }
  return (
    <div>
      {total !== null ? (
        <p className="muted small" data-testid="comments-count">
          Showing {formatCount(comments.length)} of {formatCount(total)} comments, most-liked first
        </p>
      ) : null}
      <ul className="drawer-comments">
        {comments.map((c) => (
          <CommentItem key={c.id} c={c} />
        ))}
      </ul>
      {loading ? <p className="muted">Loading comments…</p> : null}
      {hasMore ? (
        <div ref={sentinel} className="drawer-more">
          {/* aria-disabled, not disabled, while a page loads: a disabled button drops the focus */}
          <button
            type="button"
            className="btn btn-small"
            onClick={loadMore}
            aria-disabled={loading}
          >
            Load more comments
          </button>
        </div>
      ) : null}
      {total === 0 ? <p className="muted">This cluster has no comments.</p> : null}
    </div>
  );
}

function AssistantMessage({ m }: { m: ChatMessage }): ReactNode {
  const quotes = m.quotes ?? [];
  // The offline answer lists its quotes inline; show its count line and the quotes once, below.
  const text = m.offline && quotes.length > 0 ? m.content.split('\n')[0] : m.content;
  return (
    <>
      <p className="chat-text">{text}</p>
      {quotes.length > 0 ? (
        <ul className="chat-quotes" aria-label="Quoted comments" data-testid="chat-quotes">
          {quotes.map((q) => (
            <li key={q.id}>
              <blockquote>{q.text}</blockquote>
              <span className="muted small">
                {authorName(q)} · {formatCount(q.like_count)}{' '}
                {q.like_count === 1 ? 'like' : 'likes'}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

function ChatBody(): ReactNode {
  const tools = useClusterTools();
  const [input, setInput] = useState('');
  const list = useRef<HTMLOListElement>(null);
  const send = () => {
    if (tools.sendChat(input)) setInput('');
  };
  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView?.({ block: 'nearest' });
  }, [tools.chatMessages.length, tools.chatLoading]);
  return (
    <div className="chat">
      <ol className="chat-messages" ref={list} aria-live="polite" data-testid="chat-messages">
        {tools.chatMessages.map((m, i) => (
          <li key={i} className={`chat-message chat-${m.role}`} data-role={m.role}>
            <span className="sr-only">{m.role === 'user' ? 'You:' : 'Answer:'} </span>
            {m.role === 'assistant' ? (
              <AssistantMessage m={m} />
            ) : (
              <p className="chat-text">{m.content}</p>
            )}
          </li>
        ))}
        {tools.chatLoading ? (
          <li className="chat-message chat-assistant muted" role="status">
            {MESSAGES.thinking}
          </li>
        ) : null}
      </ol>
      <form
        className="chat-form"
        onSubmit={(e) => {
          e.preventDefault();
          send();
        }}
      >
        <input
          type="text"
          className="chat-input"
          aria-label="Question"
          placeholder={MESSAGES.chatPlaceholder}
          value={input}
          maxLength={2000}
          onChange={(e) => setInput(e.target.value)}
        />
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={tools.chatLoading || input.trim() === ''}
        >
          Send
        </button>
      </form>
    </div>
  );
}

/** The open drawer (comments, analysis or chat), one at a time. */
export default function ClusterDrawerPanel(): ReactNode {
  const tools = useClusterTools();
  const d = tools.drawer;
  if (d === null) return null;
  if (d.kind === 'analysis') {
    const state = tools.analyses[d.clusterId];
    const retry = () =>
      tools.openAnalysis({ cluster_id: d.clusterId, heading: d.heading } as Parameters<
        typeof tools.openAnalysis
      >[0]);
    return (
      <Drawer title={`Analysis · ${d.heading}`} testId="analysis-drawer" onClose={tools.close}>
        {state?.loading || state === undefined ? (
          <p className="muted" role="status">
            {MESSAGES.analyzing}
          </p>
        ) : state.result ? (
          <AnalysisBody result={state.result} onRetry={retry} />
        ) : (
          <div>
            <p className="muted">{MESSAGES.analyzeAlert}</p>
            <button type="button" className="btn btn-small" onClick={retry}>
              Retry
            </button>
          </div>
        )}
      </Drawer>
    );
  }
  if (d.kind === 'comments') {
    return (
      <Drawer title={`Comments · ${d.heading}`} testId="comments-drawer" onClose={tools.close}>
        <CommentsBody key={d.clusterId} videoId={tools.videoId} clusterId={d.clusterId} />
      </Drawer>
    );
  }
  return (
    <Drawer title={d.heading} testId="chat-drawer" onClose={tools.close}>
      <ChatBody key={tools.chatSession} />
    </Drawer>
  );
}
