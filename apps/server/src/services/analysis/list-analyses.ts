import { defaultThumbnailUrl, type AnalysisHistoryItem } from '@app/contracts';
import type { AnalysisDeps } from './analysis-deps';

/** The user's analyses, newest first (the sidebar shows the first five). */
export async function listAnalyses(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; limit?: number },
): Promise<AnalysisHistoryItem[]> {
  const jobs = await deps.repos.analysisJobs.listForUser(input.userId, input.limit ?? 100);
  return jobs.map((j) => ({
    job_id: j.id,
    video_id: j.videoId,
    title: j.title,
    thumbnail_url: j.thumbnailUrl ?? defaultThumbnailUrl(j.videoId),
    created_at: j.createdAt.toISOString(),
    status: j.status,
  }));
}
