import { ReportBodySchema } from '@app/contracts';
import type { AnalysisDeps } from './analysis-deps';
import { parseStoredQuestions } from './report-questions';

const DAY_MS = 86_400_000;

/**
 * Retention: raw comment text is kept 30 days by default. Deletes comment rows older than
 * COMMENT_RETENTION_DAYS, strips the comment text that reports quote as representatives and drops
 * the cached deep analyses of those jobs; the report keeps its aggregates (clusters, shares, sentiment, summary). Comment lists then answer
 * "expired" and offer a re-run. Safe to run from several workers at once.
 */
export async function purgeExpiredComments(
  deps: Pick<AnalysisDeps, 'transaction' | 'clock' | 'analysisConfig'>,
): Promise<{ jobs: number }> {
  const now = deps.clock.now();
  const cutoff = new Date(now.getTime() - deps.analysisConfig.commentRetentionDays * DAY_MS);
  return deps.transaction(async (repos) => {
    const jobIds = await repos.comments.purgeOlderThan(cutoff);
    for (const { jobId, report } of await repos.reports.findByJobIds(jobIds)) {
      const parsed = ReportBodySchema.safeParse(report);
      if (!parsed.success) continue;
      const clusters = parsed.data.clusters.map((c) => ({ ...c, representatives: [] }));
      await repos.reports.updateReportBody(jobId, { ...parsed.data, clusters });
    }
    // The questions keep their wording, counts and replies; the quoted comments go.
    for (const { jobId, questions } of await repos.reports.questionsForJobs(jobIds)) {
      const list = parseStoredQuestions(questions);
      if (list === null) continue;
      await repos.reports.updateQuestions(
        jobId,
        list.map((q) => ({ ...q, examples: [] })),
      );
    }
    // Cached deep analyses quote comments (their top questions, their summaries): they go too, and a
    // deep analysis asked for later answers that the comments expired, as an uncached one does.
    await repos.clusterAnalysis.deleteCachedForJobs(jobIds);
    await repos.analysisJobs.markCommentsExpired(jobIds, now);
    return { jobs: jobIds.length };
  });
}
