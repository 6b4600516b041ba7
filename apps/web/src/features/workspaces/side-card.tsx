import type { Workspace } from '@app/contracts';
import { orderShortcuts } from './use-workspaces';
import './workspaces-base.css';

interface WorkspaceSideCardProps {
  workspaces: readonly Workspace[] | undefined;
  loading: boolean;
  addedIds: readonly number[];
  activeWorkspaceId: number | null;
  onDashboard: () => void;
  /** Makes a workspace active and opens it. */
  onChoose: (id: number) => void;
}

/**
 * The main view's side card: 'Go to Workspace Dashboard' and up to 6 workspace
 * shortcuts by name; choosing one makes it active and opens the workspace screen on it.
 */
export function WorkspaceSideCard({
  workspaces,
  loading,
  addedIds,
  activeWorkspaceId,
  onDashboard,
  onChoose,
}: WorkspaceSideCardProps) {
  const shortcuts = orderShortcuts(workspaces ?? [], addedIds);
  return (
    <section
      className="card sidebar-card ws-side-card"
      aria-labelledby="ws-side-title"
      data-testid="workspace-side-card"
    >
      <h2 id="ws-side-title">Workspaces</h2>
      <button type="button" className="btn btn-ghost btn-block" onClick={onDashboard}>
        Go to Workspace Dashboard
      </button>
      {shortcuts.length > 0 ? (
        <ul className="ws-shortcuts" aria-label="Workspace shortcuts">
          {shortcuts.map((w) => (
            <li key={w.id}>
              <button
                type="button"
                className="ws-shortcut"
                aria-current={w.id === activeWorkspaceId ? 'true' : undefined}
                onClick={() => onChoose(w.id)}
                data-testid="workspace-shortcut"
              >
                <span className="ws-shortcut-dot" aria-hidden="true" />
                <span className="ws-shortcut-name">{w.name}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : loading ? null : (
        <p className="muted small ws-side-empty">
          Group a YouTube channel and an Instagram account to analyze many posts at once.
        </p>
      )}
    </section>
  );
}
