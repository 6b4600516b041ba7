import { lazy, Suspense, type ReactNode } from 'react';
import type { Cluster } from '@app/contracts';
import { ClusterActionButtons } from './cluster-actions';
import { CreatorXToolbar } from './cluster-toolbar';
import { ClusterToolsProvider, useClusterTools } from './cluster-tools-context';
import './cluster-tools-base.css';

// The drawers (and their CSS) load on first use; the row buttons and the provider are tiny.
const ClusterDrawerPanel = lazy(() => import('./cluster-drawers'));

/** Wraps the clusters list and drawers; state resets with the report (`resetKey`). */
export function ClusterToolsScopeImpl({
  videoId,
  resetKey,
  children,
}: {
  videoId: string;
  resetKey: string;
  children: ReactNode;
}): ReactNode {
  return (
    <ClusterToolsProvider key={resetKey} videoId={videoId}>
      {children}
    </ClusterToolsProvider>
  );
}

export function ClusterActionsImpl({ cluster }: { cluster: Cluster }): ReactNode {
  return <ClusterActionButtons cluster={cluster} />;
}

export function ClusterToolbarImpl({
  videoId,
  onRetagged,
}: {
  videoId: string | null;
  onRetagged: () => void;
}): ReactNode {
  return <CreatorXToolbar videoId={videoId} onRetagged={onRetagged} />;
}

/** The analysis failure alert and the open drawer. */
export function ClusterDrawersImpl(): ReactNode {
  const tools = useClusterTools();
  return (
    <>
      {tools.alert ? (
        <div
          className="banner banner-warning cluster-tools-alert"
          role="alert"
          data-testid="cluster-tools-alert"
        >
          <span>{tools.alert}</span>
          <button type="button" className="btn btn-small" onClick={tools.dismissAlert}>
            Dismiss
          </button>
        </div>
      ) : null}
      {tools.drawer ? (
        <Suspense fallback={null}>
          <ClusterDrawerPanel />
        </Suspense>
      ) : null}
    </>
  );
}
