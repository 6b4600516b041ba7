import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import type { InstagramDeps } from '../../../services/instagram/instagram-deps';
import {
  connectInstagramWithFacebook,
  linkInstagramWithCode,
  unlinkInstagram,
} from '../../../services/instagram/link-instagram';
import { startInstagramAnalysis } from '../../../services/instagram/start-instagram-analysis';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';
import { requestOrigin } from '../../request-origin';
import { publicConfig } from './config.routes';

/**
 * Instagram: GET /workspaces/{id}/instagram/oauth/callback?code= (Instagram Login),
 * POST /workspaces/{id}/instagram/connect (the Facebook route), DELETE /workspaces/{id}/instagram,
 * and POST /instagram/analyze?media_id=&workspace_id=. Another user's workspace is a 404.
 */
export function instagramRoutes(app: FastifyInstance): void {
  const { repos, transaction, clock, instagram, config } = app.container;
  const deps: InstagramDeps = { repos, transaction, clock, instagram };
  const analysisDeps = { ...analysisDepsFrom(app.container), instagram };

  handle(app, apiRoutes.instagramCallback, async (request, reply) => {
    const { id } = request.params;
    const { code } = request.query;
    // The redirect_uri must be the one the authorisation request used (GET /config's).
    const origin = requestOrigin(request);
    const redirectUri =
      publicConfig(config, origin).instagram?.redirect_uri ?? `${config.publicUrl ?? origin}/`;
    const result = await linkInstagramWithCode(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      code,
      redirectUri,
    });
    void reply.header('cache-control', 'no-store');
    return { success: true as const, workspace: result.workspace, instagram_posts: result.posts };
  });

  handle(app, apiRoutes.connectInstagram, async (request) => {
    const {
      params: { id },
      body: input,
    } = request;
    const result = await connectInstagramWithFacebook(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      userAccessToken: input.user_access_token,
    });
    return { success: true as const, workspace: result.workspace, instagram_posts: result.posts };
  });

  handle(app, apiRoutes.unlinkInstagram, async (request) => {
    const { id } = request.params;
    return unlinkInstagram(deps, { userId: currentUser(request).id, workspaceId: id });
  });

  handle(app, apiRoutes.analyzeInstagram, async (request) => {
    const { query } = request;
    const result = await startInstagramAnalysis(analysisDeps, {
      userId: currentUser(request).id,
      workspaceId: query.workspace_id,
      mediaId: query.media_id,
    });
    return { job_id: result.jobId };
  });
}
