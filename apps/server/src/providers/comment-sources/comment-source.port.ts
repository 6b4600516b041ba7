import type { InputComment } from '@app/analysis';

/** What the report header shows about a video. Every field but the id may be unknown. */
export interface VideoMetadata {
  videoId: string;
  title: string | null;
  thumbnailUrl: string | null;
  channelTitle: string | null;
  /** Comments the video has according to the source (null when the source does not say). */
  commentCount: number | null;
}

export interface FetchCommentsOptions {
  /** Stop after this many comments (top-level and replies together). */
  maxComments: number;
  /** `relevance` (default) or `time`, as YouTube orders threads. */
  order?: 'relevance' | 'time';
  signal?: AbortSignal;
  /** Called after each page with the running count. */
  onProgress?: (fetched: number) => void;
  /**
   * Called with each page's comments as soon as the page is read (before `onProgress`), so work on
   * them can start while the next page downloads. A source's pages, in order, are exactly the
   * comments it returns; a source that reads everything at once reports one page. A chain that
   * falls back to the next source may have reported pages of the one that failed.
   */
  onPage?: (comments: InputComment[]) => void;
  /** The workspace the analysis was started from (Instagram media are read with its token). */
  workspaceId?: number | null;
}

export interface FetchedComments {
  comments: InputComment[];
  /** True when like counts are estimates (the InnerTube fallback shows "1.2K"). */
  likesApproximate: boolean;
  /** Which adapter answered, e.g. `file`, `youtube-data-api`, `youtubei`. */
  source: string;
}

/**
 * Why a source could not deliver comments. `message` is written for the person who started the
 * analysis; it is stored as the job's failure reason and shown in the app.
 */
export type CommentSourceFailure =
  | 'video_not_found'
  | 'video_private'
  | 'comments_disabled'
  | 'quota_exceeded'
  | 'invalid_file'
  | 'unavailable';

export class CommentSourceError extends Error {
  constructor(
    readonly reason: CommentSourceFailure,
    message: string,
    /**
     * For an `unavailable` source that could not reach YouTube at all: the network failure
     * (`ENOTFOUND`, `ECONNREFUSED`, `timeout`, …), for the server log. Null otherwise.
     */
    readonly network: string | null = null,
  ) {
    super(message);
    this.name = 'CommentSourceError';
  }
}

/** The failure of a source whose request never reached YouTube (see `networkFailureOf`). */
export function unreachableError(network: string): CommentSourceError {
  return new CommentSourceError('unavailable', SOURCE_MESSAGES.unreachable, network);
}

/**
 * Where comments come from (a folder of files, the YouTube Data API, InnerTube). A source that has
 * nothing to say about a video returns null so a chain can ask the next one; a source that knows
 * the video cannot be analysed throws a CommentSourceError.
 */
export interface CommentSource {
  readonly name: string;
  getVideo(videoId: string, signal?: AbortSignal): Promise<VideoMetadata | null>;
  fetchComments(videoId: string, options: FetchCommentsOptions): Promise<FetchedComments | null>;
}

/** Messages for the failures every adapter can meet, so the user reads the same words. */
export const SOURCE_MESSAGES = {
  videoNotFound: 'This video was not found on YouTube. Check the link and try again.',
  videoPrivate: 'This video is private, so its comments cannot be read.',
  commentsDisabled: 'Comments are turned off for this video, so there is nothing to analyze.',
  quotaExceeded:
    'The YouTube API quota for today is used up. Try again after midnight Pacific Time.',
  unavailable:
    'YouTube could not be reached to fetch the comments. Please try again in a few minutes.',
  unreachable:
    'This server could not reach YouTube, so the comments could not be read. Try again later, or try a sample report in the meantime.',
} as const;
