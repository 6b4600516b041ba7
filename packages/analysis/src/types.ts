import type { Intent, SentimentLabel } from '@app/contracts';

/** One comment as it enters the pipeline (from a file, the YouTube API, Instagram...). */
export interface InputComment {
  id: string;
  text: string;
  likes: number;
  author: string | null;
  /** ISO date-time or null. */
  publishedAt: string | null;
  replyCount: number;
  /** The thread's top-level comment id for replies, else null. */
  parentId: string | null;
  /** Posted by the video's own channel (never spam; optional, unknown when absent). */
  byCreator?: boolean;
}

/** A comment after preparation (clean text, duplicate and spam flags). */
export interface PreparedComment extends InputComment {
  /** Text with HTML and entities removed, whitespace collapsed; emoji kept. */
  clean: string;
  /** Index of the first comment this one duplicates (exact or near), else null. */
  duplicateOf: number | null;
  spam: boolean;
}

/**
 * The person a cluster's heading names instead of a topic: the one its requests or questions are
 * put to ("Requests to Derek"), or, `advised`, the one its suggestions are for ("Suggestions for Mike").
 */
export interface HeadingPerson {
  name: string;
  advised: boolean;
}

/** Where the comments come from (a video's title and channel); either part may be unknown. */
export interface CommentSourceText {
  /** The video's (or post's) title. */
  title?: string | null;
  /** The channel's (or account's) display name. */
  channel?: string | null;
}

export interface Sentiment {
  /** Polarity in [-1, 1]. */
  score: number;
  label: SentimentLabel;
}

export interface CommentResult {
  id: string;
  /** The comment's cluster, or SET_ASIDE (-1) for spam, which is in no cluster. */
  clusterId: number;
  intent: Intent;
  /** The classifier's intent before the creator's context rules (a retag starts again from it). */
  classifiedIntent: Intent;
  sentiment: Sentiment;
  /** Spam, a scam, self-promotion or bot copy-paste (prepare step); never the creator's own. */
  spam: boolean;
}

export type AnalysisStage = 'preparing' | 'embedding' | 'discovering' | 'labelling' | 'summarising';

export interface StageProgress {
  stage: AnalysisStage;
  /** 0..1 within the stage. */
  fraction: number;
}
