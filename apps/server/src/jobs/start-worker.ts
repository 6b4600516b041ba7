import type { Logger } from '../logger';
import { ANALYSIS_JOB_NAME, type AnalysisDeps } from '../services/analysis/analysis-deps';
import { purgeExpiredComments } from '../services/analysis/purge-expired-comments';
import { purgeEndedSessions } from '../services/auth/purge-ended-sessions';
import type { InstagramLink } from '../services/instagram/instagram-deps';
import { renewInstagramTokens } from '../services/instagram/renew-instagram-tokens';
import type { ChannelDirectory } from '../providers/comment-sources/channel-directory.port';
import { runAutoAnalysisSweep } from '../services/workspaces/auto-analysis-sync';
import { analysisJob } from './analysis.job';
import { buildJobHandlers } from './job-registry';

export interface WorkerOptions {
  concurrency: number;
  /**
   * How often the retention purges, the Instagram token renewal and the scheduled sync of the
   * workspaces with auto-analysis on run (default hourly).
   */
  purgeEveryMs?: number;
  /** How often unfinished analyses are handed to the queue again (default every 5 minutes). */
  requeueEveryMs?: number;
}

/**
 * The worker role: re-enqueues analyses that are not finished (a crash between saving a job and
 * queueing it, jobs left by a dead process, or jobs the queue gave up on because not even their
 * failure could be recorded, e.g. while the database was down), at start and then every few
 * minutes; starts the queue, and runs its chores on a schedule: the retention purges (comment text,
 * ended sessions) and, when Instagram is configured, the renewal of Instagram Login tokens near
 * their expiry, and, given the channel directory, the scheduled sync of the workspaces with
 * auto-analysis on (new uploads analysed). Returns a stop function that finishes or hands back
 * running jobs.
 */
export async function startWorker(
  deps: AnalysisDeps & {
    logger: Logger;
    instagram?: InstagramLink | null;
    channelDirectory?: ChannelDirectory;
  },
  options: WorkerOptions,
): Promise<() => Promise<void>> {
  const handlers = buildJobHandlers([analysisJob(deps)], [ANALYSIS_JOB_NAME]);

  // Enqueueing is a no-op for a job the queue holds; one it gave up on runs again, and its
  // handler, past the last attempt, fails it with its credits refunded.
  const requeue = async () => {
    for (const job of await deps.repos.analysisJobs.listUnfinished()) {
      await deps.jobQueue.enqueue(
        ANALYSIS_JOB_NAME,
        { jobId: job.id },
        { jobId: job.id, priority: job.priority },
      );
    }
  };
  await requeue();
  await deps.jobQueue.work(handlers, { concurrency: options.concurrency });
  const requeueTimer = setInterval(
    () =>
      void requeue().catch((err: unknown) =>
        deps.logger.error({ err }, 'requeueing unfinished analyses failed'),
      ),
    options.requeueEveryMs ?? 300_000,
  );
  requeueTimer.unref();

  const purge = () =>
    purgeExpiredComments(deps).then(
      ({ jobs }) => {
        if (jobs > 0) deps.logger.info({ jobs }, 'purged expired comments');
      },
      (err: unknown) => deps.logger.error({ err }, 'comment purge failed'),
    );
  const renew = () =>
    renewInstagramTokens({ ...deps, instagram: deps.instagram ?? null }).then(
      (sweep) => {
        if (sweep.renewed + sweep.revoked + sweep.failed > 0)
          deps.logger.info(sweep, 'Instagram token renewal');
      },
      (err: unknown) => deps.logger.error({ err }, 'Instagram token renewal failed'),
    );
  const sessions = () =>
    purgeEndedSessions(deps).then(
      ({ sessions: n }) => {
        if (n > 0) deps.logger.info({ sessions: n }, 'purged ended sessions');
      },
      (err: unknown) => deps.logger.error({ err }, 'session purge failed'),
    );
  const { channelDirectory } = deps;
  const autoAnalyse = () =>
    channelDirectory === undefined
      ? Promise.resolve()
      : runAutoAnalysisSweep(
          { ...deps, channelDirectory, instagram: deps.instagram ?? null },
          (err, workspaceId) =>
            deps.logger.warn({ err, workspaceId }, 'scheduled workspace sync failed'),
        ).then(
          (sweep) => {
            if (sweep.started + sweep.heldBack + sweep.failed > 0)
              deps.logger.info(sweep, 'scheduled sync and auto-analysis');
          },
          (err: unknown) => deps.logger.error({ err }, 'scheduled sync and auto-analysis failed'),
        );
  const chores = () => void purge().then(sessions).then(renew).then(autoAnalyse);
  chores();
  const timer = setInterval(chores, options.purgeEveryMs ?? 3_600_000);
  timer.unref();
  deps.logger.info(
    { driver: deps.jobQueue.driver, concurrency: options.concurrency },
    'analysis worker started',
  );

  return async () => {
    clearInterval(timer);
    clearInterval(requeueTimer);
    await deps.jobQueue.close();
  };
}
