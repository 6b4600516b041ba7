import {
  analyseClusterOffline,
  buildClusterAnalysisRequest,
  groundQuestions,
  LlmClusterAnalysisSchema,
  representativeSample,
} from '@app/analysis';
import { ClusterAnalysisSchema, type ClusterAnalysis } from '@app/contracts';
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
 * cached per analysis and cluster. Offline it is composed from the comments; with a language model
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
  const cached = ClusterAnalysisSchema.safeParse(
    await deps.clusters.findCachedAnalysis(job.jobId, input.clusterId),
  );
  if (cached.success) return cached.data;
  if (job.commentsExpiredAt !== null) throw new CommentsExpiredError();

  const comments = (await deps.clusters.allClusterComments(job.jobId, input.clusterId)).map(
    toDeepDiveComment,
  );
  const background = await deps.clusters.otherClusterTexts(job.jobId, input.clusterId);
  const offline = analyseClusterOffline(comments, { background });
  let result: ClusterAnalysis = {
    summary: offline.summary,
    key_themes: offline.keyThemes,
    top_questions: offline.topQuestions,
    sentiment: offline.sentiment,
    source: 'offline',
  };
  let cache = true;
  if (deps.languageModel !== null && comments.length > 0) {
    try {
      const raw = await deps.languageModel.completeJson(
        buildClusterAnalysisRequest({
          heading: cluster.heading,
          totalComments: comments.length,
          sample: representativeSample(comments),
          video: videoOf(job),
        }),
      );
      const llm = LlmClusterAnalysisSchema.parse(raw);
      const grounded = groundQuestions(llm.top_questions, comments);
      result = {
        summary: llm.summary,
        key_themes: llm.key_themes,
        top_questions: grounded.length > 0 ? grounded : offline.topQuestions,
        sentiment: llm.sentiment,
        source: 'llm',
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
