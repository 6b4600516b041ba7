import type { ClusterAnalysis } from '@app/contracts';

/** Chat retrieves this many comments. */
export const CHAT_TOP_K = 30;
export const COMMENTS_PAGE_SIZE = 25;

/** A cluster analysis as the client reads it (sentiment may be text or an object; error optional). */
export type AnalysisResult = Partial<Omit<ClusterAnalysis, 'sentiment'>> & {
  sentiment?: string | { overall?: string; sentiment?: string } | null;
  error?: string | null;
  [key: string]: unknown;
};

/** The sentiment shown on the badge: text, or an object's `overall` / `sentiment` field. */
export function sentimentText(value: AnalysisResult['sentiment']): string | null {
  if (typeof value === 'string') return value || null;
  if (value && typeof value === 'object') return value.overall ?? value.sentiment ?? null;
  return null;
}

export const MESSAGES = {
  analyzing: 'Analyzing…',
  analyzeAlert: 'Unable to analyze this cluster right now.',
  thinking: 'Thinking…',
  chatPlaceholder: 'Ask about this cluster…',
  chatFailed: 'Sorry, I could not answer right now.',
  noAnswer: 'No answer',
  retagFailed: 'CreatorX retagging failed. Please try again.',
  refining: 'Refining…',
  expired:
    'These comments were deleted after the 30-day retention period. Run the analysis of this video again to see them.',
} as const;
