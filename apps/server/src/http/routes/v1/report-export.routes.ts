import type { FastifyInstance } from 'fastify';
import { ExportQuerySchema, VideoIdParamsSchema } from '@app/contracts';
import { exportReport } from '../../../services/reports/export-report';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate } from '../../validate';

/** GET /report/{video_id}/export?format=csv|json|md|pdf[&job=]: the report as a download. */
export function reportExportRoutes(app: FastifyInstance): void {
  const { repos } = app.container;

  app.get('/report/:video_id/export', { preHandler: requireAuth }, async (request, reply) => {
    const { video_id } = validate(VideoIdParamsSchema, request.params);
    const query = validate(ExportQuerySchema, request.query);
    const file = await exportReport(
      { repos },
      {
        userId: currentUser(request).id,
        videoId: video_id,
        jobId: query.job,
        format: query.format,
      },
    );
    void reply.headers({
      'content-type': file.contentType,
      // the name is made of the video id and a date: nothing to escape
      'content-disposition': `attachment; filename="${file.filename}"`,
      'cache-control': 'no-store',
    });
    return reply.send(file.body);
  });
}
