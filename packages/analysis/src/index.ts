export * from './ports';
export * from './types';
export * from './deep-dive';
export {
  analyseComments,
  AnalysisInputError,
  type AnalyseDeps,
  type AnalyseOptions,
  type AnalysisResult,
  type AnalysisStats,
  type AnalysisTimings,
} from './pipeline/analyse';
export { warmAnalysisThreads } from './pipeline/runners';
export {
  relabelClusters,
  type ClusterShares,
  type RelabelComment,
  type RelabelledCluster,
  type RelabelResult,
} from './label/relabel';
export {
  audienceQuestions,
  keyTerms as questionKeyTerms,
  termOverlap as questionTermOverlap,
  sameQuestion,
  readsAsQuestion,
  withSuggestedReplies,
  type QuestionMatchTier,
  QUESTION_MERGE_DEFAULTS,
  type AudienceQuestion,
  type AudienceQuestionOptions,
  type QuestionSourceComment,
} from './questions/audience-questions';
export {
  mergeAskedQuestions,
  normalisedQuestion,
  type AskedQuestion,
  type MergedQuestion,
} from './questions/across-videos';
export { suggestReplies, MAX_SUGGESTED_REPLIES } from './llm/question-replies';
export {
  questionsOfStoredComments,
  type StoredQuestionComment,
  type StoredQuestionOptions,
} from './questions/stored-questions';
export {
  embeddingText,
  prepareComments,
  type PreparedBatch,
  type PrepareOptions,
} from './prepare/prepare-comments';
export { PrefetchEmbedder, type PrefetchEmbedderOptions } from './embedding/prefetch-embedder';
export { SET_ASIDE, type SetAsideGroup } from './prepare/set-aside';
export { nearestCluster } from './clustering/nearest-cluster';
export { cleanText } from './prepare/clean-text';
export { ownText, splitQuotedReply, type QuotedReply } from './prepare/quoted-reply';
export { sharesToPercentages, engagementWeight } from './measure/shares';
export { parseCsv, csvRecords, sniffDelimiter, CsvQuoteError } from './text/csv';
export { classifyIntents, type IntentEmbeddings } from './intent/classify-many';
export { classifySentiments } from './sentiment/classify-many';
