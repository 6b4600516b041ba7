import { extractVideoId, platformOfVideoKey, type BatchAnalyzeReply } from '@app/contracts';
import { AppError } from '../../errors';
import type { AnalysisDeps } from '../analysis/analysis-deps';
import { startAnalysis } from '../analysis/start-analysis';
import { requireWorkspace } from './workspace-deps';

/**
 * Starts one analysis per video, one after another, so each reservation sees the balance the
 * previous one left. A video that cannot start (402 when the credits run out, a private video, a
 * missing one) gets its reason in its entry and the others still start. Each analysis is filed
 * under a workspace: the one given (it must be the user's, else 404 before anything starts), or
 * the user's workspace that holds the video, if any. A video listed twice is analysed once.
 */
export async function startBatchAnalysis(
  deps: Pick<
    AnalysisDeps,
    'repos' | 'transaction' | 'clock' | 'commentSources' | 'jobQueue' | 'analysisConfig'
  >,
  input: { userId: string; videoIds: string[]; workspaceId?: number | undefined },
): Promise<BatchAnalyzeReply> {
  const videoIds = [...new Set(input.videoIds)];
  if (input.workspaceId !== undefined)
    await requireWorkspace(deps, input.userId, input.workspaceId);
  const homes =
    input.workspaceId === undefined
      ? await deps.repos.workspaceVideos.findWorkspacesOfVideos(input.userId, videoIds)
      : null;

  const jobs: BatchAnalyzeReply['jobs'] = [];
  for (const videoId of videoIds) {
    if (platformOfVideoKey(videoId) !== 'youtube' || extractVideoId(videoId) !== videoId) {
      jobs.push({
        video_id: videoId,
        job_id: null,
        error: 'Only YouTube videos can be analyzed here; Instagram posts are analyzed one by one.',
        code: 'not_a_youtube_video',
      });
      continue;
    }
    try {
      const { jobId } = await startAnalysis(deps, {
        userId: input.userId,
        videoId,
        workspaceId: input.workspaceId ?? homes?.get(videoId) ?? null,
      });
      jobs.push({ video_id: videoId, job_id: jobId, error: null, code: null });
    } catch (error) {
      // A client-side reason belongs to this video; anything else is our failure and stops here.
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      jobs.push({ video_id: videoId, job_id: null, error: error.message, code: error.code });
    }
  }
  return { jobs };
}
