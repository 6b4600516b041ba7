import { z } from 'zod';
import { checkAlertsAfterAnalysis } from '../services/alerts/check-alerts';
import { storeThemeVectors } from '../services/insights/get-workspace-insights';
import { ANALYSIS_JOB_NAME, type AnalysisDeps } from '../services/analysis/analysis-deps';
import { processAnalysisJob } from '../services/analysis/process-analysis';
import { noopMailer } from '../providers/mail/mailer.port';
import type { Logger } from '../logger';
import { defineJob } from './job-registry';

/**
 * The job that runs one analysis (payload: the analysis job id). Its own log lines come from a
 * child logger bound to the job id (the analysis's lines carry `jobId` themselves). Once the run
 * completed the job, the alert rules it may fire are checked and the report's theme vectors are
 * stored for workspace insights; a failure there is logged and never fails the analysis.
 */
export function analysisJob(deps: AnalysisDeps & { logger: Logger }) {
  return defineJob({
    name: ANALYSIS_JOB_NAME,
    payloadSchema: z.object({ jobId: z.string().uuid() }),
    handle: async (payload, job, context) => {
      const log = deps.logger.child({ jobId: payload.jobId });
      const started = performance.now();
      log.info({ attempt: job.attempt }, 'analysis job started');
      let completed: boolean;
      try {
        completed = await processAnalysisJob(deps, payload.jobId, {
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
      if (completed) {
        try {
          await checkAlertsAfterAnalysis(
            { ...deps, mailer: deps.mailer ?? noopMailer, logger: log },
            payload.jobId,
          );
        } catch (err) {
          log.error({ err }, 'checking the alert rules failed; the analysis is complete');
        }
        try {
          await storeThemeVectors(deps, payload.jobId);
        } catch (err) {
          log.warn({ err }, 'storing the theme vectors failed; insights will embed them');
        }
      }
    },
  });
}
