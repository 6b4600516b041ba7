import type { ClusterCommentsReply } from '@app/contracts';
import type { ClusterDeps } from './cluster-deps';
import { requireCluster, requireJob, toCommentRef, toDeepDiveComment } from './cluster-access';

/** One page of a cluster's comments (most-liked first by default); `expired: true` after retention. */
export async function listClusterComments(
  deps: Pick<ClusterDeps, 'clusters'>,
  input: {
    userId: string;
    videoId: string;
    clusterId: number;
    page: number;
    pageSize: number;
    sort: 'likes' | 'newest';
  },
): Promise<ClusterCommentsReply> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  requireCluster(job, input.clusterId);
  const base = { page: input.page, page_size: input.pageSize };
  if (job.commentsExpiredAt !== null) return { ...base, comments: [], total: 0, expired: true };
  const total = await deps.clusters.countClusterComments(job.jobId, input.clusterId);
  const rows = await deps.clusters.pageClusterComments(job.jobId, input.clusterId, {
    offset: (input.page - 1) * input.pageSize,
    limit: input.pageSize,
    sort: input.sort,
  });
  return {
    ...base,
    comments: rows.map((r) => toCommentRef(toDeepDiveComment(r))),
    total,
    expired: false,
  };
}
