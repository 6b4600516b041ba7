import type { Intent, SentimentLabel } from '@app/contracts';

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
