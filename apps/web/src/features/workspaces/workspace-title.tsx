import { useId, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { WORKSPACE_NAME_MAX_LENGTH, type Workspace } from '@app/contracts';
import { errorMessage } from '../../lib/api-client';
import { api } from '../../lib/api';
import { workspaceKeys } from './workspaces-api';
import { FormError } from '../../components/form-field';

interface WorkspaceTitleProps {
  workspace: Workspace;
  /** The workspace is gone: the screen drops it as the active one. */
  onDeleted: (name: string) => void;
  onOpenDetail: () => void;
}

/**
 * The selection panel's head: the active workspace's name with Rename (inline form) and Delete
 * (inline confirmation; its video list goes, its analyses stay in the history).
 */
export function WorkspaceTitle({ workspace, onDeleted, onOpenDetail }: WorkspaceTitleProps) {
  const queryClient = useQueryClient();
  const [mode, setMode] = useState<'view' | 'rename' | 'delete'>('view');
  const [name, setName] = useState(workspace.name);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();

  const close = () => {
    setMode('view');
    setError(null);
  };

  const rename = (e: FormEvent) => {
    e.preventDefault();
    const next = name.trim();
    if (busy) return;
    if (next === '') {
      setError('Give the workspace a name.');
      return;
    }
    if (next === workspace.name) {
      close();
      return;
    }
    setBusy(true);
    setError(null);
    api
      .updateWorkspace({ params: { id: workspace.id }, body: { name: next } })
      .then(async () => {
        queryClient.setQueryData<Workspace[]>(workspaceKeys.list, (prev) =>
          prev?.map((w) => (w.id === workspace.id ? { ...w, name: next } : w)),
        );
        await queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
        close();
      })
      .catch((err: unknown) => setError(`Could not rename the workspace: ${errorMessage(err)}`))
      .finally(() => setBusy(false));
  };

  const remove = () => {
    if (busy) return;
    setBusy(true);
    setError(null);
    api
      .deleteWorkspace({ params: { id: workspace.id } })
      .then(() => {
        queryClient.setQueryData<Workspace[]>(workspaceKeys.list, (prev) =>
          prev?.filter((w) => w.id !== workspace.id),
        );
        void queryClient.invalidateQueries({ queryKey: workspaceKeys.list });
        onDeleted(workspace.name);
      })
      .catch((err: unknown) => {
        setError(`Could not delete the workspace: ${errorMessage(err)}`);
        setBusy(false);
      });
  };

  return (
    <div className="ws-title">
      <div className="card-head ws-panel-head">
        {mode === 'rename' ? (
          <form className="ws-rename" onSubmit={rename}>
            <label htmlFor={inputId} className="ws-eyebrow">
              Workspace name
            </label>
            <div className="ws-rename-row">
              <input
                id={inputId}
                type="text"
                value={name}
                maxLength={WORKSPACE_NAME_MAX_LENGTH}
                onChange={(e) => setName(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Escape') close();
                }}
                disabled={busy}
                // The form opens on request: the field is what the creator asked for.
                autoFocus
              />
              <button type="submit" className="btn btn-primary btn-small" disabled={busy}>
                {busy ? 'Saving…' : 'Save'}
              </button>
              <button type="button" className="btn btn-ghost btn-small" onClick={close}>
                Cancel
              </button>
            </div>
          </form>
        ) : (
          <div>
            <p className="ws-eyebrow">Active workspace</p>
            <h2 id="ws-panel-title">{workspace.name}</h2>
          </div>
        )}
        {mode === 'view' ? (
          <div className="ws-actions">
            <button type="button" className="btn btn-ghost btn-small" onClick={onOpenDetail}>
              Open posts and reports
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small"
              onClick={() => {
                setName(workspace.name);
                setMode('rename');
              }}
            >
              Rename
            </button>
            <button
              type="button"
              className="btn btn-ghost btn-small ws-delete"
              onClick={() => setMode('delete')}
            >
              Delete
            </button>
          </div>
        ) : null}
      </div>
      {mode === 'delete' ? (
        <div className="confirm" role="group" aria-label={`Confirm deleting ${workspace.name}`}>
          <p className="small">
            Delete “{workspace.name}”? Its channel link and video list go; its analyses and reports
            stay in your history.
          </p>
          <div className="confirm-actions">
            <button
              type="button"
              className="btn btn-danger btn-small"
              onClick={remove}
              disabled={busy}
            >
              {busy ? 'Deleting…' : 'Delete workspace'}
            </button>
            <button type="button" className="btn btn-ghost btn-small" onClick={close}>
              Cancel
            </button>
          </div>
        </div>
      ) : null}
      <FormError message={error} />
    </div>
  );
}
