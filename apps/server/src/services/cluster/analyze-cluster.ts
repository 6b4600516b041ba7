import {
  analyseClusterOffline,
  buildClusterAnalysisRequest,
  groundQuestions,
  LlmClusterAnalysisSchema,
  questioners,
  representativeSample,
} from '@app/analysis';
import { ClusterAnalysisSchema, type ClusterAnalysis } from '@app/contracts';

/** A cached analysis: its wording; the figures come from the stored report on every read. */
const CachedAnalysisSchema = ClusterAnalysisSchema.omit({
  question_count: true,
  sentiment_counts: true,
});
import type { ClusterDeps } from './cluster-deps';
import {
  CommentsExpiredError,
  requireCluster,
  requireJob,
  toDeepDiveComment,
  videoOf,
} from './cluster-access';

/**
 * The deep analysis of one cluster (summary, key themes, questions actually asked, sentiment),
 * cached per analysis and cluster. Its counts (size, questions, sentiment) are the report's stored
 * figures, never counted again here. Offline it is composed from the comments; with a language model
 * it is generated from a likes-weighted sample, validated, its questions checked against the
 * comments, and any failure falls back to the offline result (which is then not cached, so a later
 * call can still get the model's answer).
 */
export async function analyzeCluster(
  deps: Pick<ClusterDeps, 'clusters' | 'languageModel' | 'logger'>,
  input: { userId: string; videoId: string; clusterId: number },
): Promise<ClusterAnalysis> {
  const job = await requireJob(deps.clusters, input.userId, input.videoId);
  const cluster = requireCluster(job, input.clusterId);
  const { figures } = cluster;
  // The reply's figures are always the report's, whatever the cached wording was made with.
  const stored = {
    question_count: figures.questionCount,
    sentiment_counts: figures.sentimentCounts,
  };
  const cached = CachedAnalysisSchema.safeParse(
    await deps.clusters.findCachedAnalysis(job.jobId, input.clusterId),
  );
  if (cached.success) return { ...cached.data, ...stored };
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();

  const comments = (await deps.clusters.allClusterComments(job.jobId, input.clusterId)).map(
    toDeepDiveComment,
  );
  const background = await deps.clusters.otherClusterTexts(job.jobId, input.clusterId);
  const offline = analyseClusterOffline(comments, { background, figures });
  let result: ClusterAnalysis = {
    summary: offline.summary,
    key_themes: offline.keyThemes,
    top_questions: offline.topQuestions,
    sentiment: offline.sentiment,
    source: 'offline',
    ...stored,
  };
  let cache = true;
  if (deps.languageModel !== null && comments.length > 0) {
    try {
      const raw = await deps.languageModel.completeJson(
        buildClusterAnalysisRequest({
          heading: cluster.heading,
          totalComments: figures.size,
          sample: representativeSample(comments),
          video: videoOf(job),
          figures,
        }),
      );
      const llm = LlmClusterAnalysisSchema.parse(raw);
      // questions quoted only from the comments the question count counts; none when it is 0
      const grounded =
        figures.questionCount > 0 ? groundQuestions(llm.top_questions, questioners(comments)) : [];
      result = {
        summary: llm.summary,
        key_themes: llm.key_themes,
        top_questions: grounded.length > 0 ? grounded : offline.topQuestions,
        // the tone is the report's, as the figures are
        sentiment: figures.sentiment,
        source: 'llm',
        ...stored,
      };
    } catch (err) {
      cache = false;
      deps.logger.warn(
        { err: err instanceof Error ? err.message : String(err) },
        'cluster analysis: model failed, using the offline analysis',
      );
    }
  }
  if (cache) await deps.clusters.saveCachedAnalysis(job.jobId, input.clusterId, result);
  return result;
}
