import type { MetricsReply } from '@app/contracts';
import type { AnalysisDeps } from './analysis-deps';

/**
 * The landing counter: comments analysed across all users (a counter that history clears do not
 * lower) plus the configured baseline.
 */
export async function getMetrics(
  deps: Pick<AnalysisDeps, 'repos' | 'analysisConfig'>,
): Promise<MetricsReply> {
  const total = await deps.repos.reports.totalAnalysedComments();
  return { total_comments: total + deps.analysisConfig.metricsBaseline };
}
