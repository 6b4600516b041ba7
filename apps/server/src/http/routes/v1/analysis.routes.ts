import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { clearAnalyses } from '../../../services/analysis/clear-analyses';
import { getJobStatus } from '../../../services/analysis/get-job-status';
import { getReport } from '../../../services/analysis/get-report';
import { listAnalyses } from '../../../services/analysis/list-analyses';
import { startAnalysis } from '../../../services/analysis/start-analysis';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';
import { analysisEventsRoute } from './analysis-events';

export { EVENTS_AUTH_MS, EVENTS_POLL_MS, EVENTS_STREAMS_PER_USER } from './analysis-events';

/**
 * POST /analyze, GET /status/:job_id, GET /status/:job_id/events (server-sent events),
 * GET /report/:video_id, GET /analyses, DELETE /analyses/clear.
 */
export function analysisRoutes(app: FastifyInstance): void {
  const deps = analysisDepsFrom(app.container);
  analysisEventsRoute(app, deps);

  handle(app, apiRoutes.analyze, async (request) => {
    const { query } = request;
    const result = await startAnalysis(deps, {
      userId: currentUser(request).id,
      videoUrl: query.video_url,
      videoId: query.video_id,
    });
    return { job_id: result.jobId };
  });

  handle(app, apiRoutes.jobStatus, async (request, reply) => {
    const { job_id } = request.params;
    const status = await getJobStatus(deps, { userId: currentUser(request).id, jobId: job_id });
    void reply.header('cache-control', 'no-store');
    return status;
  });

  handle(app, apiRoutes.report, async (request) => {
    const { video_id } = request.params;
    return getReport(deps, { userId: currentUser(request).id, videoId: video_id });
  });

  handle(app, apiRoutes.analyses, async (request, reply) => {
    const items = await listAnalyses(deps, { userId: currentUser(request).id });
    void reply.header('cache-control', 'no-store');
    return items;
  });

  handle(app, apiRoutes.clearAnalyses, async (request) => {
    const { deleted } = await clearAnalyses(deps, { userId: currentUser(request).id });
    return { success: true as const, deleted };
  });
}
