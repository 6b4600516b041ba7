import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AutoAnalysisItem, UpdateWorkspaceRequest } from '@app/contracts';
import { api } from '../../lib/api';
import { errorMessage } from '../../lib/api-client';
import { useAuth } from '../../lib/auth';
import { formatDate } from '../../lib/format';
import { workspaceKeys } from './workspaces-api';
import './auto-analysis.css';

/** What one new upload's line says about where it stands. */
export function autoAnalysisStateText(item: AutoAnalysisItem): string {
  switch (item.state) {
    case 'analysed':
      return `Analysed · ${item.credits} ${item.credits === 1 ? 'credit' : 'credits'}`;
    case 'analysing':
      return `Analysing · ${item.credits} ${item.credits === 1 ? 'credit' : 'credits'} held`;
    case 'failed':
      return 'Failed · refunded';
    case 'skipped':
      return 'Skipped · you analysed it already';
    case 'held_back':
      return item.reason === 'cap'
        ? 'Held back · monthly cap reached'
        : item.reason === 'balance'
          ? 'Held back · not enough credits'
          : 'Held back · could not start';
  }
}

/** Empty means no cap; otherwise a whole number of credits from 1. */
export function parseCap(text: string): number | null | 'invalid' {
  const t = text.trim();
  if (t === '') return null;
  if (!/^\d+$/.test(t) || Number(t) < 1) return 'invalid';
  return Number(t);
}

/**
 * The workspace's auto-analysis settings (detail screen): the switch, the monthly credit cap,
 * this month's spend, and the new uploads analysed or held back (GET /workspaces/{id}/auto-analyses).
 * "Check for new uploads" runs the workspace's sync, which analyses what is new.
 */
export function AutoAnalysisPanel({ workspaceId }: { workspaceId: number }) {
  const queryClient = useQueryClient();
  const { refreshProfile } = useAuth();
  const headingId = useId();
  const capId = useId();
  const capHintId = useId();
  const [capText, setCapText] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);

  const key = workspaceKeys.autoAnalyses(workspaceId);
  const state = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.workspaceAutoAnalyses({ params: { id: workspaceId }, signal }),
  });
  const refresh = () =>
    Promise.all(
      [
        key,
        workspaceKeys.list,
        workspaceKeys.analyzed(workspaceId),
        workspaceKeys.posts(workspaceId),
      ].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );

  const update = useMutation({
    mutationFn: (body: UpdateWorkspaceRequest) =>
      api.updateWorkspace({ params: { id: workspaceId }, body }),
    onMutate: () => setError(null),
    onSuccess: (w) => {
      setCapText(null);
      setStatus(
        w.auto_analyze
          ? `Auto-analysis is on${w.monthly_credit_cap ? `, up to ${w.monthly_credit_cap} credits a month` : ''}.`
          : 'Auto-analysis is off.',
      );
      void refresh();
    },
    onError: (err) => setError(errorMessage(err)),
  });
  const sync = useMutation({
    mutationFn: () => api.syncWorkspace({ params: { id: workspaceId } }),
    onMutate: () => setError(null),
    onSuccess: () => {
      setStatus('Checked for new uploads.');
      refreshProfile();
      void refresh();
    },
    onError: (err) => setError(errorMessage(err)),
  });

  const data = state.data;
  const cap = data?.monthly_credit_cap ?? null;
  const shownCap = capText ?? (cap === null ? '' : String(cap));
  const busy = update.isPending || sync.isPending;

  const saveCap = (e: FormEvent) => {
    e.preventDefault();
    const parsed = parseCap(shownCap);
    if (parsed === 'invalid') {
      setError(
        'The monthly cap is a whole number of credits, at least 1 (leave it empty for no cap).',
      );
      return;
    }
    update.mutate({ monthly_credit_cap: parsed });
  };

  return (
    <section className="ws-section ws-auto" aria-labelledby={headingId} data-testid="auto-analysis">
      <div className="card-head">
        <h3 id={headingId}>Auto-analysis of new uploads</h3>
        {data?.auto_analyze ? (
          <button
            type="button"
            className="btn btn-ghost btn-small"
            disabled={busy}
            onClick={() => sync.mutate()}
          >
            {sync.isPending ? 'Checking…' : 'Check for new uploads'}
          </button>
        ) : null}
      </div>
      {state.isError ? (
        <p className="form-error small" role="alert">
          Could not load auto-analysis: {errorMessage(state.error)}
        </p>
      ) : !data ? (
        <p className="muted small" role="status">
          Loading…
        </p>
      ) : (
        <>
          <p className="muted small ws-auto-intro">
            Videos and posts published after you turn this on are analysed once when the workspace
            syncs (every hour), at the usual price, within the monthly cap and your balance.
          </p>
          <div className="ws-auto-controls">
            <label className="ws-auto-switch">
              <input
                type="checkbox"
                role="switch"
                checked={data.auto_analyze}
                disabled={busy}
                onChange={(e) => update.mutate({ auto_analyze: e.target.checked })}
                data-testid="auto-analyze-switch"
              />
              <span>Analyse new uploads automatically</span>
            </label>
            <form className="ws-auto-cap" onSubmit={saveCap} noValidate>
              <label htmlFor={capId}>Monthly credit cap</label>
              <div className="ws-auto-cap-row">
                <input
                  id={capId}
                  inputMode="numeric"
                  autoComplete="off"
                  placeholder="No cap"
                  value={shownCap}
                  aria-describedby={capHintId}
                  onChange={(e) => setCapText(e.target.value)}
                  data-testid="auto-cap-input"
                />
                <button type="submit" className="btn btn-ghost btn-small" disabled={busy}>
                  Save cap
                </button>
              </div>
              <span id={capHintId} className="muted small">
                Empty: no cap but your balance.
              </span>
            </form>
          </div>
          <p className="ws-auto-spend" data-testid="auto-spend">
            This month: <strong>{data.month_spent}</strong>
            {cap !== null ? ` of ${cap}` : ''}{' '}
            {data.month_spent === 1 && cap === null ? 'credit' : 'credits'} spent by auto-analysis
            {data.since && data.auto_analyze ? ` · on since ${formatDate(data.since)}` : ''}
          </p>
          {error ? (
            <p className="form-error small" role="alert">
              {error}
            </p>
          ) : status ? (
            <p className="muted small" role="status">
              {status}
            </p>
          ) : null}
          {data.items.length > 0 ? (
            <ul className="ws-auto-list" aria-label="New uploads" data-testid="auto-items">
              {data.items.map((item) => (
                <li
                  key={item.video_key}
                  className={`ws-auto-item ws-auto-${item.state}`}
                  data-state={item.state}
                >
                  <span className="ws-auto-title">{item.title?.trim() || item.video_key}</span>
                  <span className="ws-auto-meta small">
                    {item.kind === 'youtube' ? 'YouTube' : 'Instagram'}
                    {item.published_at ? ` · published ${formatDate(item.published_at)}` : ''}
                  </span>
                  <span className="ws-auto-state small">{autoAnalysisStateText(item)}</span>
                  {item.state === 'held_back' && item.message ? (
                    <span className="muted small ws-auto-why">{item.message}</span>
                  ) : null}
                </li>
              ))}
            </ul>
          ) : data.auto_analyze ? (
            <p className="muted small">No new uploads yet.</p>
          ) : null}
        </>
      )}
    </section>
  );
}
