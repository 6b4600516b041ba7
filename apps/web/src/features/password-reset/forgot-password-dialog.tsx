import { useState } from 'react';
import type { FormEvent } from 'react';
import { Dialog } from '../../components/dialog';
import { EmailField, FormError, SuccessNotice } from '../../components/form-field';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';

/** Under the server's "we've e-mailed it a link" reply. */
export const RESET_HINT =
  'Check your inbox, and your spam folder if it is not there. The link works for an hour; no e-mail after a few minutes? Ask again.';

/**
 * "Forgot password?" from the auth card: the e-mail address (the card's, when one was typed) and
 * a button that asks the server for a reset link. The reply's message is shown as it comes (it is
 * the same whether or not an account uses the address); a refusal (a malformed address, too many
 * requests) shows the server's message in an alert line.
 */
export function ForgotPasswordDialog({
  initialEmail,
  onClose,
}: {
  initialEmail: string;
  onClose: () => void;
}) {
  const [email, setEmail] = useState(initialEmail);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || email.trim() === '') return;
    setBusy(true);
    setError(null);
    try {
      const reply = await api.requestPasswordReset({ body: { email: email.trim() } });
      setSent(reply.message);
    } catch (err) {
      setError(errorMessage(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Reset your password"
      subtitle="Enter the e-mail address you sign in with. We'll send it a link to choose a new password."
      onClose={onClose}
    >
      {sent ? (
        <>
          <SuccessNotice testId="reset-requested">
            <p>{sent}</p>
          </SuccessNotice>
          <p className="muted small reset-hint">{RESET_HINT}</p>
          <div className="dialog-actions">
            <button type="button" className="btn btn-primary" onClick={onClose}>
              Done
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(e) => void onSubmit(e)} noValidate>
          <EmailField value={email} onValueChange={setEmail} />
          <FormError message={error} testId="reset-request-error" />
          <div className="dialog-actions">
            <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button
              type="submit"
              className="btn btn-primary"
              disabled={busy || email.trim() === ''}
            >
              {busy ? 'Sending…' : 'Send reset link'}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
