/**
 * Extension points for features built in their own folders (H7: features/cluster-tools/** and
 * features/notes/**). The shell renders these components; their owners replace the bodies below with
 * lazy imports of their own components (keep them lazy: the initial bundle budget is 200 KB gzipped).
 * Example:
 *   const Lazy = lazy(() => import('./features/cluster-tools/cluster-actions'));
 *   export function ClusterActions(p: ClusterActionsProps) { return <Suspense fallback={null}><Lazy {...p} /></Suspense>; }
 */
import { lazy, Suspense, type ReactNode } from 'react';
import type { Cluster, ReportReply } from '@app/contracts';
import type { WorkspaceScreenProps } from './features/workspaces/workspace-view';
import {
  ClusterActionsImpl,
  ClusterDrawersImpl,
  ClusterToolbarImpl,
  ClusterToolsScopeImpl,
} from './features/cluster-tools';

// TipTap stays out of the initial bundle: the notes card loads on first render.
const LazyNotesCard = lazy(() => import('./features/notes/notes-card'));
// The workspace screens load when the creator first opens them.
const LazyWorkspaceScreens = lazy(() => import('./features/workspaces/workspace-view'));

export interface ClusterToolsScopeProps {
  videoId: string;
  /** Changes whenever a new analysis starts or another report loads: reset drawers, chat and cluster state. */
  resetKey: string;
  children: ReactNode;
}
/** Wraps the clusters list and drawers; a place for a context provider shared by actions and drawers. */
export function ClusterToolsScope({
  videoId,
  resetKey,
  children,
}: ClusterToolsScopeProps): ReactNode {
  return (
    <ClusterToolsScopeImpl videoId={videoId} resetKey={resetKey}>
      {children}
    </ClusterToolsScopeImpl>
  );
}

export interface ClusterActionsProps {
  videoId: string;
  cluster: Cluster;
  resetKey: string;
}
/** Row buttons of an open cluster row: Analyze, Comments, Chat. */
export function ClusterActions({ cluster }: ClusterActionsProps): ReactNode {
  return <ClusterActionsImpl cluster={cluster} />;
}

export interface ClusterToolbarProps {
  videoId: string | null;
  resetKey: string;
  /** Call after a successful retag: the report is reloaded. */
  onRetagged: () => void;
}
/** 'Context (optional)' input and the 'CreatorX' button above the clusters list. */
export function ClusterToolbar({ videoId, onRetagged }: ClusterToolbarProps): ReactNode {
  return <ClusterToolbarImpl videoId={videoId} onRetagged={onRetagged} />;
}

export interface ClusterDrawersProps {
  videoId: string;
  report: ReportReply;
  resetKey: string;
}
/** The Cluster Comments / Cluster Analysis / Chat drawers, one open at a time. */
export function ClusterDrawers(_props: ClusterDrawersProps): ReactNode {
  return <ClusterDrawersImpl />;
}

export interface NotesCardProps {
  /** The current video; null when none is chosen. */
  videoId: string | null;
}
/** The notes card of the sidebar. */
export function NotesCard({ videoId }: NotesCardProps): ReactNode {
  if (videoId === null) return null;
  return (
    <Suspense
      fallback={
        <section className="card notes-card" aria-label="Notes">
          <p className="muted" role="status">
            Loading notes for this video...
          </p>
        </section>
      }
    >
      <LazyNotesCard videoId={videoId} />
    </Suspense>
  );
}

export type WorkspaceViewProps = WorkspaceScreenProps;
/** The workspace screens (features/workspaces), loaded on first use. */
export function WorkspaceView(props: WorkspaceViewProps): ReactNode {
  return (
    <Suspense
      fallback={
        <section className="card" aria-label="Workspaces" role="status">
          <p className="muted">Loading workspaces…</p>
        </section>
      }
    >
      <LazyWorkspaceScreens {...props} />
    </Suspense>
  );
}
