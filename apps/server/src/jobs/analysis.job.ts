import { z } from 'zod';
import { ANALYSIS_JOB_NAME, type AnalysisDeps } from '../services/analysis/analysis-deps';
import { processAnalysisJob } from '../services/analysis/process-analysis';
import type { Logger } from '../logger';
import { defineJob } from './job-registry';

/** The job that runs one analysis (payload: the analysis job id). */
export function analysisJob(deps: AnalysisDeps & { logger: Logger }) {
  return defineJob({
    name: ANALYSIS_JOB_NAME,
    payloadSchema: z.object({ jobId: z.string().uuid() }),
    handle: (payload, job, context) =>
      processAnalysisJob(deps, payload.jobId, { signal: context.signal, attempt: job.attempt }),
  });
}
