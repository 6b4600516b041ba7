import { formatEta } from '../../lib/format';
import type { JobProgress } from './use-analysis-job';

/** Step names for the job status -> step mapping (0 fetching … 4 complete). */
export const STEP_LABELS = [
  'Fetching comments',
  'Reading comments',
  'Discovering themes',
  'Writing report',
  'Complete',
];

/** The progress indicator shown while an analysis job runs. */
export function ProgressIndicator({ progress }: { progress: JobProgress }) {
  const eta = formatEta(progress.etaSeconds);
  const percent = Math.round(progress.percent);
  const current = STEP_LABELS[Math.min(progress.step, STEP_LABELS.length - 1)] ?? STEP_LABELS[1];
  return (
    <section className="card progress-card" aria-label="Analysis progress" data-testid="progress">
      <div className="progress-head">
        <p
          className="progress-step"
          aria-live="polite"
          data-testid="progress-step"
          data-step={progress.step}
        >
          {current}
          {progress.step < 4 ? '…' : ''}
        </p>
        <p className="muted" data-testid="progress-percent">
          {percent}%{eta ? ` · ${eta}` : ''}
        </p>
      </div>
      <div
        className="progress-bar"
        role="progressbar"
        aria-label="Analysis progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${current}, ${percent}%`}
      >
        <div className="progress-fill" style={{ width: `${percent}%` }} />
      </div>
      {progress.reservedCredits && progress.step < 4 ? (
        <p className="muted small" data-testid="progress-credits">
          {progress.reservedCredits} credit{progress.reservedCredits === 1 ? ' is' : 's are'} held
          for this analysis; what it does not use comes back when it finishes.
        </p>
      ) : null}
      <ol className="progress-steps">
        {STEP_LABELS.slice(0, 4).map((label, i) => (
          <li
            key={label}
            className={i < progress.step ? 'done' : i === progress.step ? 'current' : ''}
            aria-current={i === progress.step ? 'step' : undefined}
          >
            {label}
          </li>
        ))}
      </ol>
    </section>
  );
}
