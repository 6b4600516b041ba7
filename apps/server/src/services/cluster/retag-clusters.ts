import { relabelClusters, type AudienceQuestion } from '@app/analysis';
import type { Intent, RetagReply } from '@app/contracts';
import type { ClusterDeps } from './cluster-deps';
import { audienceQuestionsAgain, relabelCommentOf, reportQuestionsOf } from './stored-questions';
import { CommentsExpiredError, requireJob, videoOf } from './cluster-access';

/**
 * CreatorX: relabels the clusters (headings, tags, categories, per-comment intents and the clusters'
 * intent counts) of the caller's latest analysis of a video with the creator's optional context,
 * from the stored comments and assignments: no fetching, no re-embedding, no credits. The clusters'
 * figures (intent counts, hence the question count, and sentiment counts and shares) and the
 * video's sentiment are recomputed from the same comments and stored with the new intents in one
 * transaction, with the offline executive summary composed again from them (a model's summary is
 * kept). The questions to answer are worked out again from the new intents (a suggested reply is
 * kept for a question worded as before). Cached cluster deep dives are dropped (they quoted the old labels). Shares of
 * comments and likes and the representatives stay.
 */
export async function retagClusters(
  deps: Pick<ClusterDeps, 'clusters' | 'languageModel' | 'embedder'>,
  input: { userId: string; videoId: string; context: string },
): Promise<RetagReply> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();
  const rows = await deps.clusters.allJobComments(job.jobId);
  const stored = rows.map((r) => relabelCommentOf(r, r.classifiedIntent));
  // The new intents decide which comments are questions: the list is worked out again from them
  // (once; the offline summary names the first ones).
  let asked: AudienceQuestion[] | undefined;
  const questionsOf = async (intents: readonly Intent[]): Promise<AudienceQuestion[]> =>
    (asked ??= await audienceQuestionsAgain(
      deps,
      job,
      rows,
      { clusterId: (i) => rows[i]!.clusterId, intent: (i) => intents[i] },
      input.context,
    ));
  const result = await relabelClusters(
    stored,
    { languageModel: deps.languageModel, questionsOf },
    { context: input.context, source: videoOf(job) },
  );
  const byId = new Map(result.clusters.map((c) => [c.cluster_id, c]));
  const report = (job.report ?? {}) as { clusters?: { cluster_id: number }[]; labeller?: string };
  const clusters = (report.clusters ?? []).map((c) => {
    const next = byId.get(c.cluster_id);
    const counts = result.intentCounts[c.cluster_id];
    const sentiment = result.sentiments[c.cluster_id];
    return next
      ? {
          ...c,
          heading: next.heading,
          tags: next.tags,
          category: next.category,
          ...(counts ? { intent_counts: counts } : {}),
          ...(sentiment ? { sentiment } : {}),
        }
      : c;
  });
  const changedIntents = rows.flatMap((r, i) => {
    const intent = result.intents[i];
    return intent !== undefined && intent !== r.intent ? [{ position: r.position, intent }] : [];
  });
  const questions = reportQuestionsOf(await questionsOf(result.intents), rows);
  await deps.clusters.saveRetag(
    input.userId,
    job.jobId,
    { ...report, clusters, sentiment: result.sentiment, labeller: result.labeller },
    changedIntents,
    result.summary ?? null,
    questions,
  );
  return { success: true, labeller: result.labeller, clusters: result.clusters };
}
