import { useAuth } from '../lib/auth';

/** 'Session expired…' banner with Dismiss and Sign in. */
export function SessionBanner({ onSignIn }: { onSignIn: () => void }) {
  const { sessionExpired, dismissSessionExpired, connectionProblem } = useAuth();
  if (!sessionExpired && !connectionProblem) return null;
  if (!sessionExpired) {
    return (
      <div className="banner banner-warning" role="alert">
        <p>{connectionProblem}</p>
      </div>
    );
  }
  return (
    <div className="banner banner-warning" role="alert" data-testid="session-expired">
      <p>Session expired. Please sign in again to continue.</p>
      <div className="banner-actions">
        <button type="button" className="btn btn-ghost btn-small" onClick={dismissSessionExpired}>
          Dismiss
        </button>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => {
            dismissSessionExpired();
            onSignIn();
          }}
        >
          Sign in
        </button>
      </div>
    </div>
  );
}
