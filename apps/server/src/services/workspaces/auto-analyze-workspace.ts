import { randomUUID } from 'node:crypto';
import { instagramMediaIdOf, isSampleVideoId } from '@app/contracts';
import { AppError } from '../../errors';
import type { VideoMetadata } from '../../providers/comment-sources/comment-source.port';
import type { AutoAnalysisNote } from '../../repositories/workspace-auto-analysis.repository';
import { COMMENTS_PER_CREDIT, priceAnalysis, type AnalysisDeps } from '../analysis/analysis-deps';
import { lookUpVideo, queueAnalysis } from '../analysis/start-analysis';
import { instagramPostMetadata } from '../instagram/start-instagram-analysis';

/** What auto-analysis needs: the same as a manual start. */
export type AutoAnalysisDeps = Pick<
  AnalysisDeps,
  'repos' | 'transaction' | 'clock' | 'commentSources' | 'jobQueue' | 'analysisConfig' | 'metrics'
>;

/** New videos one sync considers at most (the rest wait for the next sync). */
export const AUTO_ANALYSIS_BATCH = 25;

/** A claim older than this whose hold never came (its process died) may be claimed again. */
export const AUTO_ANALYSIS_CLAIM_STALE_MS = 10 * 60_000;

export interface AutoAnalysisOutcome {
  /** Report keys whose analysis this run started. */
  started: string[];
  /** Report keys held back by the cap, the balance or their source. */
  heldBack: string[];
}

/** The first instant of the calendar month (UTC) `at` falls in: the cap's month. */
export function monthStartOf(at: Date): Date {
  return new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
}

export const CAP_REACHED_MESSAGE =
  "This month's auto-analysis cap is reached; it is analysed when the cap allows (next month, or raise the cap).";
export const BALANCE_LOW_MESSAGE =
  'Not enough credits; it is analysed at the next sync once your balance covers it (use Buy Credits).';

/**
 * Analyses the workspace's new videos and posts (published after auto-analysis was turned on), each
 * once, oldest first, as a manual run does (the same price, hold, queue, settlement and refund),
 * while the credits auto-analysis started this calendar month plus the next one's hold fit the
 * monthly cap and the balance covers the hold. A video the cap or the balance does not cover is held
 * back and tried again at the next sync; so is one its source refuses. Each video's claim is a
 * unique row written under the workspace's lock, together with the cap check, so two syncs at once
 * start a video once and never spend past the cap between them. A video the creator analysed
 * already is skipped. Run after the workspace's sync; does nothing when auto-analysis is off.
 */
export async function autoAnalyzeWorkspace(
  deps: AutoAnalysisDeps,
  input: { userId: string; workspaceId: number },
): Promise<AutoAnalysisOutcome> {
  const outcome: AutoAnalysisOutcome = { started: [], heldBack: [] };
  const workspace = await deps.repos.workspaces.findForUser(input.userId, input.workspaceId);
  if (!workspace?.autoAnalyze || workspace.autoAnalyzeSince === null) return outcome;
  const candidates = await deps.repos.autoAnalyses.listCandidates(
    workspace.id,
    workspace.autoAnalyzeSince,
    AUTO_ANALYSIS_BATCH,
  );
  const maxComments = deps.analysisConfig.maxCommentsPerAnalysis;

  for (const candidate of candidates) {
    const key = candidate.videoKey;
    if (isSampleVideoId(key)) continue;
    const now = deps.clock.now();
    const staleBefore = new Date(now.getTime() - AUTO_ANALYSIS_CLAIM_STALE_MS);
    // a claim another sync is still working on
    if (candidate.status === 'starting') {
      if (candidate.jobId !== null && (await deps.repos.autoAnalyses.jobExists(candidate.jobId))) {
        await deps.repos.autoAnalyses.markStarted(workspace.id, key, candidate.jobId);
        continue;
      }
    }
    const note: AutoAnalysisNote = {
      workspaceId: workspace.id,
      userId: input.userId,
      videoKey: key,
      title: candidate.title,
      publishedAt: candidate.publishedAt,
    };

    const manual = await deps.repos.autoAnalyses.hasLiveAnalysis(input.userId, key);
    if (manual !== null) {
      await deps.repos.autoAnalyses.note(note, {
        status: 'skipped',
        reason: 'already_analysed',
        message: null,
        jobId: manual,
        staleBefore,
      });
      continue;
    }

    const video = await metadataOf(deps, workspace.id, key);
    if (video instanceof AppError) {
      await deps.repos.autoAnalyses.note(note, {
        status: 'held_back',
        reason: 'error',
        message: video.message,
        staleBefore,
      });
      outcome.heldBack.push(key);
      continue;
    }
    if (video?.title) note.title = video.title;

    const balance = await deps.repos.ledger.getBalance(input.userId);
    const jobId = randomUUID();
    const decision = await deps.transaction(async (repos) => {
      const current = await repos.workspaces.lockForUser(input.userId, workspace.id);
      if (!current?.autoAnalyze) return { kind: 'off' as const };
      const spent = await repos.autoAnalyses.monthSpend(
        current.id,
        input.userId,
        monthStartOf(now),
      );
      const remaining =
        current.monthlyCreditCap === null ? Infinity : current.monthlyCreditCap - spent;
      const count = video?.commentCount ?? null;
      // What a manual run with enough credits holds (an unknown count holds what is allowed).
      const full = priceAnalysis({
        commentCount: count,
        balance: Math.ceil(maxComments / COMMENTS_PER_CREDIT),
        maxCommentsPerAnalysis: maxComments,
      }).credits;
      const held = (reason: 'cap' | 'balance') =>
        repos.autoAnalyses
          .note(note, {
            status: 'held_back',
            reason,
            message: reason === 'cap' ? CAP_REACHED_MESSAGE : BALANCE_LOW_MESSAGE,
            staleBefore,
          })
          .then(() => ({ kind: 'held' as const }));
      if (remaining < 1 || (count !== null && remaining < full)) return held('cap');
      if (balance < 1 || (count !== null && balance < full)) return held('balance');
      const budget = Math.min(balance, remaining);
      const planned = priceAnalysis({
        commentCount: count,
        balance: budget,
        maxCommentsPerAnalysis: maxComments,
      }).credits;
      const claimed = await repos.autoAnalyses.claim(note, {
        jobId,
        plannedCredits: planned,
        at: now,
        staleBefore,
      });
      return claimed ? { kind: 'claimed' as const, budget } : { kind: 'taken' as const };
    });
    if (decision.kind === 'off') break;
    if (decision.kind === 'held') outcome.heldBack.push(key);
    if (decision.kind !== 'claimed') continue;

    try {
      await queueAnalysis(deps, {
        userId: input.userId,
        videoId: key,
        video,
        balance: decision.budget,
        workspaceId: workspace.id,
        jobId,
      });
    } catch (error) {
      // The job row exists only when the queue refused it (failed and refunded): that is final.
      if (await deps.repos.autoAnalyses.jobExists(jobId)) {
        await deps.repos.autoAnalyses.markStarted(workspace.id, key, jobId);
        throw error;
      }
      const message = error instanceof Error ? error.message : String(error);
      await deps.repos.autoAnalyses.release(workspace.id, key, jobId, {
        reason: error instanceof AppError && error.statusCode === 402 ? 'balance' : 'error',
        message:
          error instanceof AppError && error.statusCode === 402 ? BALANCE_LOW_MESSAGE : message,
      });
      if (!(error instanceof AppError) || error.statusCode >= 500) throw error;
      outcome.heldBack.push(key);
      continue;
    }
    await deps.repos.autoAnalyses.markStarted(workspace.id, key, jobId);
    if (instagramMediaIdOf(key) === null)
      await deps.repos.workspaceVideos.setAdded(workspace.id, [key], true, now);
    outcome.started.push(key);
  }
  return outcome;
}

/**
 * The video's metadata as a manual start reads it (a YouTube video from the comment source, an
 * Instagram post from the workspace's posts); an AppError when the source refuses the video.
 */
async function metadataOf(
  deps: AutoAnalysisDeps,
  workspaceId: number,
  key: string,
): Promise<VideoMetadata | null | AppError> {
  const mediaId = instagramMediaIdOf(key);
  if (mediaId !== null) {
    const workspace = await deps.repos.workspaces.findById(workspaceId);
    const post = await deps.repos.instagramPosts.find(workspaceId, mediaId);
    if (!workspace || !post)
      return new AppError(404, 'instagram_post_not_found', 'The post left the workspace.');
    return instagramPostMetadata(workspace, post);
  }
  try {
    return await lookUpVideo(deps, key);
  } catch (error) {
    if (error instanceof AppError && error.statusCode < 500) return error;
    throw error;
  }
}
