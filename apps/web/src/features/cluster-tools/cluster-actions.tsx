import type { ReactNode } from 'react';
import type { Cluster } from '@app/contracts';
import { useClusterTools } from './cluster-tools-context';

/** Row buttons of an open cluster: Analyze, Comments, Chat. */
export function ClusterActionButtons({ cluster }: { cluster: Cluster }): ReactNode {
  const tools = useClusterTools();
  const loading = tools.analyses[cluster.cluster_id]?.loading ?? false;
  const open = tools.drawer?.clusterId === cluster.cluster_id ? tools.drawer.kind : null;
  return (
    <div
      className="cluster-tool-buttons"
      role="group"
      aria-label={`Tools for cluster ${cluster.cluster_id}`}
    >
      <button
        type="button"
        className="btn btn-ghost btn-small"
        // aria-disabled while its analysis loads, not disabled: closing the drawer gives the focus
        // back here, and a disabled button would drop it to <body>
        onClick={() => {
          if (!loading) tools.openAnalysis(cluster);
        }}
        aria-disabled={loading}
        aria-pressed={open === 'analysis'}
        aria-busy={loading}
      >
        Analyze
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => tools.openComments(cluster)}
        aria-pressed={open === 'comments'}
      >
        Comments
      </button>
      <button
        type="button"
        className="btn btn-ghost btn-small"
        onClick={() => tools.openChat(cluster)}
        aria-pressed={open === 'chat'}
      >
        Chat
      </button>
    </div>
  );
}
