import {
  defaultThumbnailUrl,
  type AnalysesPageReply,
  type AnalysisHistoryItem,
} from '@app/contracts';
import { BadRequestError } from '../../errors';
import type { AnalysisJob } from '../../repositories/analysis-job.repository';
import type { AnalysisDeps } from './analysis-deps';

type ListedJob = AnalysisJob & { totalComments: number | null; createdMicros: string };

const BAD_CURSOR = 'before must be the next_cursor of a previous page of your analyses.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function toItem(j: ListedJob): AnalysisHistoryItem {
  return {
    job_id: j.id,
    video_id: j.videoId,
    platform: j.platform,
    title: j.title,
    thumbnail_url: j.thumbnailUrl ?? defaultThumbnailUrl(j.videoId),
    created_at: j.createdAt.toISOString(),
    status: j.status,
    channel_title: j.channelTitle,
    comment_count: j.status === 'complete' ? (j.totalComments ?? null) : null,
    credits_spent: j.status === 'complete' ? (j.chargedCredits ?? 0) : 0,
    finished_at: j.finishedAt ? new Date(j.finishedAt).toISOString() : null,
  };
}

/** The position of a row as an opaque cursor: its creation time in microseconds and its id. */
export function encodeCursor(j: { createdMicros: string; id: string }): string {
  return Buffer.from(`${j.createdMicros}.${j.id}`, 'utf8').toString('base64url');
}

/** The position a cursor names; a 400 for anything this server did not hand out. */
export function decodeCursor(cursor: string): { createdMicros: string; id: string } {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const match = /^(\d{1,18})\.(.+)$/.exec(text);
  if (!match || !UUID.test(match[2]!))
    throw new BadRequestError(BAD_CURSOR, undefined, 'invalid_cursor');
  return { createdMicros: match[1]!, id: match[2]! };
}

/** The user's analyses, newest first (the sidebar shows the first five). */
export async function listAnalyses(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; limit?: number },
): Promise<AnalysisHistoryItem[]> {
  const jobs = await deps.repos.analysisJobs.listPageForUser(input.userId, {
    limit: input.limit ?? 100,
  });
  return jobs.map(toItem);
}

/**
 * One page of the whole history, newest first: `limit` rows after the `before` cursor, whose title
 * or channel contains `q` (ignoring case). Only the user's own analyses are ever listed.
 */
export async function listAnalysesPage(
  deps: Pick<AnalysisDeps, 'repos'>,
  input: { userId: string; limit: number; before?: string; q?: string },
): Promise<AnalysesPageReply> {
  const before = input.before !== undefined ? decodeCursor(input.before) : null;
  const search = input.q?.trim() ? input.q.trim() : null;
  // One row more than the page tells whether another page follows.
  const rows = await deps.repos.analysisJobs.listPageForUser(input.userId, {
    limit: input.limit + 1,
    before,
    search,
  });
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    items: page.map(toItem),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last) : null,
  };
}
