import { Link } from 'react-router';
import { paths } from '../../lib/paths';

/**
 * A report address this account cannot open: reports are private to the account that ran the
 * analysis, so another account's link (or a deleted or unfinished one) shows this, never the data.
 */
export function ReportUnavailable({ onSignInAgain }: { onSignInAgain: () => void }) {
  return (
    <section
      className="card report-unavailable"
      aria-labelledby="report-unavailable-title"
      data-testid="report-unavailable"
    >
      <h2 id="report-unavailable-title">This report is not in your account</h2>
      <p>
        Reports are private: a report link opens only for the account that ran the analysis. This
        one belongs to another account, or it was deleted, or the analysis has not finished.
      </p>
      <p className="muted small">If you ran it with another account, sign in with that one.</p>
      <div className="report-unavailable-actions">
        <button type="button" className="btn btn-primary btn-small" onClick={onSignInAgain}>
          Sign in with another account
        </button>
        <Link className="btn btn-ghost btn-small" to={paths.history}>
          Your analyses
        </Link>
      </div>
    </section>
  );
}

/** Signed out on a report or history address: say what the page is and that it needs a sign-in. */
export function SignInToSee({ what }: { what: 'report' | 'history' }) {
  return (
    <section
      className="card report-unavailable"
      aria-labelledby="sign-in-to-see-title"
      data-testid="sign-in-to-see"
    >
      <h1 id="sign-in-to-see-title" className="section-h1">
        {what === 'report' ? 'Sign in to see this report' : 'Sign in to see your analyses'}
      </h1>
      <p>
        {what === 'report'
          ? 'Reports are private: this link opens only for the account that ran the analysis. Sign in with that account below.'
          : 'Your history lists every analysis you have run. Sign in below to see it.'}
      </p>
    </section>
  );
}
