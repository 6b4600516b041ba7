import { forwardRef, useCallback, useState } from 'react';
import type { FormEvent } from 'react';
import type { ProviderSignInReply } from '@app/contracts';
import { ForgotPasswordDialog } from '../features/password-reset/forgot-password-dialog';
import { SocialButtons } from '../features/social-auth/social-buttons';
import { api } from '../lib/api';
import { errorMessage } from '../lib/api-client';
import { useAuth } from '../lib/auth';
import { EmailField, FormError, PasswordField } from './form-field';

/** Why the signed-out page sent someone to the auth card, by what they pressed. */
export const SIGN_IN_REASONS = {
  analyze: 'Sign in to analyze a video.',
  workspace: 'Sign in to create a workspace.',
  workspaces: 'Sign in to open your workspaces.',
} as const;
export type SignInReason = keyof typeof SIGN_IN_REASONS;

/**
 * Signed-out auth card. Login, signup, one-tap and social login failures are not silent: the card
 * shows the server's message (e.g. "Invalid email or password.") in an alert line next to the
 * control that failed. When an action that needs an account brought the person here (Analyze URL,
 * Create a Workspace, the Workspace tab), the card says why first, in a live region (read out) that
 * also describes the e-mail field the focus goes to.
 */
export const AuthCard = forwardRef<HTMLInputElement, { reason?: SignInReason | null }>(
  function AuthCard({ reason = null }, emailRef) {
    const { signIn } = useAuth();
    const [email, setEmail] = useState('');
    const [password, setPassword] = useState('');
    const [busy, setBusy] = useState<'login' | 'signup' | null>(null);
    const [error, setError] = useState<{ message: string; from: 'form' | 'social' } | null>(null);
    const [forgotOpen, setForgotOpen] = useState(false);

    const onProviderSignedIn = useCallback(
      (reply: ProviderSignInReply) =>
        signIn(reply.token, {
          credits: reply.user.credits_balance,
          plan: reply.user.subscription_plan,
        }),
      [signIn],
    );
    const onProviderError = useCallback(
      (message: string | null) => setError(message === null ? null : { message, from: 'social' }),
      [],
    );

    const run = async (mode: 'login' | 'signup') => {
      // With an empty field the buttons do nothing.
      if (email.trim() === '' || password === '' || busy) return;
      setBusy(mode);
      setError(null);
      try {
        const reply =
          mode === 'login'
            ? await api.login({ body: { email: email.trim(), password } })
            : await api.signup({ body: { email: email.trim(), password } });
        if (!reply?.token)
          throw new Error('The server did not return a session. Please try again.');
        signIn(reply.token);
      } catch (err) {
        console.error(`${mode} failed`, err);
        setError({ message: errorMessage(err), from: 'form' });
      } finally {
        setBusy(null);
      }
    };

    const onSubmit = (e: FormEvent) => {
      e.preventDefault();
      void run('login');
    };

    return (
      <section className="card auth-card" id="auth-card" aria-labelledby="auth-title">
        <div role="status" className="auth-reason-region">
          {reason ? (
            <p className="notice auth-reason" id="auth-reason" data-testid="auth-reason">
              {SIGN_IN_REASONS[reason]} New here? Create an account: it comes with 3 free credits.
            </p>
          ) : null}
        </div>
        <h2 id="auth-title">Sign in to Chorus</h2>
        <p className="muted">
          Use your e-mail and password, Google or Facebook. New accounts get 3 free credits.
        </p>
        <form onSubmit={onSubmit} noValidate>
          <EmailField
            ref={emailRef}
            aria-describedby={reason ? 'auth-reason' : undefined}
            value={email}
            onValueChange={setEmail}
          />
          <PasswordField
            label="Password"
            purpose="current"
            value={password}
            onValueChange={setPassword}
            placeholder="At least 8 characters"
          />
          <div className="auth-forgot">
            <button
              type="button"
              className="link-button"
              aria-haspopup="dialog"
              onClick={() => setForgotOpen(true)}
            >
              Forgot password?
            </button>
          </div>
          <FormError message={error?.from === 'form' ? error.message : null} testId="auth-error" />
          <button type="submit" className="btn btn-primary btn-block" disabled={busy !== null}>
            {busy === 'login' ? 'Signing in…' : 'Sign in to Dashboard'}
          </button>
          <button
            type="button"
            className="btn btn-ghost btn-block"
            disabled={busy !== null}
            onClick={() => void run('signup')}
          >
            {busy === 'signup' ? 'Creating account…' : 'Create Account'}
          </button>
        </form>
        <div className="divider" role="separator">
          <span>or</span>
        </div>
        <SocialButtons
          disabled={busy !== null}
          onSignedIn={onProviderSignedIn}
          onError={onProviderError}
        />
        <FormError message={error?.from === 'social' ? error.message : null} testId="auth-error" />
        {forgotOpen ? (
          <ForgotPasswordDialog initialEmail={email.trim()} onClose={() => setForgotOpen(false)} />
        ) : null}
      </section>
    );
  },
);
