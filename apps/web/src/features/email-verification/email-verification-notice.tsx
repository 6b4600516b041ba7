import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { api, queryKeys } from '../../lib/api';
import { ApiError, errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { usePublicConfig } from '../../lib/public-config';

export const SENT_AGAIN_TEXT = 'We sent a new link. It works for 24 hours.';
/** Where the e-mails are when this server sends none (its outbox, the embedded default). */
export const OUTBOX_HINT =
  'This server sends no e-mail yet: whoever runs it finds the message in its outbox folder (DATA_DIR/outbox).';

/**
 * "Confirm your e-mail address: we sent a link to {email}." for a signed-in account whose address
 * is not confirmed, with Send again (POST /auth/verify-email/resend) and Dismiss (until the next
 * visit). Nothing shows for a confirmed account or one without an e-mail.
 */
export function EmailVerificationNotice() {
  const { token } = useAuth();
  const queryClient = useQueryClient();
  const me = useQuery({
    queryKey: queryKeys.me(token),
    queryFn: ({ signal }) => api.me(signal),
    enabled: token !== null,
    staleTime: Infinity,
    retry: false,
  });
  const mail = usePublicConfig()?.mail;
  const [dismissed, setDismissed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const account = me.data;
  if (token === null || dismissed || !account?.email || account.email_verified) return null;

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
        <p>Confirm your e-mail address: we sent a link to {account.email}.</p>
        {mail === 'outbox' ? (
          <p className="small" data-testid="outbox-hint">
            {OUTBOX_HINT}
          </p>
        ) : null}
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
          onClick={() => setDismissed(true)}
        >
          Dismiss
        </button>
      </div>
    </div>
  );
}
