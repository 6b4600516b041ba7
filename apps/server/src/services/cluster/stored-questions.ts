import {
  questionsOfStoredComments,
  type AudienceQuestion,
  type RelabelComment,
} from '@app/analysis';
import {
  IntentSchema,
  SentimentLabelSchema,
  type Intent,
  type ReportQuestion,
} from '@app/contracts';
import type { DeepDiveJob } from '../../repositories/cluster-analysis.repository';
import type { ClusterDeps } from './cluster-deps';
import { toReportQuestions, parseStoredQuestions } from '../analysis/report-questions';
import { videoOf } from './cluster-access';

export type StoredJobComment = Awaited<
  ReturnType<ClusterDeps['clusters']['allJobComments']>
>[number];

/**
 * A report's stored comment as the relabeller reads it, with `intent` (a stored value) as the intent
 * it was classified with. `movedTo`: the cluster a restored comment joins; else it stays where it is.
 */
export function relabelCommentOf(
  r: StoredJobComment,
  intent: unknown,
  movedTo?: number,
): RelabelComment {
  const label = SentimentLabelSchema.safeParse(r.sentimentLabel);
  const classified = IntentSchema.safeParse(intent);
  return {
    id: r.commentId,
    text: r.text,
    likes: r.likeCount,
    author: r.author,
    byCreator: r.byCreator,
    restored: movedTo !== undefined || r.spamRestoredAt !== null,
    publishedAt: r.publishedAt?.toISOString() ?? null,
    clusterId: movedTo ?? r.clusterId,
    sentiment: label.success ? { score: r.sentimentScore, label: label.data } : undefined,
    classifiedIntent: classified.success ? classified.data : undefined,
  };
}

/**
 * The questions to answer worked out again from a report's stored comments, with each comment's
 * placement (a set-aside comment is never a question) and intent as they will be stored. A
 * question worded as before keeps its suggested reply.
 */
export async function audienceQuestionsAgain(
  deps: Pick<ClusterDeps, 'languageModel' | 'embedder'>,
  job: DeepDiveJob,
  rows: readonly StoredJobComment[],
  placement: { clusterId: (i: number) => number; intent: (i: number) => Intent | undefined },
  context?: string,
): Promise<AudienceQuestion[]> {
  const previous = parseStoredQuestions(job.questions) ?? [];
  return questionsOfStoredComments(
    rows.map((r, i) => ({
      id: r.commentId,
      text: r.text,
      likes: r.likeCount,
      author: r.author,
      byCreator: r.byCreator,
      parentId: r.parentId,
      publishedAt: r.publishedAt?.toISOString() ?? null,
      clusterId: placement.clusterId(i),
      intent: placement.intent(i) ?? IntentSchema.catch('Opinion').parse(r.intent),
    })),
    { embedder: deps.embedder, languageModel: deps.languageModel },
    {
      ...(context !== undefined ? { context } : {}),
      source: videoOf(job),
      previousReplies: new Map(
        previous.flatMap((q) => (q.suggested_reply ? [[q.question, q.suggested_reply]] : [])),
      ),
    },
  );
}

/** The stored form of the questions, each quoting its first comments from the report's rows. */
export function reportQuestionsOf(
  asked: readonly AudienceQuestion[],
  rows: readonly StoredJobComment[],
): ReportQuestion[] {
  const rowOf = new Map(rows.map((r) => [r.commentId, r]));
  return toReportQuestions(asked, (id) => {
    const r = rowOf.get(id);
    return r
      ? {
          id: r.commentId,
          text: r.text,
          author: r.author,
          like_count: r.likeCount,
          published_at: r.publishedAt?.toISOString() ?? null,
        }
      : undefined;
  });
}
