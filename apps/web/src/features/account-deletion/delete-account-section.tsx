import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import { Link } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DELETE_ACCOUNT_PHRASE, type MeReply } from '@app/contracts';
import { Dialog } from '../../components/dialog';
import { FormError, SuccessNotice } from '../../components/form-field';
import { api, queryKeys } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { formatCount } from '../../lib/format';

const PROVIDER_NAMES = { google: 'Google', facebook: 'Facebook' } as const;

/** "Google", "Google and Facebook". */
function providerList(providers: MeReply['providers']): string {
  return providers.map((p) => PROVIDER_NAMES[p]).join(' and ');
}

/**
 * The confirmation step: the account's password, or (an account that signs in only through Google
 * or Facebook has none) the typed phrase. Nothing is deleted until the server accepts it.
 */
function ConfirmDeletionDialog({
  account,
  onClose,
  onDeleted,
}: {
  account: MeReply;
  onClose: () => void;
  onDeleted: () => void;
}) {
  const fieldId = useId();
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const usesPassword = account.has_password;
  const ready = usesPassword ? value !== '' : value.trim().toLowerCase() === DELETE_ACCOUNT_PHRASE;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await api.deleteAccount({
        body: usesPassword ? { password: value } : { confirmation: value },
      });
      onDeleted();
    } catch (err) {
      console.error('Account deletion failed', err);
      setError(errorMessage(err));
      setBusy(false);
    }
  };

  return (
    <Dialog
      title="Delete your Chorus account?"
      subtitle="This happens at once and cannot be undone."
      onClose={() => {
        if (!busy) onClose();
      }}
      className="delete-dialog"
    >
      <form onSubmit={(e) => void submit(e)} noValidate>
        <p>Deleting your account removes, right away:</p>
        <ul className="delete-summary">
          <li>
            your account{account.email ? ` (${account.email})` : ''}
            {account.providers.length > 0
              ? ` and its ${providerList(account.providers)} sign-in`
              : ''}
            , and every session on every device;
          </li>
          <li>
            your {formatCount(account.credits_balance)} remaining credit
            {account.credits_balance === 1 ? '' : 's'} and their history;
          </li>
          <li>your analyses, reports and the comments fetched for them;</li>
          <li>your notes, workspaces and linked YouTube and Instagram ids.</li>
        </ul>
        <label className="field" htmlFor={fieldId}>
          <span>
            {usesPassword ? (
              'Enter your password to confirm'
            ) : (
              <>
                Type <strong className="phrase">{DELETE_ACCOUNT_PHRASE}</strong> to confirm
              </>
            )}
          </span>
          <input
            id={fieldId}
            type={usesPassword ? 'password' : 'text'}
            name={usesPassword ? 'password' : 'confirmation'}
            autoComplete={usesPassword ? 'current-password' : 'off'}
            spellCheck={false}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            aria-invalid={error ? true : undefined}
          />
        </label>
        <FormError message={error} testId="delete-error" />
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="submit" className="btn btn-danger" disabled={!ready || busy}>
            {busy ? 'Deleting…' : 'Delete account permanently'}
          </button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * Self-serve deletion on the data-deletion page: signed in, a 'Delete my account' button opens the
 * confirmation; afterwards the app is signed out and the page says what happened. Signed out, it
 * says how to get here.
 */
export function DeleteAccountSection() {
  const { token, signOut } = useAuth();
  const [confirming, setConfirming] = useState(false);
  const [deleted, setDeleted] = useState<MeReply | null>(null);
  const account = useQuery({
    queryKey: queryKeys.me(token),
    queryFn: ({ signal }) => api.me({ signal }),
    enabled: token !== null && deleted === null,
    staleTime: 10_000,
  });

  if (deleted) {
    return (
      <SuccessNotice testId="account-deleted">
        <p>
          <strong>Your account has been deleted.</strong> Everything listed above is gone and you
          are signed out.
          {deleted.providers.length > 0
            ? ` You signed in with ${providerList(deleted.providers)}: you can also remove Chorus from that account with the steps below.`
            : ''}
        </p>
      </SuccessNotice>
    );
  }

  if (token === null) {
    return (
      <p>
        Signed in, this page has a <strong>Delete my account</strong> button that deletes your
        account and everything listed above at once. <Link to="/">Sign in</Link>, then come back
        here through Legal → Data Deletion.
      </p>
    );
  }

  return (
    <div className="delete-account" data-testid="delete-account">
      <p>
        You are signed in
        {account.data?.email ? (
          <>
            {' '}
            as <strong>{account.data.email}</strong>
          </>
        ) : null}
        . <strong>Delete my account</strong> removes your account and everything listed above at
        once. You will be asked to confirm first.
      </p>
      {account.isError ? (
        <p role="alert" className="form-error">
          Could not load your account: {errorMessage(account.error)}
        </p>
      ) : null}
      <button
        type="button"
        className="btn btn-danger"
        disabled={!account.data}
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        {account.data ? 'Delete my account' : 'Loading your account…'}
      </button>
      {confirming && account.data ? (
        <ConfirmDeletionDialog
          account={account.data}
          onClose={() => setConfirming(false)}
          onDeleted={() => {
            const gone = account.data;
            setConfirming(false);
            setDeleted(gone);
            // The sessions went with the account: nothing to revoke. explicit_signout is set, so
            // Facebook's login status does not sign anyone straight back in (to a new account).
            signOut({ revoke: false });
          }}
        />
      ) : null}
    </div>
  );
}
