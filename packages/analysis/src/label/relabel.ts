import type { ClusterSentiment, ExecutiveSummary, Intent } from '@app/contracts';
import { classifyIntents, clusterCategory } from '../intent';
import { classifySentiments } from '../sentiment';
import type { LanguageModel } from '../ports';
import type { Sentiment } from '../types';
import { fromAudience, prepareComments, storedInputComment } from '../prepare/prepare-comments';
import { promptOptions, type LabellingOptions } from '../llm/call-model';
import { generateLabels, mergeModelLabels } from '../llm/label-prompt';
import { measureClusters, type ClusterMeasures } from '../measure/shares';
import { applyContextRules, parseContextRules } from './context-rules';
import { aggregateSentiment, labelClusters } from './label-clusters';
import { sourceNames } from './source-names';
import { composeOfflineSummary } from '../summarise/offline-summary';
import type { AudienceQuestion } from '../questions/audience-questions';
import { summaryClusters } from '../summarise/summary-clusters';

/** A stored comment with the cluster it was assigned to. */
export interface RelabelComment {
  id: string;
  text: string;
  likes: number;
  author?: string | null;
  publishedAt?: string | null;
  /** Posted by the video's own channel (never spam). */
  byCreator?: boolean;
  /** The creator restored it from the spam set aside: never spam. */
  restored?: boolean;
  /** Its cluster, or SET_ASIDE (-1) when it was set aside as spam (it stays out of every cluster). */
  clusterId: number;
  sentiment?: Sentiment;
  /** The classifier's intent stored at analysis time, before any context rules. */
  classifiedIntent?: Intent;
}

export interface RelabelledCluster {
  cluster_id: number;
  heading: string;
  tags: string[];
  category: Intent;
}

export interface ClusterShares {
  size: number;
  like_count: number;
  percentage: number;
  engagement_percentage: number;
}

export interface RelabelResult {
  clusters: RelabelledCluster[];
  /** Comment intents after the creator's rules (input order), for callers that store them. */
  intents: Intent[];
  /** Per cluster id, how many of its comments carry each intent (the report's `intent_counts`). */
  intentCounts: Record<number, Record<Intent, number>>;
  /** Per cluster id, its sentiment with counts (the report's cluster `sentiment`). */
  sentiments: Record<number, ClusterSentiment>;
  /** The audience's sentiment over the video (the report's `sentiment`), as the analysis counts it. */
  sentiment: ClusterSentiment;
  /**
   * Per cluster id, its size, likes and shares of comments and likes (summing to 100 over the
   * clustered comments), as the analysis measures them.
   */
  shares: Record<number, ClusterShares>;
  /**
   * The offline executive summary composed again from the new figures; absent when a language
   * model labels the clusters (its summary is kept).
   */
  summary?: ExecutiveSummary;
  labeller: string;
}

/** Each labelled cluster's figures as the analysis measures them (an empty cluster has a 0 share). */
function sharesOf(
  measures: ClusterMeasures,
  labels: readonly { clusterId: number }[],
): Record<number, ClusterShares> {
  return Object.fromEntries(
    labels.map(({ clusterId: id }) => [
      id,
      {
        size: measures.size[id] ?? 0,
        like_count: measures.likeCount[id] ?? 0,
        percentage: measures.percentage[id] ?? 0,
        engagement_percentage: measures.engagementPercentage[id] ?? 0,
      },
    ]),
  );
}

/**
 * Recomputes headings, tags and categories of existing clusters from stored comments and their
 * assignments, without re-embedding (the CreatorX retag endpoint). The creator's `context` biases
 * categories offline through simple rules ("treat recipe requests as Requests") and, with a language
 * model, is passed to the prompt; any model failure keeps the offline labels.
 * Cluster ids are kept as stored; ids with no comments are not returned.
 */
export async function relabelClusters(
  stored: readonly RelabelComment[],
  deps: {
    languageModel?: LanguageModel | null;
    /** The questions to answer under the new intents, for the offline summary to name. */
    questionsOf?: (intents: readonly Intent[]) => Promise<readonly AudienceQuestion[]>;
  } = {},
  options: LabellingOptions = {},
): Promise<RelabelResult> {
  if (stored.length === 0)
    return {
      clusters: [],
      intents: [],
      intentCounts: {},
      sentiments: {},
      sentiment: aggregateSentiment([]),
      shares: {},
      labeller: 'offline',
    };
  const prepared = prepareComments(
    stored.map((c) => storedInputComment(c, c.publishedAt ?? null, null)),
    { notSpam: stored.filter((c) => c.restored).map((c) => c.id) },
  ).comments;
  const texts = prepared.map((c) => c.clean);
  const k = Math.max(0, ...stored.map((c) => c.clusterId + 1));
  const assignments = Int32Array.from(stored.map((c) => c.clusterId));
  // Intents start again from the classifier's answer stored at analysis time (made with the
  // comments' embeddings, which a retag does not recompute), not from the stored final intents:
  // those carry the previous context's rules, which a new context replaces. Analyses stored before
  // that answer was kept are classified again from their words.
  const kept = stored.map((c) => c.classifiedIntent);
  const classified = kept.every((i): i is Intent => i !== undefined)
    ? kept
    : classifyIntents(texts);
  const intents = applyContextRules(parseContextRules(options.context), texts, classified);
  // sentiment does not depend on the context: the stored one stays (very old rows are scored from words)
  const sentiments = stored.every((c) => c.sentiment !== undefined)
    ? stored.map((c) => c.sentiment!)
    : classifySentiments(texts).map((s, i) => stored[i]!.sentiment ?? s);

  const labels = labelClusters({
    comments: prepared,
    assignments,
    k,
    intents,
    sentiments,
    categorise: (list, likes) => clusterCategory(list, likes),
    names: sourceNames(options.source),
  }).filter((l) => l.members.length > 0);
  const result = labels.map((l): RelabelledCluster => ({
    cluster_id: l.clusterId,
    heading: l.heading,
    tags: l.tags,
    category: l.category,
  }));
  const measures = measureClusters(
    assignments,
    prepared.map((c) => c.likes),
    k,
  );
  const figures = {
    intentCounts: Object.fromEntries(labels.map((l) => [l.clusterId, l.intentCounts])),
    sentiments: Object.fromEntries(labels.map((l) => [l.clusterId, l.sentiment])),
    sentiment: aggregateSentiment(sentiments.filter((_, i) => fromAudience(prepared[i]!))),
    shares: sharesOf(measures, labels),
  };
  if (!deps.languageModel) {
    // the offline summary states intent counts and the questions to answer first: composed again
    // from the new ones
    const questions = deps.questionsOf ? await deps.questionsOf(intents) : undefined;
    const summary = composeOfflineSummary(
      summaryClusters({ labels, measures, comments: prepared, assignments, intents, k }),
      figures.sentiment,
      questions,
    );
    return { clusters: result, intents, ...figures, summary, labeller: 'offline' };
  }

  try {
    const answers = await generateLabels(
      deps.languageModel,
      labels.map((l) => ({
        clusterId: l.clusterId,
        percentage: measures.percentage[l.clusterId] ?? 0,
        tags: l.tags,
        category: l.category,
        sentiment: l.sentiment.label,
        comments: l.representatives.map((r) => r.text),
      })),
      promptOptions(options),
    );
    const sizes = new Map(labels.map((l) => [l.clusterId, l.members.length]));
    const merged = mergeModelLabels(
      result,
      (c) => ({ id: c.cluster_id, size: sizes.get(c.cluster_id) ?? 0 }),
      answers,
      Boolean(options.context?.trim()),
    );
    return {
      clusters: merged,
      intents,
      ...figures,
      labeller: answers.size > 0 ? deps.languageModel.name : 'offline',
    };
  } catch {
    if (options.signal?.aborted)
      throw options.signal.reason instanceof Error ? options.signal.reason : new Error('Cancelled');
    return { clusters: result, intents, ...figures, labeller: 'offline' };
  }
}
