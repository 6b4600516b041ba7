import { ConflictError, NotFoundError } from '../../errors';
import type { AnalysisDeps } from './analysis-deps';

/**
 * Deletes one of the user's analyses with its report and comments. Another account's job, or an
 * unknown id, is a 404; a job still running is a 409 (its credits are still held).
 */
export async function deleteAnalysis(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; jobId: string },
): Promise<void> {
  if (await deps.repos.analysisJobs.deleteFinishedForUserJob(input.userId, input.jobId)) return;
  const job = await deps.repos.analysisJobs.findById(input.jobId);
  if (!job || job.userId !== input.userId)
    throw new NotFoundError('There is no such analysis in your history.', 'analysis_not_found');
  throw new ConflictError(
    'This analysis is still running. Delete it once it has finished.',
    'analysis_running',
  );
}
