export { clusteringAccuracy, contingency, hungarian, normalizedMutualInfo } from './metrics';
