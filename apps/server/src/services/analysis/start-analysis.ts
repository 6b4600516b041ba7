import { randomUUID } from 'node:crypto';
import {
  extractVideoId,
  INVALID_VIDEO_URL_MESSAGE,
  isSampleVideoId,
  platformOfVideoKey,
} from '@app/contracts';
import {
  AppError,
  BadRequestError,
  PaymentRequiredError,
  ServiceUnavailableError,
} from '../../errors';
import { priorityForPlan } from '../../jobs/job-queue.port';
import {
  CommentSourceError,
  type VideoMetadata,
} from '../../providers/comment-sources/comment-source.port';
import {
  ANALYSIS_JOB_NAME,
  COMMENTS_PER_CREDIT,
  ledgerKeys,
  priceAnalysis,
  type AnalysisDeps,
} from './analysis-deps';
import type { Repositories } from '../../repositories';
import { failAndRefund } from './process-analysis';
import { rateKeys, reserveOrRefuse } from '../rate-limit';

/** Sample analyses one account may start per hour (they are free, so this is what bounds them). */
export const SAMPLE_ANALYSES_PER_HOUR = 5;
const SAMPLE_WINDOW_MS = 60 * 60_000;

export const BUY_CREDITS_HINT = 'Use Buy Credits at the top of the page to add more.';

export const QUEUE_UNAVAILABLE_MESSAGE =
  'Analyses cannot start right now because the job queue is not answering. No credits were used; please try again in a minute.';
/** The failed job's reason in the history. */
export const QUEUE_UNAVAILABLE_REASON =
  'The analysis could not be queued. Your credits were refunded; please try again.';

/**
 * Starts an analysis: resolves the video, reserves credits for the comments it will analyse and
 * queues the job. The comment cap is min(balance x 100, MAX_COMMENTS_PER_ANALYSIS); the reservation
 * covers min(the video's comment count, cap), at least 1 credit, and is settled at completion.
 * Throws 400 for a link without a video id, 402 when the balance cannot cover one credit.
 */
export async function startAnalysis(
  deps: Pick<
    AnalysisDeps,
    'repos' | 'transaction' | 'clock' | 'commentSources' | 'jobQueue' | 'analysisConfig' | 'metrics'
  >,
  input: {
    userId: string;
    videoUrl?: string | undefined;
    videoId?: string | undefined;
    /** The user's workspace the analysis is started from (the caller checked it is theirs). */
    workspaceId?: number | null;
  },
): Promise<{ jobId: string }> {
  const videoId = extractVideoId(input.videoId ?? input.videoUrl ?? '');
  if (videoId === null)
    throw new BadRequestError(INVALID_VIDEO_URL_MESSAGE, undefined, 'invalid_video_url');
  if (isSampleVideoId(videoId)) return startSampleAnalysis(deps, { ...input, videoId });

  const balance = await requireOneCredit(deps, input.userId);
  const video = await lookUpVideo(deps, videoId);
  return queueAnalysis(deps, {
    userId: input.userId,
    videoId,
    video,
    balance,
    workspaceId: input.workspaceId ?? null,
  });
}

/**
 * A sample video's analysis: the real job on the shipped sample comments, free (no hold, no ledger
 * line, so an account with no credits can run it), at most SAMPLE_ANALYSES_PER_HOUR per account
 * (429 past that).
 */
async function startSampleAnalysis(
  deps: Pick<
    AnalysisDeps,
    'repos' | 'transaction' | 'clock' | 'commentSources' | 'jobQueue' | 'analysisConfig'
  >,
  input: { userId: string; videoId: string; workspaceId?: number | null },
): Promise<{ jobId: string }> {
  const video = await lookUpVideo(deps, input.videoId);
  const counted = await reserveOrRefuse(
    deps.repos.rateLimitEvents,
    {
      scope: 'sample_analysis',
      at: deps.clock.now(),
      windowMs: SAMPLE_WINDOW_MS,
      limits: [{ key: rateKeys.user(input.userId), max: SAMPLE_ANALYSES_PER_HOUR }],
    },
    {
      code: 'too_many_sample_analyses',
      message: (_key, wait) =>
        `You have run ${SAMPLE_ANALYSES_PER_HOUR} sample reports in the last hour. Open one from Recent Analyses, or try another sample in ${wait}.`,
    },
  );
  try {
    return await queueAnalysis(deps, {
      userId: input.userId,
      videoId: input.videoId,
      video,
      balance: 0,
      workspaceId: input.workspaceId ?? null,
      free: true,
    });
  } catch (error) {
    // not started: it does not count
    await deps.repos.rateLimitEvents.deleteByIds(counted).catch(() => undefined);
    throw error;
  }
}

/** The user's balance; 402 when it cannot cover one credit. */
export async function requireOneCredit(
  deps: Pick<AnalysisDeps, 'repos'>,
  userId: string,
): Promise<number> {
  const balance = await deps.repos.ledger.getBalance(userId);
  if (balance < 1) {
    throw new PaymentRequiredError(
      `Your balance is ${balance} credits and an analysis needs at least 1 credit (1 credit covers ${COMMENTS_PER_CREDIT} comments). ${BUY_CREDITS_HINT}`,
      'insufficient_credits',
    );
  }
  return balance;
}

/**
 * Reserves the credits for an analysis of `videoId` (a YouTube id or an Instagram key) whose
 * metadata is known, creates the job row and enqueues it. Shared by YouTube and Instagram starts.
 * A `free` analysis (a sample video) reserves nothing and writes no ledger line.
 */
export async function queueAnalysis(
  deps: Pick<
    AnalysisDeps,
    'repos' | 'transaction' | 'clock' | 'jobQueue' | 'analysisConfig' | 'metrics'
  >,
  input: {
    userId: string;
    videoId: string;
    video: VideoMetadata | null;
    balance: number;
    workspaceId: number | null;
    free?: boolean;
    /** The job's id when the caller chose it first (auto-analysis records it before the hold). */
    jobId?: string;
  },
): Promise<{ jobId: string }> {
  const { video, videoId, balance } = input;
  const free = input.free === true;
  const { credits: reserved, commentLimit } = priceAnalysis({
    commentCount: video?.commentCount ?? null,
    balance,
    maxCommentsPerAnalysis: deps.analysisConfig.maxCommentsPerAnalysis,
    free,
  });
  const plan = await deps.repos.subscriptions.findActivePlan(input.userId, deps.clock.now());
  const priority = priorityForPlan(plan ?? 'basic');
  const jobId = input.jobId ?? randomUUID();

  await deps.transaction(async (repos) => {
    if (!free) await reserveCredits(repos, { userId: input.userId, reserved, jobId });
    await repos.analysisJobs.create({
      id: jobId,
      userId: input.userId,
      videoId,
      platform: platformOfVideoKey(videoId),
      title: video?.title ?? null,
      thumbnailUrl: video?.thumbnailUrl ?? null,
      channelTitle: video?.channelTitle ?? null,
      videoCommentCount: video?.commentCount ?? null,
      commentLimit,
      reservedCredits: reserved,
      priority,
      workspaceId: input.workspaceId,
    });
  });

  deps.metrics?.credits('held', reserved);
  // If this process dies before the enqueue, the worker's start-up sweep enqueues the job.
  try {
    await deps.jobQueue.enqueue(ANALYSIS_JOB_NAME, { jobId }, { jobId, priority });
  } catch (error) {
    // The queue did not take it (Redis down or not answering): no worker will run this job until
    // one restarts, so it fails now with its credits returned, and the user is told to retry. Should
    // the enqueue land later after all, the worker finds the job failed and leaves it. When even
    // the refund cannot be written (the database is down too), the original error stands.
    try {
      await failAndRefund(deps, { id: jobId, userId: input.userId }, QUEUE_UNAVAILABLE_REASON);
    } catch {
      throw error;
    }
    throw new ServiceUnavailableError(QUEUE_UNAVAILABLE_MESSAGE, 'queue_unavailable');
  }
  return { jobId };
}

/**
 * The hold of a paid analysis. The ledger locks the user's row first, so concurrent starts are
 * serialised here and the balance never goes below zero. The job row comes after: inserting it
 * first would take a key-share lock on the user (foreign key) that the ledger's FOR UPDATE then
 * deadlocks on.
 */
async function reserveCredits(
  repos: Repositories,
  input: { userId: string; reserved: number; jobId: string },
): Promise<void> {
  try {
    await repos.ledger.append({
      userId: input.userId,
      delta: -input.reserved,
      kind: 'reservation',
      idempotencyKey: ledgerKeys(input.jobId).reserve,
      jobId: input.jobId,
    });
  } catch (error) {
    if (error instanceof AppError && error.statusCode === 402) {
      const now = await repos.ledger.getBalance(input.userId);
      throw new PaymentRequiredError(
        `Your balance is ${now} credits and this analysis needs ${input.reserved}. ${BUY_CREDITS_HINT}`,
        'insufficient_credits',
      );
    }
    throw error;
  }
}

/**
 * Video metadata for the estimate and the history list. A definitive "no" (private, missing,
 * comments off) stops the start with the source's message; a transient failure does not.
 */
export async function lookUpVideo(
  deps: Pick<AnalysisDeps, 'commentSources'>,
  videoId: string,
): Promise<VideoMetadata | null> {
  try {
    return await deps.commentSources.sourceFor(platformOfVideoKey(videoId)).getVideo(videoId);
  } catch (error) {
    if (!(error instanceof CommentSourceError)) throw error;
    if (error.reason === 'quota_exceeded' || error.reason === 'unavailable') return null;
    const status = error.reason === 'video_not_found' ? 404 : 422;
    throw new AppError(status, error.reason, error.message);
  }
}
