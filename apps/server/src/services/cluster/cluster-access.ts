import type { ClusterFigures, CommentSourceText, DeepDiveComment } from '@app/analysis';
import { ClusterSchema, IntentSchema, SentimentLabelSchema } from '@app/contracts';
import { AppError, NotFoundError } from '../../errors';
import type {
  ClusterAnalysisRepository,
  ClusterCommentRow,
  DeepDiveJob,
} from '../../repositories/cluster-analysis.repository';

/** 410: the raw comments were purged after the retention window. */
export class CommentsExpiredError extends AppError {
  constructor() {
    super(
      410,
      'comments_expired',
      'The comments of this analysis were deleted after the retention period. Run the analysis again to work with them.',
    );
  }
}

/** The video the analysis was of, as the model prompts and the labeller take it. */
export function videoOf(job: DeepDiveJob): CommentSourceText {
  return { title: job.title, channel: job.channelTitle };
}

/** The caller's latest finished analysis of the video; 404 when there is none (or it is someone else's). */
export async function requireJob(
  repo: ClusterAnalysisRepository,
  userId: string,
  videoId: string,
): Promise<DeepDiveJob> {
  const job = await repo.findLatestCompletedJob(userId, videoId);
  if (job === null) {
    throw new NotFoundError(
      'No finished analysis of this video was found. Analyze the video first.',
      'analysis_not_found',
    );
  }
  return job;
}

/** What the deep dive reads of a stored cluster: its heading and its stored figures. */
export interface ClusterLabel {
  clusterId: number;
  heading: string;
  figures: ClusterFigures;
}

/**
 * The cluster with that id in the stored report; 404 when the report has no such cluster. Its
 * figures are the ones the report stored (the deep analysis and the chat count nothing themselves).
 */
export function requireCluster(job: DeepDiveJob, clusterId: number): ClusterLabel {
  const clusters = (job.report as { clusters?: unknown } | null)?.clusters;
  const raw = Array.isArray(clusters)
    ? (clusters as unknown[]).find(
        (c) => (c as { cluster_id?: unknown } | null)?.cluster_id === clusterId,
      )
    : undefined;
  if (raw === undefined)
    throw new NotFoundError(`This analysis has no cluster ${clusterId}.`, 'cluster_not_found');
  const cluster = ClusterSchema.parse(raw);
  return {
    clusterId,
    heading: cluster.heading !== '' ? cluster.heading : `Cluster ${clusterId}`,
    figures: {
      size: cluster.size,
      likes: cluster.like_count,
      questionCount: cluster.intent_counts.Question ?? 0,
      sentiment: cluster.sentiment.label,
      sentimentCounts: cluster.sentiment.counts,
    },
  };
}

/** A stored comment row as the deep-dive core reads it. */
export function toDeepDiveComment(row: ClusterCommentRow): DeepDiveComment {
  return {
    id: row.commentId,
    text: row.text,
    likes: row.likeCount,
    author: row.author,
    publishedAt: row.publishedAt?.toISOString() ?? null,
    sentimentScore: Number.isFinite(row.sentimentScore) ? row.sentimentScore : null,
    sentimentLabel: SentimentLabelSchema.safeParse(row.sentimentLabel).data ?? null,
    intent: IntentSchema.safeParse(row.intent).data ?? null,
  };
}

/** The contract's CommentRef for a comment. */
export function toCommentRef(c: DeepDiveComment) {
  return {
    id: c.id,
    text: c.text,
    author: c.author,
    like_count: c.likes,
    published_at: c.publishedAt,
  };
}
