import { useId, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  QUESTION_STATES,
  type InboxQuestion,
  type QuestionState,
  type QuestionsReply,
} from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { formatCount, formatDateTime } from '../../lib/format';
import { paths } from '../../lib/paths';
import { QuestionDetails } from '../report/questions-section';
import { useWorkspacesList } from '../workspaces/use-workspaces';
import './questions-inbox.css';

const STATE_LABELS: Record<QuestionState, string> = {
  open: 'Open',
  answered: 'Answered',
  dismissed: 'Dismissed',
};

const EMPTY_TEXT: Record<QuestionState, string> = {
  open: 'No open questions. Analyze more videos of this workspace to collect what your audience asks.',
  answered: 'No answered questions yet. Mark a question answered, or reply to it on the platform.',
  dismissed: 'Nothing dismissed.',
};

export const questionsKey = (workspaceId: number, status: QuestionState) =>
  ['questions', workspaceId, status] as const;

/** `?status=` as a state (open when missing or unknown). */
function statusOf(value: string | null): QuestionState {
  return QUESTION_STATES.find((s) => s === value) ?? 'open';
}

function askedText(q: InboxQuestion): string {
  const times = q.count === 1 ? 'Asked once' : `Asked ${formatCount(q.count)} times`;
  const under =
    q.videos.length === 1 ? 'under 1 video' : `under ${formatCount(q.videos.length)} videos`;
  return `${times} ${under}`;
}

function QuestionCard({
  question,
  rank,
  busy,
  onSet,
}: {
  question: InboxQuestion;
  rank: number;
  busy: boolean;
  onSet: (q: InboxQuestion, state: QuestionState) => void;
}) {
  const examplesId = useId();
  const headingId = useId();
  const action = (state: QuestionState, label: string, primary = false) => (
    <button
      type="button"
      className={`btn btn-small ${primary ? 'btn-primary' : 'btn-ghost'}`}
      disabled={busy}
      onClick={() => onSet(question, state)}
      aria-describedby={headingId}
      data-testid={`question-${state === 'open' ? 'reopen' : state === 'answered' ? 'answer' : 'dismiss'}`}
    >
      {label}
    </button>
  );
  return (
    <li className="inbox-question" data-testid="inbox-question" aria-labelledby={headingId}>
      <div className="inbox-question-main">
        <h2 className="inbox-question-text" id={headingId} data-testid="inbox-question-text">
          <span className="sr-only">Question {rank}: </span>
          {question.question}
        </h2>
        <div className="question-meta">
          <span className="question-count" data-testid="inbox-question-count">
            {askedText(question)}
          </span>
          {question.last_asked_at ? (
            <span className="question-count">
              last asked{' '}
              <time dateTime={question.last_asked_at}>
                {formatDateTime(question.last_asked_at)}
              </time>
            </span>
          ) : null}
          {question.answered_on_platform ? (
            <span
              className="badge badge-answered"
              data-testid="inbox-replied"
              title="Your channel replied in a thread that asks this"
            >
              You replied
            </span>
          ) : null}
        </div>
        <ul className="inbox-videos" aria-label="Asked under">
          {question.videos.map((v) => (
            <li key={v.video_id}>
              <Link to={paths.report(v.video_id, v.job_id)} data-testid="inbox-video">
                {v.title ?? v.video_id}
              </Link>{' '}
              <span className="muted small">({formatCount(v.count)})</span>
            </li>
          ))}
        </ul>
        <QuestionDetails
          question={question}
          rank={rank}
          examplesId={examplesId}
          examplesTestId="inbox-examples"
        />
      </div>
      <div className="inbox-question-actions">
        {question.state === 'open' ? (
          <>
            {action('answered', 'Mark answered', true)}
            {action('dismissed', 'Dismiss')}
          </>
        ) : (
          action('open', 'Reopen')
        )}
      </div>
    </li>
  );
}

/**
 * /questions?workspace=&status=: the audience's questions over every analysed video and post of
 * a workspace, the same question asked under several merged, most asked first. Tabs (links, so
 * each state has an address) show the questions in one state with the count of each; a question
 * is marked answered, dismissed, or opened again.
 */
export default function QuestionsInboxPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const selectId = useId();
  const workspaces = useWorkspacesList();
  const status = statusOf(params.get('status'));
  const asked = Number(params.get('workspace'));
  const workspaceId =
    Number.isInteger(asked) && asked > 0 ? asked : (workspaces.data?.[0]?.id ?? null);
  const workspace = workspaces.data?.find((w) => w.id === workspaceId) ?? null;
  const [notice, setNotice] = useState<string | null>(null);

  const inbox = useQuery({
    queryKey: questionsKey(workspaceId ?? 0, status),
    queryFn: ({ signal }) =>
      api.questions({ query: { workspace_id: workspaceId!, status }, signal }),
    enabled: workspaceId !== null,
  });

  const change = useMutation({
    mutationFn: ({ q, state }: { q: InboxQuestion; state: QuestionState }) =>
      api.setQuestionState({
        params: { id: q.id },
        body: { workspace_id: workspaceId!, state },
      }),
    onSuccess: async (_reply, { q, state }) => {
      setNotice(
        state === 'open'
          ? `Reopened “${q.question}”.`
          : `Marked “${q.question}” ${state === 'answered' ? 'answered' : 'dismissed'}.`,
      );
      await queryClient.invalidateQueries({ queryKey: ['questions', workspaceId] });
      headingRef.current?.focus();
    },
  });

  const counts: QuestionsReply['counts'] | undefined = inbox.data?.counts;
  const list = inbox.data?.questions ?? [];

  return (
    <section
      className="card questions-inbox"
      aria-labelledby="inbox-title"
      data-testid="questions-inbox"
    >
      <div className="inbox-head">
        <div>
          <h1 id="inbox-title" className="section-h1" ref={headingRef} tabIndex={-1}>
            Questions
          </h1>
          <p className="muted small">
            What your audience asks across every analysed video of the workspace, the same question
            merged, most asked first.
          </p>
        </div>
        {workspaces.data && workspaces.data.length > 1 ? (
          <div className="field inbox-workspace">
            <label htmlFor={selectId}>Workspace</label>
            <select
              id={selectId}
              value={workspaceId ?? ''}
              onChange={(e) => {
                setNotice(null);
                void navigate(paths.questions(Number(e.target.value), status));
              }}
            >
              {workspaces.data.map((w) => (
                <option key={w.id} value={w.id}>
                  {w.name}
                </option>
              ))}
            </select>
          </div>
        ) : workspace ? (
          <p className="small inbox-workspace-name">
            Workspace: <Link to={paths.workspace(workspace.id)}>{workspace.name}</Link>
          </p>
        ) : null}
      </div>

      {workspaceId === null ? (
        workspaces.isPending ? (
          <p className="muted" role="status">
            Loading your workspaces…
          </p>
        ) : (
          <p className="muted" data-testid="inbox-no-workspace">
            Create a workspace and analyse its videos to collect your audience&apos;s questions.{' '}
            <Link to={paths.workspaces}>Open workspaces</Link>
          </p>
        )
      ) : (
        <>
          <nav aria-label="Question states" className="inbox-tabs">
            {QUESTION_STATES.map((s) => (
              <Link
                key={s}
                to={paths.questions(workspaceId, s)}
                className="inbox-tab"
                aria-current={s === status ? 'page' : undefined}
                data-testid={`inbox-tab-${s}`}
                onClick={() => setNotice(null)}
              >
                {STATE_LABELS[s]}
                <span className="inbox-tab-count" data-testid={`inbox-count-${s}`}>
                  {counts ? formatCount(counts[s]) : '–'}
                </span>
              </Link>
            ))}
          </nav>
          <div role="status" className="inbox-live">
            {notice ? (
              <p className="small" data-testid="inbox-notice">
                {notice}
              </p>
            ) : null}
          </div>
          {change.isError ? (
            <p role="alert" className="form-error">
              {errorMessage(change.error, 'The question could not be changed.')}
            </p>
          ) : null}
          {inbox.isPending ? (
            <p className="muted" role="status">
              Loading the questions…
            </p>
          ) : inbox.isError ? (
            <div role="alert">
              <p>Could not load the questions: {errorMessage(inbox.error)}</p>
              <button
                type="button"
                className="btn btn-ghost btn-small"
                onClick={() => void inbox.refetch()}
              >
                Try again
              </button>
            </div>
          ) : list.length === 0 ? (
            <p className="muted inbox-empty" data-testid="inbox-empty">
              {inbox.data.analysed_videos === 0
                ? 'No analysed videos in this workspace yet. Analyze its videos to collect the questions asked under them.'
                : EMPTY_TEXT[status]}
            </p>
          ) : (
            <ol className="inbox-list" aria-label={`${STATE_LABELS[status]} questions`}>
              {list.map((q, i) => (
                <QuestionCard
                  key={q.id}
                  question={q}
                  rank={i + 1}
                  busy={change.isPending}
                  onSet={(question, state) => change.mutate({ q: question, state })}
                />
              ))}
            </ol>
          )}
        </>
      )}
    </section>
  );
}
