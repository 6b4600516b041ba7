import { useState } from 'react';
import type { FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, RESET_LINK_INVALID_MESSAGE } from '@app/contracts';
import { FormError, PasswordField } from '../../components/form-field';
import { LinkPage } from '../../components/page-shell';
import type { ThemeProps } from '../../components/page-shell';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';
import { useAuth } from '../../lib/auth';

/**
 * `/reset-password?token=...`, the page an e-mailed reset link opens. The token leaves the address
 * bar at once (`useLinkToken`), and the server serves this page with Referrer-Policy: no-referrer. On success the person is signed in and sent to the dashboard.
 */
export function ResetPasswordPage({ theme, onToggleTheme }: ThemeProps) {
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
    <LinkPage
      theme={theme}
      onToggleTheme={onToggleTheme}
      titleId="reset-title"
      title="Choose a new password"
      footer={
        <>
          <Link to="/">Back to sign in</Link> to ask for a new link.
        </>
      }
    >
      <p className="muted">
        Your new password works at once, and every other device is signed out.
      </p>
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <PasswordField
          label="New password"
          purpose="new"
          value={password}
          onValueChange={setPassword}
          placeholder={`At least ${PASSWORD_MIN_LENGTH} characters`}
          disabled={token === null}
        />
        <FormError message={error} testId="reset-error" />
        <button
          type="submit"
          className="btn btn-primary btn-block"
          disabled={busy || token === null || password === ''}
        >
          {busy ? 'Saving…' : 'Set new password and sign in'}
        </button>
      </form>
    </LinkPage>
  );
}

export default ResetPasswordPage;
