import { useId, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CreateShareReply, ReportShare } from '@app/contracts';
import { Dialog } from '../../components/dialog';
import { errorMessage } from '../../lib/api-client';
import { formatDate } from '../../lib/format';
import { api } from '../../lib/api';
import { shareKeys } from './share-api';
import { FormError } from '../../components/form-field';

const EXPIRY_CHOICES: readonly { days: number | null; label: string }[] = [
  { days: null, label: 'Never (until you revoke it)' },
  { days: 1, label: 'In 1 day' },
  { days: 7, label: 'In 7 days' },
  { days: 30, label: 'In 30 days' },
  { days: 90, label: 'In 90 days' },
];

/** The full address of a link's page on this site. */
export function shareUrl(path: string): string {
  return `${window.location.origin}${path}`;
}

/** "Nov 21, 2026, 3:04 PM": links made the same day stay apart. */
function formatDateTime(value: string): string {
  const d = new Date(value);
  return Number.isNaN(d.getTime())
    ? value
    : d.toLocaleString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
      });
}

function expiryText(share: ReportShare): string {
  if (share.expired) return 'Expired';
  return share.expires_at ? `Expires ${formatDate(share.expires_at)}` : 'Never expires';
}

/**
 * The Share dialog: make a read-only link (optionally expiring), copy it, and see and revoke the
 * report's links. The link is readable only right after it is made: the server keeps its hash.
 */
export default function ShareDialog({
  videoId,
  onClose,
}: {
  videoId: string;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [days, setDays] = useState<number | null>(null);
  const [created, setCreated] = useState<CreateShareReply | null>(null);
  const [copied, setCopied] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const linkRef = useRef<HTMLInputElement>(null);
  const expiryId = useId();
  const linkId = useId();

  const list = useQuery({
    queryKey: shareKeys.list(videoId),
    queryFn: ({ signal }) => api.reportShares({ params: { video_id: videoId }, signal }),
  });
  const create = useMutation({
    mutationFn: () =>
      api.createShare({ params: { video_id: videoId }, body: { expires_in_days: days } }),
    onSuccess: (reply) => {
      setCreated(reply);
      setCopied(false);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: shareKeys.list(videoId) });
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const revoke = useMutation({
    mutationFn: (id: string) => api.revokeShare({ params: { id } }),
    onSuccess: (_r, id) => {
      if (created?.id === id) setCreated(null);
      setError(null);
      void queryClient.invalidateQueries({ queryKey: shareKeys.list(videoId) });
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const copy = async () => {
    if (!created) return;
    const url = shareUrl(created.path);
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      // No clipboard permission: select the link so the person can copy it themselves.
      linkRef.current?.select();
      setError('Copying is not allowed here: the link is selected, copy it with your keyboard.');
    }
  };

  const shares = list.data ?? [];
  return (
    <Dialog
      title="Share this report"
      subtitle="Anyone with the link can see this report, read-only. Your notes, chats, account and the comments' own words are not part of it."
      onClose={onClose}
      className="share-dialog"
    >
      <div className="share-create">
        <div className="field">
          <label htmlFor={expiryId}>Link expires</label>
          <select
            id={expiryId}
            value={days === null ? '' : String(days)}
            onChange={(e) => setDays(e.target.value === '' ? null : Number(e.target.value))}
          >
            {EXPIRY_CHOICES.map((c) => (
              <option key={c.label} value={c.days === null ? '' : String(c.days)}>
                {c.label}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-primary btn-small"
          onClick={() => create.mutate()}
          disabled={create.isPending}
        >
          {create.isPending ? 'Creating…' : 'Create link'}
        </button>
      </div>

      {created ? (
        <div className="share-created" data-testid="share-created">
          <label htmlFor={linkId} className="share-created-label">
            Your new link
          </label>
          <div className="share-link-row">
            <input
              id={linkId}
              ref={linkRef}
              className="share-link"
              readOnly
              value={shareUrl(created.path)}
              onFocus={(e) => e.currentTarget.select()}
              data-testid="share-link"
            />
            <button type="button" className="btn btn-ghost btn-small" onClick={() => void copy()}>
              {copied ? 'Copied' : 'Copy'}
            </button>
          </div>
          <p className="muted small" role="status">
            {copied
              ? 'Link copied.'
              : 'Copy it now: for safety Chorus keeps only a fingerprint of it and cannot show it again.'}
          </p>
        </div>
      ) : null}

      <FormError message={error} />

      <h3 className="share-list-title">Links to this report</h3>
      {list.isPending ? (
        <p className="muted small" role="status">
          Loading links…
        </p>
      ) : list.isError ? (
        <p className="form-error" role="alert">
          Could not load the links: {errorMessage(list.error)}
        </p>
      ) : shares.length === 0 ? (
        <p className="muted small">No links yet.</p>
      ) : (
        <ul className="share-list" data-testid="share-list">
          {shares.map((s) => (
            <li
              key={s.id}
              className={`share-item${s.expired ? ' expired' : ''}${created?.id === s.id ? ' new' : ''}`}
              data-testid="share-item"
            >
              <span className="share-item-text">
                <span>
                  Created {formatDateTime(s.created_at)}
                  {created?.id === s.id ? <strong className="share-new"> · New</strong> : null}
                </span>
                <span className="muted small">{expiryText(s)}</span>
              </span>
              <button
                type="button"
                className="btn btn-danger btn-small"
                onClick={() => revoke.mutate(s.id)}
                disabled={revoke.isPending && revoke.variables === s.id}
                aria-label={`Revoke the link created ${formatDateTime(s.created_at)}`}
              >
                Revoke
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  );
}
