import type { FastifyInstance } from 'fastify';
import {
  AnalyzeReplySchema,
  InstagramAnalyzeQuerySchema,
  InstagramCallbackQuerySchema,
  InstagramConnectRequestSchema,
  InstagramLinkReplySchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
} from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import type { InstagramDeps } from '../../../services/instagram/instagram-deps';
import {
  connectInstagramWithFacebook,
  linkInstagramWithCode,
  unlinkInstagram,
} from '../../../services/instagram/link-instagram';
import { startInstagramAnalysis } from '../../../services/instagram/start-instagram-analysis';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';
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
  const auth = { preHandler: requireAuth };

  app.get('/workspaces/:id/instagram/oauth/callback', auth, async (request, reply) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const { code } = validate(InstagramCallbackQuerySchema, request.query);
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
    return validateReply(InstagramLinkReplySchema, {
      success: true,
      workspace: result.workspace,
      instagram_posts: result.posts,
    });
  });

  app.post('/workspaces/:id/instagram/connect', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const input = validate(InstagramConnectRequestSchema, request.body ?? {});
    const result = await connectInstagramWithFacebook(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      userAccessToken: input.user_access_token,
    });
    return validateReply(InstagramLinkReplySchema, {
      success: true,
      workspace: result.workspace,
      instagram_posts: result.posts,
    });
  });

  app.delete('/workspaces/:id/instagram', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const workspace = await unlinkInstagram(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    return validateReply(WorkspaceSchema, workspace);
  });

  app.post('/instagram/analyze', auth, async (request) => {
    const query = validate(InstagramAnalyzeQuerySchema, request.query);
    const result = await startInstagramAnalysis(analysisDeps, {
      userId: currentUser(request).id,
      workspaceId: query.workspace_id,
      mediaId: query.media_id,
    });
    return validateReply(AnalyzeReplySchema, { job_id: result.jobId });
  });
}
