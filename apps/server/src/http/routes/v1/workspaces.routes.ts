import type { FastifyInstance } from 'fastify';
import {
  AddedVideoIdsReplySchema,
  AnalyzedReplySchema,
  BatchAnalyzeReplySchema,
  BatchAnalyzeRequestSchema,
  CreateWorkspaceRequestSchema,
  DeleteWorkspaceReplySchema,
  LinkChannelRequestSchema,
  PostsReplySchema,
  RenameWorkspaceRequestSchema,
  SyncReplySchema,
  ToggleVideosReplySchema,
  ToggleVideosRequestSchema,
  WorkspaceParamsSchema,
  WorkspaceSchema,
  WorkspacesReplySchema,
  WorkspaceVideosQuerySchema,
  WorkspaceVideosReplySchema,
} from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { createWorkspace } from '../../../services/workspaces/create-workspace';
import { deleteWorkspace } from '../../../services/workspaces/delete-workspace';
import { linkChannel } from '../../../services/workspaces/link-channel';
import { listAddedVideoIds } from '../../../services/workspaces/list-added-video-ids';
import { listAnalyzedItems } from '../../../services/workspaces/list-analyzed-items';
import { listWorkspacePosts } from '../../../services/workspaces/list-workspace-posts';
import { listWorkspaceVideos } from '../../../services/workspaces/list-workspace-videos';
import { listWorkspaces } from '../../../services/workspaces/list-workspaces';
import { renameWorkspace } from '../../../services/workspaces/rename-workspace';
import { startBatchAnalysis } from '../../../services/workspaces/start-batch-analysis';
import { syncWorkspace } from '../../../services/workspaces/sync-workspace';
import { toggleWorkspaceVideos } from '../../../services/workspaces/toggle-workspace-videos';
import { unlinkChannel } from '../../../services/workspaces/unlink-channel';
import type { WorkspaceDeps } from '../../../services/workspaces/workspace-deps';
import { currentUser, requireAuth } from '../../plugins/auth';
import { validate, validateReply } from '../../validate';

/**
 * Workspaces: GET/POST /workspaces, PATCH/DELETE /workspaces/{id}, POST /workspaces/{id}/link-channel,
 * DELETE /workspaces/{id}/channel, GET /workspaces/{id}/videos[?added_only=true],
 * POST /workspaces/{id}/videos/toggle, POST /workspaces/{id}/sync, GET /workspaces/{id}/posts,
 * GET /workspaces/{id}/analyzed, and POST /analyses/batch. Another user's workspace is a 404.
 */
export function workspacesRoutes(app: FastifyInstance): void {
  const { repos, transaction, clock, channelDirectory, instagram } = app.container;
  const deps: WorkspaceDeps = { repos, transaction, clock, channelDirectory, instagram };
  const analysisDeps = analysisDepsFrom(app.container);
  const auth = { preHandler: requireAuth };

  app.get('/workspaces', auth, async (request, reply) => {
    const items = await listWorkspaces(deps, { userId: currentUser(request).id });
    void reply.header('cache-control', 'no-store');
    return validateReply(WorkspacesReplySchema, items);
  });

  app.post('/workspaces', auth, async (request, reply) => {
    const input = validate(CreateWorkspaceRequestSchema, request.body ?? {});
    const workspace = await createWorkspace(deps, {
      userId: currentUser(request).id,
      name: input.name,
    });
    return reply.status(201).send(validateReply(WorkspaceSchema, workspace));
  });

  app.patch('/workspaces/:id', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const input = validate(RenameWorkspaceRequestSchema, request.body ?? {});
    const workspace = await renameWorkspace(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      name: input.name,
    });
    return validateReply(WorkspaceSchema, workspace);
  });

  app.delete('/workspaces/:id', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    await deleteWorkspace(deps, { userId: currentUser(request).id, workspaceId: id });
    return validateReply(DeleteWorkspaceReplySchema, { success: true });
  });

  app.post('/workspaces/:id/link-channel', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const input = validate(LinkChannelRequestSchema, request.body ?? {});
    const workspace = await linkChannel(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      channelId: input.channel_id,
    });
    return validateReply(WorkspaceSchema, workspace);
  });

  app.delete('/workspaces/:id/channel', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const workspace = await unlinkChannel(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    return validateReply(WorkspaceSchema, workspace);
  });

  app.get('/workspaces/:id/videos', auth, async (request, reply) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const query = validate(WorkspaceVideosQuerySchema, request.query);
    const input = { userId: currentUser(request).id, workspaceId: id };
    void reply.header('cache-control', 'no-store');
    if (query.added_only)
      return validateReply(AddedVideoIdsReplySchema, await listAddedVideoIds(deps, input));
    return validateReply(WorkspaceVideosReplySchema, await listWorkspaceVideos(deps, input));
  });

  app.post('/workspaces/:id/videos/toggle', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const input = validate(ToggleVideosRequestSchema, request.body ?? {});
    const { added } = await toggleWorkspaceVideos(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      videoIds: input.video_ids,
      isAdded: input.is_added,
    });
    return validateReply(ToggleVideosReplySchema, { success: true, added });
  });

  app.post('/workspaces/:id/sync', auth, async (request) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const result = await syncWorkspace(deps, { userId: currentUser(request).id, workspaceId: id });
    return validateReply(SyncReplySchema, {
      success: true,
      youtube_videos: result.youtubeVideos,
      instagram_posts: result.instagramPosts,
    });
  });

  app.get('/workspaces/:id/posts', auth, async (request, reply) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const posts = await listWorkspacePosts(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    void reply.header('cache-control', 'no-store');
    return validateReply(PostsReplySchema, posts);
  });

  app.get('/workspaces/:id/analyzed', auth, async (request, reply) => {
    const { id } = validate(WorkspaceParamsSchema, request.params);
    const items = await listAnalyzedItems(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    void reply.header('cache-control', 'no-store');
    return validateReply(AnalyzedReplySchema, items);
  });

  app.post('/analyses/batch', auth, async (request) => {
    const input = validate(BatchAnalyzeRequestSchema, request.body ?? {});
    const result = await startBatchAnalysis(analysisDeps, {
      userId: currentUser(request).id,
      videoIds: input.video_ids,
      workspaceId: input.workspace_id,
    });
    return validateReply(BatchAnalyzeReplySchema, result);
  });
}
