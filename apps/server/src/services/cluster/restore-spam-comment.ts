import { nearestCluster, relabelClusters } from '@app/analysis';
import { audienceQuestionsAgain, relabelCommentOf, reportQuestionsOf } from './stored-questions';
import { ReportBodySchema, type Cluster, type RestoreSpamReply } from '@app/contracts';
import { ConflictError, NotFoundError } from '../../errors';
import { SET_ASIDE_CLUSTER } from '../../repositories/comment.repository';
import type { ClusterDeps } from './cluster-deps';
import { CommentsExpiredError, requireJob, videoOf } from './cluster-access';

/** Comments per cluster whose vectors stand for it when a restored comment picks its cluster. */
const SAMPLE_PER_CLUSTER = 24;
/** Enough of a comment for its meaning. */
const EMBED_CHARS = 1000;

type JobComment = Awaited<ReturnType<ClusterDeps['clusters']['allJobComments']>>[number];

/**
 * The cluster a restored comment joins: the one whose comments (a sample of each, its most-liked
 * audience comments) are closest in meaning to it. Without vectors (the embedder failed) it joins
 * the largest cluster; with no cluster at all it makes cluster 0.
 */
async function chooseCluster(
  deps: Pick<ClusterDeps, 'embedder' | 'vectorCache' | 'logger'>,
  jobId: string,
  rows: readonly JobComment[],
  text: string,
): Promise<number> {
  const members = new Map<number, JobComment[]>();
  for (const r of rows)
    if (r.clusterId !== SET_ASIDE_CLUSTER && r.clusterId >= 0)
      members.set(r.clusterId, [...(members.get(r.clusterId) ?? []), r]);
  if (members.size === 0) return 0;
  const largest = [...members].sort((a, b) => b[1].length - a[1].length || a[0] - b[0])[0]![0];
  try {
    const samples = new Map<number, Float32Array[]>();
    for (const [id, list] of members) {
      const audience = list.filter((r) => !r.byCreator);
      const sample = (audience.length > 0 ? audience : list)
        .slice()
        .sort((a, b) => b.likeCount - a.likeCount || a.position - b.position)
        .slice(0, SAMPLE_PER_CLUSTER);
      const key = `${jobId}:restore:${id}:${sample.map((r) => r.position).join(',')}:${deps.embedder.name}`;
      samples.set(
        id,
        await deps.vectorCache.get(key, () =>
          deps.embedder.embed(sample.map((r) => r.text.slice(0, EMBED_CHARS))),
        ),
      );
    }
    const [vector] = await deps.embedder.embed([text.slice(0, EMBED_CHARS)]);
    return (vector ? nearestCluster(vector, samples) : null) ?? largest;
  } catch (err) {
    deps.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'spam restore: embedding failed, the comment joins the largest cluster',
    );
    return largest;
  }
}

/**
 * The creator says a comment set aside as spam is not spam: it joins the cluster closest in
 * meaning, and the report is recomputed from the stored comments as a retag does (no fetching,
 * no re-embedding of the analysis, no credits, no language model): every cluster's size, likes,
 * shares of comments and likes (summing to 100 over the clustered comments), sentiment and
 * intent counts, the video's sentiment and the set-aside count. An offline report's headings,
 * tags, categories and executive summary are composed again from them; a model's are kept.
 * Stored in one transaction with the comment's move; cached cluster deep dives are dropped.
 */
export async function restoreSpamComment(
  deps: Pick<ClusterDeps, 'clusters' | 'embedder' | 'vectorCache' | 'logger'> & {
    now: () => Date;
  },
  input: { userId: string; videoId: string; commentId: string },
): Promise<RestoreSpamReply> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();
  const target = await deps.clusters.findSetAside(job.jobId, input.commentId);
  if (target === null)
    throw new NotFoundError(
      'This comment is not set aside as spam in this report. Reload the report to see the current list.',
      'spam_comment_not_found',
    );
  const report = ReportBodySchema.parse(job.report);
  const rows = await deps.clusters.allJobComments(job.jobId);
  const setAsideBefore = rows.filter((r) => r.clusterId === SET_ASIDE_CLUSTER).length;
  const clusterId = await chooseCluster(deps, job.jobId, rows, target.text);

  // the stored intents (with any retag's rules applied) stay as they are
  const stored = rows.map((r) =>
    relabelCommentOf(r, r.intent, r.position === target.position ? clusterId : undefined),
  );
  // a restored question joins the questions to answer (a free action asks no model for replies;
  // a question worded as before keeps its reply); the offline summary names the first ones
  const asked = await audienceQuestionsAgain(
    { embedder: deps.embedder, languageModel: null },
    job,
    rows,
    {
      clusterId: (i) => (rows[i]!.position === target.position ? clusterId : rows[i]!.clusterId),
      intent: () => undefined,
    },
  );
  const result = await relabelClusters(
    stored,
    { questionsOf: () => Promise.resolve(asked) },
    { source: videoOf(job) },
  );
  const offline = report.labeller === 'offline';
  const labels = new Map(result.clusters.map((c) => [c.cluster_id, c]));
  const refigured = (c: Cluster): Cluster => {
    const shares = result.shares[c.cluster_id];
    const label = labels.get(c.cluster_id);
    return {
      ...c,
      ...(offline && label
        ? { heading: label.heading, tags: label.tags, category: label.category }
        : {}),
      ...(shares ?? {}),
      ...(result.sentiments[c.cluster_id] ? { sentiment: result.sentiments[c.cluster_id]! } : {}),
      ...(result.intentCounts[c.cluster_id]
        ? { intent_counts: result.intentCounts[c.cluster_id]! }
        : {}),
    };
  };
  const clusters = report.clusters.map(refigured);
  if (!clusters.some((c) => c.cluster_id === clusterId)) {
    // the report had no cluster left (every comment was spam): the restored comment starts one
    const label = labels.get(clusterId);
    const moved = rows.find((r) => r.position === target.position)!;
    clusters.push(
      refigured({
        cluster_id: clusterId,
        heading: label?.heading ?? '',
        tags: label?.tags ?? [],
        category: label?.category ?? 'Opinion',
        percentage: 100,
        engagement_percentage: 100,
        size: 1,
        like_count: moved.likeCount,
        sentiment: result.sentiment,
        intent_counts: { Request: 0, Praise: 0, Criticism: 0, Question: 0, Opinion: 0 },
        representatives: [
          {
            id: moved.commentId,
            text: moved.text,
            author: moved.author,
            like_count: moved.likeCount,
            published_at: moved.publishedAt?.toISOString() ?? null,
          },
        ],
      }),
    );
  }
  const questions = reportQuestionsOf(asked, rows);
  const saved = await deps.clusters.saveRestore({
    userId: input.userId,
    jobId: job.jobId,
    position: target.position,
    clusterId,
    setAsideBefore,
    restoredAt: deps.now(),
    report: {
      ...report,
      clusters,
      sentiment: result.sentiment,
      spam_comments: Math.max(0, report.spam_comments - 1),
      set_aside_comments: setAsideBefore - 1,
    },
    executiveSummary: offline && result.summary ? result.summary : null,
    questions,
  });
  if (!saved)
    throw new ConflictError(
      'This report changed while the comment was being restored. Reload the report and try again.',
      'report_changed',
    );
  const joined = clusters.find((c) => c.cluster_id === clusterId);
  return { success: true, cluster_id: clusterId, heading: joined?.heading ?? '' };
}
