import { useEffect, useRef, useState } from 'react';
import type { Cluster, ReportQuestion } from '@app/contracts';
import { formatCount } from '../../lib/format';
import { clusterTitle } from './report-model';

/** Questions shown before "Show all". */
export const QUESTIONS_SHOWN = 5;

interface QuestionsSectionProps {
  /** The report's stored questions, most asked first; null when they could not be worked out. */
  questions: readonly ReportQuestion[] | null;
  clusters: readonly Cluster[];
  /** Opens the cluster's row and brings it into view. */
  onShowCluster: (clusterId: number) => void;
}

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies `text` to the clipboard and says so (or that it could not) to screen readers too. */
export function CopyButton({ text, label }: { text: string; label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), 2500);
  };
  return (
    <>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        aria-label={label}
        onClick={() => void copy()}
        data-testid="copy-reply"
      >
        {state === 'copied' ? 'Copied' : 'Copy'}
      </button>
      <span className="sr-only" role="status">
        {state === 'copied'
          ? 'Reply copied.'
          : state === 'failed'
            ? 'The reply could not be copied; select its text to copy it.'
            : ''}
      </span>
    </>
  );
}

function QuestionItem({
  question,
  rank,
  cluster,
  onShowCluster,
}: {
  question: ReportQuestion;
  rank: number;
  cluster: Cluster | undefined;
  onShowCluster: (clusterId: number) => void;
}) {
  const examplesId = `question-${rank}-examples`;
  const asked = question.count === 1 ? 'Asked once' : `Asked ${formatCount(question.count)} times`;
  return (
    <li className="question-item" data-testid="question-item">
      <span className="question-rank" aria-hidden="true">
        {rank}
      </span>
      <div className="question-body">
        <p className="question-text" data-testid="question-text">
          {question.question}
        </p>
        <div className="question-meta">
          <span className="question-count" data-testid="question-count">
            {asked}
          </span>
          {question.answered ? (
            <span
              className="badge badge-answered"
              data-testid="question-answered"
              title="You replied in a thread that asks this"
            >
              Answered
            </span>
          ) : null}
          {cluster ? (
            <span className="question-in">
              <span>in</span>
              <button
                type="button"
                className="link-button question-cluster"
                onClick={() => onShowCluster(cluster.cluster_id)}
                data-testid="question-cluster"
              >
                <span className="sr-only">the cluster </span>
                {clusterTitle(cluster)}
              </button>
            </span>
          ) : null}
        </div>
        <QuestionDetails
          question={question}
          rank={rank}
          examplesId={examplesId}
          examplesTestId="question-examples"
          toggleTestId="question-examples-toggle"
        />
      </div>
    </li>
  );
}

/**
 * "Questions to answer": the audience's questions as stored with the report, most asked first,
 * each with how many asked it, the cluster it belongs to, example comments on demand, an
 * Answered badge when the creator replied in one of its threads and, when an LLM drafted one, a
 * suggested reply to copy.
 */
export function QuestionsSection({ questions, clusters, onShowCluster }: QuestionsSectionProps) {
  const [all, setAll] = useState(false);
  const list = questions ?? [];
  const shown = all ? list : list.slice(0, QUESTIONS_SHOWN);
  const clusterOf = new Map(clusters.map((c) => [c.cluster_id, c]));
  const answered = list.filter((q) => q.answered).length;
  return (
    <section className="card questions" aria-labelledby="questions-title" data-testid="questions">
      <div className="questions-head">
        <h2 id="questions-title">Questions to answer</h2>
        {list.length > 0 ? (
          <p className="muted small" data-testid="questions-summary">
            {list.length === 1 ? '1 question' : `${formatCount(list.length)} questions`}, most asked
            first{answered > 0 ? ` · ${formatCount(answered)} answered` : ''}
          </p>
        ) : null}
      </div>
      {questions === null ? (
        <p className="muted" data-testid="questions-unavailable">
          The questions of this analysis are no longer available. Analyze the video again to list
          them.
        </p>
      ) : list.length === 0 ? (
        <p className="muted" data-testid="questions-empty">
          Nobody asked a question in these comments.
        </p>
      ) : (
        <>
          <ol className="question-list">
            {shown.map((q, i) => (
              <QuestionItem
                key={`${i}-${q.question}`}
                question={q}
                rank={i + 1}
                cluster={clusterOf.get(q.cluster_id)}
                onShowCluster={onShowCluster}
              />
            ))}
          </ol>
          {list.length > QUESTIONS_SHOWN ? (
            <button
              type="button"
              className="link-button"
              aria-expanded={all}
              onClick={() => setAll((v) => !v)}
              data-testid="questions-more"
            >
              {all ? 'Show fewer' : `Show all ${formatCount(list.length)} questions`}
            </button>
          ) : null}
        </>
      )}
    </section>
  );
}

/** A question's example comments (behind a toggle) and its suggested reply, in the report and the inbox. */
export function QuestionDetails({
  question,
  rank,
  examplesId,
  examplesTestId,
  toggleTestId,
}: {
  question: Pick<ReportQuestion, 'examples' | 'suggested_reply'>;
  rank: number;
  examplesId: string;
  examplesTestId: string;
  toggleTestId?: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      {question.examples.length > 0 ? (
        <>
          <button
            type="button"
            className="link-button question-toggle"
            aria-expanded={open}
            aria-controls={examplesId}
            onClick={() => setOpen((v) => !v)}
            data-testid={toggleTestId}
          >
            {open ? 'Hide comments' : 'Show comments'}
          </button>
          {open ? (
            <ul className="question-examples" id={examplesId} data-testid={examplesTestId}>
              {question.examples.map((c) => (
                <li key={c.id}>
                  <p className="question-example-text">{c.text}</p>
                  <p className="muted small">
                    {c.author ?? 'A viewer'}
                    {c.like_count > 0
                      ? ` · ${formatCount(c.like_count)} ${c.like_count === 1 ? 'like' : 'likes'}`
                      : ''}
                  </p>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
      {question.suggested_reply ? (
        <div className="suggested-reply" data-testid="suggested-reply">
          <div className="suggested-reply-head">
            <span className="suggested-reply-title">Suggested reply</span>
            <CopyButton
              text={question.suggested_reply}
              label={`Copy the suggested reply to question ${rank}`}
            />
          </div>
          <p className="suggested-reply-text">{question.suggested_reply}</p>
        </div>
      ) : null}
    </>
  );
}
