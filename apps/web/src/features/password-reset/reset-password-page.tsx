import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RESET_LINK_INVALID_MESSAGE } from '@app/contracts';
import { Header } from '../../components/header';
import { SiteFooter } from '../../components/site-footer';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';
import { useAuth } from '../../lib/auth';
import type { Theme } from '../../lib/theme';

/**
 * `/reset-password?token=...`, the page an e-mailed reset link opens. The token leaves the address
 * bar at once (`useLinkToken`), and the server serves this page with Referrer-Policy: no-referrer. On success the person is signed in and sent to the dashboard.
 */
export function ResetPasswordPage({
  theme,
  onToggleTheme,
}: {
  theme: Theme;
  onToggleTheme: () => void;
}) {
  const { signIn } = useAuth();
  const navigate = useNavigate();
  const token = useLinkToken();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(
    token === null ? RESET_LINK_INVALID_MESSAGE : null,
  );

  useDocumentTitle('Choose a new password — Chorus');

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || token === null || password === '') return;
    setBusy(true);
    setError(null);
    try {
      const reply = await api.confirmPasswordReset({ body: { token, password } });
      signIn(reply.token);
      void navigate('/', { replace: true });
    } catch (err) {
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header theme={theme} onToggleTheme={onToggleTheme} variant="legal" />
      <main id="main" className="legal" tabIndex={-1}>
        <section className="card reset-card" aria-labelledby="reset-title">
          <h1 id="reset-title">Choose a new password</h1>
          <p className="muted">
            Your new password works at once, and every other device is signed out.
          </p>
          <form onSubmit={(e) => void onSubmit(e)} noValidate>
            <label className="field">
              <span>New password</span>
              <input
                type="password"
                name="new-password"
                autoComplete="new-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
                disabled={token === null}
              />
            </label>
            {error ? (
              <p role="alert" className="form-error" data-testid="reset-error">
                {error}
              </p>
            ) : null}
            <button
              type="submit"
              className="btn btn-primary btn-block"
              disabled={busy || token === null || password === ''}
            >
              {busy ? 'Saving…' : 'Set new password and sign in'}
            </button>
          </form>
          <p className="small reset-back">
            <Link to="/">Back to sign in</Link> to ask for a new link.
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

export default ResetPasswordPage;
