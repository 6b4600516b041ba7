import { z } from 'zod';
import { ANALYSIS_JOB_NAME, type AnalysisDeps } from '../services/analysis/analysis-deps';
import { processAnalysisJob } from '../services/analysis/process-analysis';
import type { Logger } from '../logger';
import { defineJob } from './job-registry';

/**
 * The job that runs one analysis (payload: the analysis job id). Its own log lines come from a
 * child logger bound to the job id (the analysis's lines carry `jobId` themselves).
 */
export function analysisJob(deps: AnalysisDeps & { logger: Logger }) {
  return defineJob({
    name: ANALYSIS_JOB_NAME,
    payloadSchema: z.object({ jobId: z.string().uuid() }),
    handle: async (payload, job, context) => {
      const log = deps.logger.child({ jobId: payload.jobId });
      const started = performance.now();
      log.info({ attempt: job.attempt }, 'analysis job started');
      try {
        await processAnalysisJob(deps, payload.jobId, {
          signal: context.signal,
          attempt: job.attempt,
        });
      } catch (error) {
        const ms = Math.round(performance.now() - started);
        log.warn({ attempt: job.attempt, ms }, 'analysis job handed back to the queue');
        throw error;
      }
      log.info(
        { attempt: job.attempt, ms: Math.round(performance.now() - started) },
        'analysis job ended',
      );
    },
  });
}
