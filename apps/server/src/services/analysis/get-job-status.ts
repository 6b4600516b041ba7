import type { JobStatusReply } from '@app/contracts';
import { NotFoundError } from '../../errors';
import type { AnalysisDeps } from './analysis-deps';

export const JOB_NOT_FOUND =
  'That analysis was not found. It may have been cleared from your history.';

/** The job's status for its owner; anyone else (or an unknown id) gets 404. */
export async function getJobStatus(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; jobId: string },
): Promise<JobStatusReply> {
  const job = await deps.repos.analysisJobs.findById(input.jobId);
  if (!job || job.userId !== input.userId) throw new NotFoundError(JOB_NOT_FOUND, 'job_not_found');
  return {
    job_id: job.id,
    status: job.status,
    error: job.error,
    video_id: job.videoId,
    progress_percent: Math.max(0, Math.min(100, job.progressPercent)),
    eta_seconds: job.etaSeconds === null ? null : Math.max(0, job.etaSeconds),
    reserved_credits:
      job.status === 'complete' || job.status === 'failed' ? 0 : job.reservedCredits,
  };
}
