import type { CreateShareReply, ReportShare, SharedReportReply } from '@app/contracts';
import type { Clock } from '../../clock';
import { ConflictError, NotFoundError } from '../../errors';
import type { Repositories } from '../../repositories';
import type { StoredShare } from '../../repositories/report-share.repository';
import { getReport } from '../analysis/get-report';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import { withoutCommentText } from './report-content';

/** Links one account may keep per video (revoking one makes room). */
export const MAX_SHARES_PER_VIDEO = 20;
const DAY_MS = 24 * 60 * 60 * 1000;

export const SHARE_GONE_MESSAGE =
  'This shared report is not available. The link may have expired or been turned off by the person who shared it.';

/** A link token: 32 random bytes, base64url (256 bits). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

export interface ShareDeps {
  repos: Repositories;
  clock: Clock;
}

function toShare(row: StoredShare, now: Date): ReportShare {
  return {
    id: row.id,
    video_id: row.videoId,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt?.toISOString() ?? null,
    expired: row.expiresAt !== null && row.expiresAt.getTime() <= now.getTime(),
  };
}

/** The user's latest report of the video, or 404 (the same one the report view shows). */
async function latestJobId(deps: ShareDeps, userId: string, videoId: string): Promise<string> {
  const report = await getReport(deps, { userId, videoId });
  return report.job_id;
}

/**
 * A new read-only link to the user's latest report of the video, open until revoked or for
 * `expiresInDays`. The link shows that analysis even after a newer one. Only the token's SHA-256
 * is stored, so the reply is the one time the link can be read.
 */
export async function createShare(
  deps: ShareDeps,
  input: { userId: string; videoId: string; expiresInDays: number | null },
): Promise<CreateShareReply> {
  const jobId = await latestJobId(deps, input.userId, input.videoId);
  if (
    (await deps.repos.reportShares.countForUserVideo(input.userId, input.videoId)) >=
    MAX_SHARES_PER_VIDEO
  )
    throw new ConflictError(
      `This report already has ${MAX_SHARES_PER_VIDEO} shared links. Revoke one you no longer need to make another.`,
      'too_many_shares',
    );
  const now = deps.clock.now();
  const token = newSessionToken();
  const row = await deps.repos.reportShares.insert({
    userId: input.userId,
    jobId,
    videoId: input.videoId,
    tokenHash: hashSessionToken(token),
    createdAt: now,
    expiresAt:
      input.expiresInDays === null ? null : new Date(now.getTime() + input.expiresInDays * DAY_MS),
  });
  return { ...toShare(row, now), token, path: `/share/${token}` };
}

/** The user's links to the video's reports, newest first (404 when the user has no report of it). */
export async function listShares(
  deps: ShareDeps,
  input: { userId: string; videoId: string },
): Promise<ReportShare[]> {
  await latestJobId(deps, input.userId, input.videoId);
  const now = deps.clock.now();
  const rows = await deps.repos.reportShares.listForUserVideo(input.userId, input.videoId);
  return rows.map((row) => toShare(row, now));
}

/** Turns a link off for good (its row is deleted); 404 when the user has no link with that id. */
export async function revokeShare(
  deps: ShareDeps,
  input: { userId: string; id: string },
): Promise<void> {
  if (!(await deps.repos.reportShares.deleteForUser(input.userId, input.id)))
    throw new NotFoundError('There is no shared link with that id.', 'share_not_found');
}

/**
 * What a link shows to anyone who has it: the report it was made from, read-only, with no job id,
 * notes, chat, account or credit data and no comment text. An unknown, revoked or expired link is
 * one 404 with a plain message.
 */
export async function openSharedReport(deps: ShareDeps, token: string): Promise<SharedReportReply> {
  const gone = () => new NotFoundError(SHARE_GONE_MESSAGE, 'share_not_found');
  if (!TOKEN.test(token)) throw gone();
  const share = await deps.repos.reportShares.findByTokenHash(hashSessionToken(token));
  if (
    !share ||
    (share.expiresAt !== null && share.expiresAt.getTime() <= deps.clock.now().getTime())
  )
    throw gone();
  let report;
  try {
    report = await getReport(deps, {
      userId: share.userId,
      videoId: share.videoId,
      jobId: share.jobId,
    });
  } catch (error) {
    if (error instanceof NotFoundError) throw gone();
    throw error;
  }
  const { job_id: _jobId, ...shown } = withoutCommentText(report);
  return { report: shown, expires_at: share.expiresAt?.toISOString() ?? null };
}
