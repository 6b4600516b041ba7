import type { FastifyInstance } from 'fastify';
import { apiRoutes } from '@app/contracts';
import { analysisDepsFrom } from '../../../services/analysis/analysis-deps';
import { createWorkspace } from '../../../services/workspaces/create-workspace';
import { deleteWorkspace } from '../../../services/workspaces/delete-workspace';
import { linkChannel } from '../../../services/workspaces/link-channel';
import { listAddedVideoIds } from '../../../services/workspaces/list-added-video-ids';
import { listAnalyzedItems } from '../../../services/workspaces/list-analyzed-items';
import { listWorkspacePosts } from '../../../services/workspaces/list-workspace-posts';
import { listWorkspaceVideos } from '../../../services/workspaces/list-workspace-videos';
import { listWorkspaces } from '../../../services/workspaces/list-workspaces';
import { startBatchAnalysis } from '../../../services/workspaces/start-batch-analysis';
import { syncAndAutoAnalyze } from '../../../services/workspaces/auto-analysis-sync';
import { listAutoAnalyses } from '../../../services/workspaces/list-auto-analyses';
import { toggleWorkspaceVideos } from '../../../services/workspaces/toggle-workspace-videos';
import { unlinkChannel } from '../../../services/workspaces/unlink-channel';
import { updateWorkspace } from '../../../services/workspaces/update-workspace';
import type { WorkspaceDeps } from '../../../services/workspaces/workspace-deps';
import { handle } from '../../contract-route';
import { currentUser } from '../../plugins/auth';

/**
 * Workspaces: GET/POST /workspaces, PATCH/DELETE /workspaces/{id} (name, auto-analysis),
 * GET /workspaces/{id}/auto-analyses, POST /workspaces/{id}/link-channel,
 * DELETE /workspaces/{id}/channel, GET /workspaces/{id}/videos[?added_only=true],
 * POST /workspaces/{id}/videos/toggle, POST /workspaces/{id}/sync (then auto-analysis), GET /workspaces/{id}/posts,
 * GET /workspaces/{id}/analyzed, and POST /analyses/batch. Another user's workspace is a 404.
 */
export function workspacesRoutes(app: FastifyInstance): void {
  const { repos, transaction, clock, channelDirectory, instagram } = app.container;
  const deps: WorkspaceDeps = { repos, transaction, clock, channelDirectory, instagram };
  const analysisDeps = analysisDepsFrom(app.container);

  handle(app, apiRoutes.workspaces, async (request, reply) => {
    const items = await listWorkspaces(deps, { userId: currentUser(request).id });
    void reply.header('cache-control', 'no-store');
    return items;
  });

  handle(app, apiRoutes.createWorkspace, async (request) => {
    const input = request.body;
    const workspace = await createWorkspace(deps, {
      userId: currentUser(request).id,
      name: input.name,
    });
    return workspace;
  });

  handle(app, apiRoutes.updateWorkspace, async (request) => {
    const {
      params: { id },
      body,
    } = request;
    return updateWorkspace(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      changes: body,
    });
  });

  handle(app, apiRoutes.workspaceAutoAnalyses, async (request, reply) => {
    const { id } = request.params;
    void reply.header('cache-control', 'no-store');
    return listAutoAnalyses(deps, { userId: currentUser(request).id, workspaceId: id });
  });

  handle(app, apiRoutes.deleteWorkspace, async (request) => {
    const { id } = request.params;
    await deleteWorkspace(deps, { userId: currentUser(request).id, workspaceId: id });
    return { success: true as const };
  });

  handle(app, apiRoutes.linkChannel, async (request) => {
    const {
      params: { id },
      body: input,
    } = request;
    const workspace = await linkChannel(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      channelId: input.channel_id,
    });
    return workspace;
  });

  handle(app, apiRoutes.unlinkChannel, async (request) => {
    const { id } = request.params;
    const workspace = await unlinkChannel(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    return workspace;
  });

  handle(app, apiRoutes.workspaceVideos, async (request, reply) => {
    const {
      params: { id },
      query,
    } = request;
    const input = { userId: currentUser(request).id, workspaceId: id };
    void reply.header('cache-control', 'no-store');
    if (query.added_only) return listAddedVideoIds(deps, input);
    return listWorkspaceVideos(deps, input);
  });

  handle(app, apiRoutes.toggleVideos, async (request) => {
    const {
      params: { id },
      body: input,
    } = request;
    const { added } = await toggleWorkspaceVideos(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
      videoIds: input.video_ids,
      isAdded: input.is_added,
    });
    return { success: true as const, added };
  });

  handle(app, apiRoutes.syncWorkspace, async (request) => {
    const { id } = request.params;
    const result = await syncAndAutoAnalyze(
      { ...deps, ...analysisDeps },
      { userId: currentUser(request).id, workspaceId: id },
    );
    return {
      success: true as const,
      youtube_videos: result.youtubeVideos,
      instagram_posts: result.instagramPosts,
    };
  });

  handle(app, apiRoutes.workspacePosts, async (request, reply) => {
    const { id } = request.params;
    const posts = await listWorkspacePosts(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    void reply.header('cache-control', 'no-store');
    return posts;
  });

  handle(app, apiRoutes.workspaceAnalyzed, async (request, reply) => {
    const { id } = request.params;
    const items = await listAnalyzedItems(deps, {
      userId: currentUser(request).id,
      workspaceId: id,
    });
    void reply.header('cache-control', 'no-store');
    return items;
  });

  handle(app, apiRoutes.batchAnalyze, async (request) => {
    const input = request.body;
    return startBatchAnalysis(analysisDeps, {
      userId: currentUser(request).id,
      videoIds: input.video_ids,
      workspaceId: input.workspace_id,
    });
  });
}
