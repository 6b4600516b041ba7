import { STEP_LABELS } from '../analyze/progress-indicator';
import { formatEta } from '../../lib/format';
import { useWorkspaceJobs, type WorkspaceJob } from './workspace-jobs';

/** "Reading comments… 40%" for a card's spinner line, from a job's progress. */
export function jobProgressLabel(job: WorkspaceJob | undefined): string {
  if (!job?.progress) return 'Starting…';
  const step = STEP_LABELS[Math.min(job.progress.step, STEP_LABELS.length - 1)] ?? STEP_LABELS[1];
  return `${step}… ${Math.round(job.progress.percent)}%`;
}

/**
 * One analysis: a running one shows its bar and step, a finished one its outcome alone (no bar: the
 * bar's last width, caught mid-animation, would show a part-filled bar under "✓ Complete").
 */
function JobRow({ job, onOpen }: { job: WorkspaceJob; onOpen: (videoId: string) => void }) {
  const percent = Math.round(job.progress?.percent ?? 0);
  const eta = job.state === 'running' ? formatEta(job.progress?.etaSeconds) : null;
  return (
    <li className={`ws-job ws-job-${job.state}`} data-testid="workspace-job" data-state={job.state}>
      <div className="ws-job-head">
        <span className="ws-job-title">{job.title}</span>
        {job.state === 'complete' ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            onClick={() => onOpen(job.videoId)}
          >
            Open report
          </button>
        ) : null}
      </div>
      {job.state === 'failed' ? (
        <p className="form-error small" role="alert">
          {job.error}
        </p>
      ) : job.state === 'complete' ? (
        <p className="muted small ws-job-status">✓ Complete</p>
      ) : (
        <>
          <div
            className="progress-bar ws-job-bar"
            role="progressbar"
            aria-label={`Analysis of ${job.title}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
          >
            <div className="progress-fill" style={{ width: `${percent}%` }} />
          </div>
          <p className="muted small ws-job-status">
            {jobProgressLabel(job)}
            {eta ? ` · ${eta}` : ''}
          </p>
        </>
      )}
    </li>
  );
}

/** The analyses started from this workspace in this session, with progress and a way to the report. */
export function JobsCard({
  workspaceId,
  onOpenReport,
}: {
  workspaceId: number;
  onOpenReport: (videoId: string) => void;
}) {
  const { jobs, dismissFinished } = useWorkspaceJobs();
  const mine = jobs.filter((j) => j.workspaceId === workspaceId);
  if (mine.length === 0) return null;
  const running = mine.filter((j) => j.state === 'running').length;
  return (
    <section
      className="ws-section ws-jobs"
      aria-labelledby="ws-jobs-title"
      data-testid="workspace-jobs"
    >
      <div className="card-head">
        <h3 id="ws-jobs-title">
          Analyses{' '}
          <span className="muted small" aria-live="polite">
            {running > 0 ? `${running} running` : 'all finished'}
          </span>
        </h3>
        {running < mine.length ? (
          <button
            type="button"
            className="link-button small"
            onClick={() => dismissFinished(workspaceId)}
          >
            Clear finished
          </button>
        ) : null}
      </div>
      <ul className="ws-job-list">
        {mine.map((j) => (
          <JobRow key={j.jobId} job={j} onOpen={onOpenReport} />
        ))}
      </ul>
    </section>
  );
}
