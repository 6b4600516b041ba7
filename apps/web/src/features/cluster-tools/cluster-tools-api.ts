import type { ChatReply, ClusterAnalysis, ClusterCommentsReply, RetagReply } from '@app/contracts';
import { apiRequest } from '../../lib/api-client';

/** Chat retrieves this many comments. */
export const CHAT_TOP_K = 30;
export const COMMENTS_PAGE_SIZE = 25;

/** A cluster analysis as the client reads it (sentiment may be text or an object; error optional). */
export type AnalysisResult = Partial<Omit<ClusterAnalysis, 'sentiment'>> & {
  sentiment?: string | { overall?: string; sentiment?: string } | null;
  error?: string | null;
  [key: string]: unknown;
};

/** POST /cluster/analyze: `analysis`, or the whole reply when that field is absent. */
export async function requestClusterAnalysis(
  videoId: string,
  clusterId: number,
): Promise<AnalysisResult> {
  const reply = await apiRequest<{ analysis?: AnalysisResult } | AnalysisResult | null>(
    '/api/v1/cluster/analyze',
    {
      method: 'POST',
      body: { video_id: videoId, cluster_id: clusterId },
    },
  );
  if (reply !== null && typeof reply === 'object' && 'analysis' in reply && reply.analysis) {
    return reply.analysis as AnalysisResult;
  }
  return reply ?? {};
}

export function fetchClusterComments(
  videoId: string,
  clusterId: number,
  page: number,
  signal?: AbortSignal,
): Promise<ClusterCommentsReply> {
  return apiRequest<ClusterCommentsReply>('/api/v1/cluster/comments', {
    query: { video_id: videoId, cluster_id: clusterId, page, page_size: COMMENTS_PAGE_SIZE },
    signal,
  });
}

export function askCluster(
  videoId: string,
  clusterId: number,
  message: string,
): Promise<Partial<ChatReply> | null> {
  return apiRequest<Partial<ChatReply> | null>('/api/v1/cluster/chat', {
    method: 'POST',
    body: { video_id: videoId, cluster_id: clusterId, message, top_k: CHAT_TOP_K },
  });
}

export function retagVideo(videoId: string, context: string): Promise<RetagReply> {
  return apiRequest<RetagReply>(`/api/v1/retag/${encodeURIComponent(videoId)}`, {
    method: 'POST',
    body: { context },
  });
}

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
