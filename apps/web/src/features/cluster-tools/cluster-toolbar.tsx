import { useId, useState, type ReactNode } from 'react';
import { api } from '../../lib/api';
import { MESSAGES } from './cluster-tools-api';

/** 'Context (optional)' and the 'CreatorX' button: relabels the clusters, then the report reloads. */
export function CreatorXToolbar({
  videoId,
  onRetagged,
}: {
  videoId: string | null;
  onRetagged: () => void;
}): ReactNode {
  const [context, setContext] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const run = () => {
    if (!videoId || busy) return;
    setBusy(true);
    setError(null);
    api
      .retag({ params: { video_id: videoId }, body: { context } })
      .then(() => onRetagged())
      .catch((err: unknown) => {
        console.error('CreatorX retag failed:', err);
        setError(MESSAGES.retagFailed);
      })
      .finally(() => setBusy(false));
  };

  return (
    <div className="creatorx">
      <form
        className="creatorx-form"
        onSubmit={(e) => {
          e.preventDefault();
          run();
        }}
      >
        <label htmlFor={inputId} className="creatorx-label">
          Context (optional)
        </label>
        <input
          id={inputId}
          className="creatorx-input"
          type="text"
          value={context}
          maxLength={2000}
          onChange={(e) => setContext(e.target.value)}
          placeholder="e.g. a cooking channel"
        />
        <button
          type="submit"
          className="btn btn-primary btn-small"
          disabled={!videoId || busy}
          aria-busy={busy}
        >
          {busy ? MESSAGES.refining : 'CreatorX'}
        </button>
      </form>
      {error ? (
        <p className="form-error" role="alert" data-testid="creatorx-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
