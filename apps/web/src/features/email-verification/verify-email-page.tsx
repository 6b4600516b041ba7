import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import { EMAIL_LINK_INVALID_MESSAGE } from '@app/contracts';
import { LinkPage } from '../../components/page-shell';
import type { ThemeProps } from '../../components/page-shell';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { useDocumentTitle } from '../../lib/document-title';
import { useLinkToken } from '../../lib/link-token';

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
export function VerifyEmailPage({ theme, onToggleTheme }: ThemeProps) {
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
    <LinkPage
      theme={theme}
      onToggleTheme={onToggleTheme}
      titleId="verify-title"
      title="Confirm your e-mail address"
      footer={<Link to="/">{state === 'signed-out' ? 'Sign in' : 'Go to Chorus'}</Link>}
    >
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
    </LinkPage>
  );
}

export default VerifyEmailPage;
