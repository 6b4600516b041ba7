import type { Intent, SentimentCounts, SentimentLabel } from '@app/contracts';

/** A stored comment of one cluster, as the deep dive reads it. */
export interface DeepDiveComment {
  id: string;
  text: string;
  likes: number;
  author: string | null;
  /** ISO date-time or null. */
  publishedAt: string | null;
  /** Stored per-comment polarity in [-1, 1], or null when unknown. */
  sentimentScore: number | null;
  /** Stored per-comment sentiment label; when absent the polarity's sign decides. */
  sentimentLabel?: SentimentLabel | null;
  /** Stored intent (Request, Question, Criticism, Praise, Opinion), when known. */
  intent?: Intent | null;
}

/**
 * A cluster's figures as the report stores them, computed once when the report was made (and again
 * by a retag): the deep analysis and the chat state these, never a count of their own.
 */
export interface ClusterFigures {
  /** Comments in the cluster. */
  size: number;
  /** Likes of its comments in total. */
  likes: number;
  /** Comments whose intent is Question (the report's `intent_counts.Question`). */
  questionCount: number;
  /** The report's sentiment label of the cluster. */
  sentiment: SentimentLabel;
  /** Positive, neutral and negative comments; they sum to `size`. */
  sentimentCounts: SentimentCounts;
}

/** The offline (or validated LLM) per-cluster analysis. */
export interface ClusterDeepAnalysis {
  summary: string;
  keyThemes: string[];
  topQuestions: string[];
  sentiment: SentimentLabel;
}

/** One retrieved comment with its relevance to a question. */
export interface RetrievedComment {
  comment: DeepDiveComment;
  /** Combined relevance (cosine similarity plus keyword overlap), higher is closer. */
  score: number;
  /** Why it was picked: close to the question, or among the most-liked. */
  reason: 'similar' | 'most-liked';
}
