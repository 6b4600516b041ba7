export * from './types';
export {
  isQuestion,
  questionsIn,
  groundQuestions,
  topQuestions as topAskedQuestions,
  askedIn,
  type AskedQuestion,
} from './questions';
export { clusterKeyphrases, type Keyphrase as ClusterKeyphrase } from './keyphrases';
export {
  analyseClusterOffline,
  figuresOfComments,
  questioners,
  questionCountSentence,
  aggregateSentiment as aggregateClusterTone,
  type SentimentBreakdown as ClusterToneBreakdown,
} from './cluster-analysis';
export { retrieveForQuestion, type RetrieveOptions } from './retrieval';
export { extractiveAnswer, type ExtractiveAnswer } from './extractive-answer';
export {
  fenceCommentsAsJson,
  representativeSample,
  buildClusterAnalysisRequest,
  buildClusterChatRequest,
  LlmClusterAnalysisSchema,
  LlmChatReplySchema,
  CLUSTER_ANALYSIS_SYSTEM_PROMPT,
  CLUSTER_CHAT_SYSTEM_PROMPT,
  type LlmClusterAnalysis,
  type LlmChatReply,
} from './prompts';
