import {
  buildClusterChatRequest,
  extractiveAnswer,
  LlmChatReplySchema,
  retrieveForQuestion,
  type DeepDiveComment,
} from '@app/analysis';
import type { ChatReply } from '@app/contracts';
import type { ClusterDeps } from './cluster-deps';
import {
  CommentsExpiredError,
  requireCluster,
  requireJob,
  toCommentRef,
  toDeepDiveComment,
  videoOf,
} from './cluster-access';

/** Enough of a comment for its meaning; long essays add cost, not signal. */
const EMBED_CHARS = 1000;

async function embedCluster(
  deps: Pick<ClusterDeps, 'embedder' | 'vectorCache' | 'logger'>,
  key: string,
  comments: readonly DeepDiveComment[],
): Promise<Float32Array[]> {
  try {
    return await deps.vectorCache.get(`${key}:${deps.embedder.name}`, () =>
      deps.embedder.embed(comments.map((c) => c.text.slice(0, EMBED_CHARS))),
    );
  } catch (err) {
    // Retrieval still works on keyword overlap and likes without vectors.
    deps.logger.warn(
      { err: err instanceof Error ? err.message : String(err) },
      'cluster chat: embedding failed, using keywords only',
    );
    return [];
  }
}

/**
 * Answers a question about one cluster from its comments only. Retrieval: the `topK` comments most
 * similar to the question (embeddings plus keyword overlap) mixed with the most-liked. With a
 * language model the answer is generated from those comments (fenced as data) and validated; its
 * quotes are limited to retrieved comments. Offline, or when the model fails, the answer is
 * extractive: counts and verbatim quotes.
 */
export async function chatWithCluster(
  deps: ClusterDeps,
  input: { userId: string; videoId: string; clusterId: number; message: string; topK: number },
): Promise<ChatReply> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  const cluster = requireCluster(job, input.clusterId);
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();
  const comments = (await deps.clusters.allClusterComments(job.jobId, input.clusterId)).map(
    toDeepDiveComment,
  );
  if (comments.length === 0) {
    return {
      answer: 'This cluster has no comments to answer from.',
      comment_ids: [],
      quotes: [],
      source: 'offline',
    };
  }

  // (keyed by the cluster's size too: a comment restored from the spam set aside joins it)
  const vectors = await embedCluster(
    deps,
    `${job.jobId}:${input.clusterId}:${comments.length}`,
    comments,
  );
  let questionVector: Float32Array = new Float32Array(0);
  if (vectors.length === comments.length) {
    try {
      questionVector = (await deps.embedder.embed([input.message]))[0] ?? questionVector;
    } catch {
      // Keywords only (logged above when the comments failed; a question failing alone is rare).
    }
  }
  const retrieved = retrieveForQuestion({
    question: input.message,
    questionVector,
    comments,
    vectors: vectors.length === comments.length ? vectors : [],
    topK: input.topK,
  });
  const commentIds = retrieved.map((r) => r.comment.id);

  if (deps.languageModel !== null) {
    try {
      const raw = await deps.languageModel.completeJson(
        buildClusterChatRequest({
          heading: cluster.heading,
          question: input.message,
          retrieved,
          video: videoOf(job),
          figures: cluster.figures,
        }),
      );
      const reply = LlmChatReplySchema.parse(raw);
      const byId = new Map(retrieved.map((r) => [r.comment.id, r.comment]));
      const quoted = [...new Set(reply.quoted_comment_ids)]
        .map((id) => byId.get(id))
        .filter((c): c is DeepDiveComment => c !== undefined);
      return {
        answer: reply.answer,
        comment_ids: commentIds,
        quotes: quoted.map(toCommentRef),
        source: 'llm',
      };
    } catch (err) {
      deps.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'cluster chat: model failed, answering offline',
      );
    }
  }
  const offline = extractiveAnswer(input.message, comments, retrieved, 4, cluster.figures);
  return {
    answer: offline.answer,
    comment_ids: commentIds,
    quotes: offline.quoted.map(toCommentRef),
    source: 'offline',
  };
}
