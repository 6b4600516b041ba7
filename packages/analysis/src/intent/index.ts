export { classifyIntent, normaliseForIntent, type IntentResult } from './classify';
export { classifyIntents, type IntentEmbeddings } from './classify-many';
export { predictIntent, intentTerms, type IntentModel } from './model';
export { clusterCategory, CATEGORY_RULE } from './category';
export { classificationReport, type ClassificationReport, type ClassMetrics } from './metrics';
export {
  DEV_SOURCES,
  csvRecords,
  indexDatasetTexts,
  joinDevTexts,
  parseCsv,
  parseDevLabels,
  type DevDataset,
  type DevExample,
  type DevLabel,
} from './dev-set';
