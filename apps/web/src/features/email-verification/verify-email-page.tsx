import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_LINK_INVALID_MESSAGE } from '@app/contracts';
import { Header } from '../../components/header';
import { SiteFooter } from '../../components/site-footer';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';
import type { Theme } from '../../lib/theme';

export const CONFIRMED_TEXT = 'Your e-mail address is confirmed.';
export const SIGN_IN_FIRST_TEXT =
  'Sign in to the account this address belongs to, then open the link in the e-mail again.';

type State = 'working' | 'confirmed' | 'signed-out' | { error: string };

/**
 * `/verify-email?token=...`, the page an e-mailed confirmation link opens. As on the reset page the
 * token leaves the address bar at once (`useLinkToken`), and the server sends this page with no Referer and no-store.
 * The server confirms only for the signed-in account the link was sent to (whoever registered an
 * address they do not own must not get its owner to confirm it), so a signed-out visitor is asked
 * to sign in and open the link again.
 */
export function VerifyEmailPage({
  theme,
  onToggleTheme,
}: {
  theme: Theme;
  onToggleTheme: () => void;
}) {
  const { token: session } = useAuth();
  const queryClient = useQueryClient();
  const token = useLinkToken();
  const [state, setState] = useState<State>(() =>
    token === null
      ? { error: EMAIL_LINK_INVALID_MESSAGE }
      : session === null
        ? 'signed-out'
        : 'working',
  );
  const sent = useRef(false);

  useDocumentTitle('Confirm your e-mail address — Chorus');

  useEffect(() => {
    if (token === null || session === null || sent.current) return;
    sent.current = true; // once, also under StrictMode's second effect run
    api.verifyEmail({ body: { token } }).then(
      () => {
        setState('confirmed');
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      },
      (err: unknown) => setState({ error: errorMessage(err) }),
    );
  }, [token, session, queryClient]);

  return (
    <div className="app">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <Header theme={theme} onToggleTheme={onToggleTheme} variant="legal" />
      <main id="main" className="legal" tabIndex={-1}>
        <section className="card reset-card" aria-labelledby="verify-title">
          <h1 id="verify-title">Confirm your e-mail address</h1>
          {state === 'working' ? (
            <p role="status" className="muted">
              Confirming…
            </p>
          ) : state === 'confirmed' ? (
            <p role="status" className="verify-done" data-testid="verify-confirmed">
              {CONFIRMED_TEXT}
            </p>
          ) : state === 'signed-out' ? (
            <p role="status">{SIGN_IN_FIRST_TEXT}</p>
          ) : (
            <p role="alert" className="form-error" data-testid="verify-error">
              {state.error}
            </p>
          )}
          <p className="small reset-back">
            <Link to="/">{state === 'signed-out' ? 'Sign in' : 'Go to Chorus'}</Link>
          </p>
        </section>
      </main>
      <SiteFooter />
    </div>
  );
}

export default VerifyEmailPage;
