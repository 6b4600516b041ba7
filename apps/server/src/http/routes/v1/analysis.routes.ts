import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { clearAnalyses } from '../../../services/analysis/clear-analyses';
import { deleteAnalysis } from '../../../services/analysis/delete-analysis';
import { getJobStatus } from '../../../services/analysis/get-job-status';
import { getReport } from '../../../services/analysis/get-report';
import { listAnalyses, listAnalysesPage } from '../../../services/analysis/list-analyses';
import { startAnalysis } from '../../../services/analysis/start-analysis';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';
import { analysisEventsRoute } from './analysis-events';

export { EVENTS_AUTH_MS, EVENTS_POLL_MS, EVENTS_STREAMS_PER_USER } from './analysis-events';

/**
 * POST /analyze, GET /status/:job_id, GET /status/:job_id/events (server-sent events),
 * GET /report/:video_id(?job=), GET /analyses(?limit=&before=&q=), DELETE /analyses/clear,
 * DELETE /analyses/:job_id.
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
    return getReport(deps, {
      userId: currentUser(request).id,
      videoId: video_id,
      jobId: request.query.job,
    });
  });

  // Without paging parameters the newest analyses as a list (the sidebar); with limit, before or q
  // one page of the whole history and the cursor of the next.
  handle(app, apiRoutes.analyses, async (request, reply) => {
    const { query } = request;
    const userId = currentUser(request).id;
    void reply.header('cache-control', 'no-store');
    if (query.limit === undefined && query.before === undefined && query.q === undefined)
      return listAnalyses(deps, { userId });
    return listAnalysesPage(deps, {
      userId,
      limit: query.limit ?? 20,
      before: query.before,
      q: query.q,
    });
  });

  handle(app, apiRoutes.deleteAnalysis, async (request) => {
    await deleteAnalysis(deps, { userId: currentUser(request).id, jobId: request.params.job_id });
    return { success: true as const };
  });

  handle(app, apiRoutes.clearAnalyses, async (request) => {
    const { deleted } = await clearAnalyses(deps, { userId: currentUser(request).id });
    return { success: true as const, deleted };
  });
}
