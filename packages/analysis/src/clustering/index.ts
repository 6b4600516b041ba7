export { discoverClusters, maxKForSize, minKForSize } from './discover-clusters';
export type { ClusterInput, ClusterOptions, ClusterResult } from './discover-clusters';
export { tokenize } from './lexical';
