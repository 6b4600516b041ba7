import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';

export const SENT_AGAIN_TEXT = 'We sent a new link. It works for 24 hours.';
export const CHECK_INBOX_TEXT =
  'Check your inbox, and your spam folder if it is not there. The link works for 24 hours.';

const DISMISSED_PREFIX = 'verify_notice_dismissed:';

/** The local-storage key that remembers an account dismissed the notice (addresses ignore case). */
export function verifyNoticeDismissedKey(email: string): string {
  return `${DISMISSED_PREFIX}${email.trim().toLowerCase()}`;
}

function readDismissed(email: string): boolean {
  try {
    return localStorage.getItem(verifyNoticeDismissedKey(email)) === '1';
  } catch {
    return false;
  }
}

function rememberDismissed(email: string): void {
  try {
    localStorage.setItem(verifyNoticeDismissedKey(email), '1');
  } catch {
    // Storage disabled: dismissed for this page view only.
  }
}

/**
 * "Confirm your e-mail address: we've sent a link to {email}." for a signed-in account whose
 * address is not confirmed, with Send again (POST /auth/verify-email/resend) and Dismiss, which
 * this browser remembers for that account (it had come back at every reload). Nothing shows for a
 * confirmed account or one without an e-mail.
 */
export function EmailVerificationNotice() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: queryKeys.me(token),
    queryFn: ({ signal }) => api.me({ signal }),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  const [dismissedNow, setDismissedNow] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const account = me.data;
  if (token === null || dismissedNow || !account?.email || account.email_verified) return null;
  const email = account.email;
  if (readDismissed(email)) return null;

  const sendAgain = async () => {
    if (busy) return;
    setBusy(true);
    setResult(null);
    try {
      await api.resendVerificationEmail();
      setResult({ ok: true, text: SENT_AGAIN_TEXT });
    } catch (err) {
      // Confirmed meanwhile (another tab): the notice goes once /me says so.
      if (err instanceof ApiError && err.status === 409) {
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      }
      setResult({ ok: false, text: errorMessage(err) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      className="banner banner-info"
      role="region"
      aria-label="E-mail confirmation"
      data-testid="verify-notice"
    >
      <div className="verify-notice-text">
        <p>Confirm your e-mail address: we&rsquo;ve sent a link to {email}.</p>
        <p className="small" data-testid="verify-hint">
          {CHECK_INBOX_TEXT}
        </p>
        {result ? (
          <p
            role={result.ok ? 'status' : 'alert'}
            className={result.ok ? 'small' : 'small form-error'}
          >
            {result.text}
          </p>
        ) : null}
      </div>
      <div className="banner-actions">
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => void sendAgain()}
          disabled={busy}
        >
          {busy ? 'Sending…' : 'Send again'}
        </button>
        <button
          type="button"
          className="btn btn-ghost btn-small"
          onClick={() => {
            rememberDismissed(email);
            setDismissedNow(true);
          }}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
