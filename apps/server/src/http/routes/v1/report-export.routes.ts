import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { exportReport } from '../../../services/reports/export-report';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/** GET /report/{video_id}/export?format=csv|json|md|pdf[&job=]: the report as a download. */
export function reportExportRoutes(app: FastifyInstance): void {
  const { repos } = app.container;

  handle(app, apiRoutes.exportReport, async (request, reply) => {
    const file = await exportReport(
      { repos },
      {
        userId: currentUser(request).id,
        videoId: request.params.video_id,
        jobId: request.query.job,
        format: request.query.format,
      },
    );
    void reply.header('cache-control', 'no-store');
    return file;
  });
}
