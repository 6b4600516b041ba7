import { lazy, Suspense, type ReactNode } from 'react';
import { ClusterToolsProvider, useClusterTools } from './cluster-tools-context';
import './cluster-tools-base.css';

export { ClusterActionButtons } from './cluster-actions';
export { CreatorXToolbar } from './cluster-toolbar';

// The drawers (and their CSS) load on first use; the row buttons and the provider are tiny.
const ClusterDrawerPanel = lazy(() => import('./cluster-drawers'));

/**
 * Wraps the clusters list and drawers with the state the row buttons and drawers share; it starts
 * afresh whenever `resetKey` changes (a new analysis or another report).
 */
export function ClusterToolsScope({
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

/** The analysis failure alert and the open drawer (Comments, Analysis or Chat), one at a time. */
export function ClusterDrawers(): ReactNode {
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
