/**
 * `@app/analysis/eval`: what the benchmarks and the trainers in scripts/ need beyond the package's
 * main entry: clustering metrics, the stages they measure one by one, the intent development set,
 * and the features and logits the learned models are fitted on.
 */
export { clusteringAccuracy, contingency, hungarian, normalizedMutualInfo } from './metrics';
export { discoverClusters, type ClusterOptions, type ClusterResult } from '../clustering';
export { createRandom, sampleIndices } from '../clustering/random';
export { minClusterSize } from '../clustering/small-clusters';
export { genericReactionKind } from '../clustering/generic-reactions';
export { labelClusters } from '../label/label-clusters';
export { spamReason } from '../prepare/spam';
export {
  classificationReport,
  classifyIntent,
  clusterCategory,
  DEV_SOURCES,
  indexDatasetTexts,
  joinDevTexts,
  parseDevLabels,
  type ClassificationReport,
  type ClassMetrics,
  type DevDataset,
  type DevExample,
  type DevLabel,
} from '../intent';
export {
  FIXED_FEATURES,
  intentFeatures,
  intentLogits,
  intentTerms,
  type IntentFeatures,
  type IntentModel,
} from '../intent/model';
export { scoreSentiment, type SentimentLabel } from '../sentiment';
export {
  SENTIMENT_FIXED_FEATURES,
  sentimentFeatures,
  sentimentLogits,
  sentimentTerms,
  type SentimentModel,
} from '../sentiment/model';
export {
  softmax,
  vectorReadable,
  vocabIndexOf,
  type LinearModel,
  type SparseFeatures,
} from '../text/linear-model';
