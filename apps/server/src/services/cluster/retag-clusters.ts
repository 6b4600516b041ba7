import { relabelClusters, type RelabelComment } from '@app/analysis';
import { IntentSchema, SentimentLabelSchema, type RetagReply } from '@app/contracts';
import type { ClusterDeps } from './cluster-deps';
import { CommentsExpiredError, requireJob } from './cluster-access';

/**
 * CreatorX: relabels the clusters (headings, tags, categories) of the caller's latest analysis of a
 * video with the creator's optional context, from the stored comments and assignments: no fetching,
 * no re-embedding, no credits. The report keeps everything else (shares, sentiment, representatives).
 */
export async function retagClusters(
  deps: Pick<ClusterDeps, 'clusters' | 'languageModel'>,
  input: { userId: string; videoId: string; context: string },
): Promise<RetagReply> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();
  const rows = await deps.clusters.allJobComments(job.jobId);
  const stored: RelabelComment[] = rows.map((r) => {
    const intent = IntentSchema.safeParse(r.intent);
    const label = SentimentLabelSchema.safeParse(r.sentimentLabel);
    return {
      id: r.commentId,
      text: r.text,
      likes: r.likeCount,
      author: r.author,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      clusterId: r.clusterId,
      intent: intent.success ? intent.data : undefined,
      sentiment: label.success ? { score: r.sentimentScore, label: label.data } : undefined,
    };
  });
  const result = await relabelClusters(
    stored,
    { languageModel: deps.languageModel },
    { context: input.context },
  );
  const byId = new Map(result.clusters.map((c) => [c.cluster_id, c]));
  const report = (job.report ?? {}) as { clusters?: { cluster_id: number }[]; labeller?: string };
  const clusters = (report.clusters ?? []).map((c) => {
    const next = byId.get(c.cluster_id);
    return next ? { ...c, heading: next.heading, tags: next.tags, category: next.category } : c;
  });
  await deps.clusters.replaceReport(input.userId, job.jobId, {
    ...report,
    clusters,
    labeller: result.labeller,
  });
  return { success: true, labeller: result.labeller, clusters: result.clusters };
}
