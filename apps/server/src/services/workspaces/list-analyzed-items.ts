import { INSTAGRAM_KEY_PREFIX, type AnalyzedItem } from '@app/contracts';
import { requireWorkspace, thumbnailFor, type WorkspaceDeps } from './workspace-deps';

/**
 * The workspace's analysed videos (the Analyzed tab): each video this user analysed from the
 * workspace or that is in its catalogue, once, with its latest analysis (status, when, and the key
 * GET /report takes), newest analysis first. Clicking one loads the report of `report_video_id`.
 */
export async function listAnalyzedItems(
  deps: Pick<WorkspaceDeps, 'repos'>,
  input: { userId: string; workspaceId: number },
): Promise<AnalyzedItem[]> {
  const workspace = await requireWorkspace(deps, input.userId, input.workspaceId);
  const rows = await deps.repos.workspaceVideos.listAnalysed(input.userId, workspace.id);
  return (
    rows
      // Instagram analyses are keyed ig_<media id>; they join here with the Instagram posts.
      .filter((r) => !r.videoId.startsWith(INSTAGRAM_KEY_PREFIX))
      .map((r) => ({
        kind: 'youtube' as const,
        id: r.videoId,
        video_id: r.videoId,
        title: r.title,
        thumbnail_url: thumbnailFor(r.videoId, r.thumbnailUrl),
        report_video_id: r.videoId,
        job_id: r.jobId,
        status: r.status,
        analysed_at: r.createdAt.toISOString(),
      }))
  );
}
