import type { AnalysisDeps } from './analysis-deps';

/**
 * Deletes the user's finished analyses with their reports and comments. Jobs still running are
 * kept (their credits are still reserved); they show up again until they finish.
 */
export async function clearAnalyses(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string },
): Promise<{ deleted: number }> {
  return { deleted: await deps.repos.analysisJobs.deleteFinishedForUser(input.userId) };
}
