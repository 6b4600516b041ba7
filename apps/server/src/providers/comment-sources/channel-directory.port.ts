/**
 * YouTube channels for workspaces: search by name, look one up, list its uploads. Adapters: the
 * COMMENTS_DIR files, the YouTube Data API, InnerTube, and a deterministic fake.
 */

/** A channel as the search dropdown and the workspace card show it. */
export interface ChannelSummary {
  /** "UC" and 22 more characters. */
  channelId: string;
  title: string;
  /** The channel's avatar (https), or null. */
  thumbnailUrl: string | null;
  /** Null when the channel hides its subscriber count (or the source does not say). */
  subscriberCount: number | null;
  /** YouTube's verified badge; false when the source cannot tell. */
  verified: boolean;
}

/** One upload of a channel. */
export interface ChannelVideo {
  /** The 11-character YouTube video id. */
  videoId: string;
  title: string | null;
  thumbnailUrl: string | null;
  /** ISO time the video was published, or null when unknown. */
  publishedAt: string | null;
}

export interface ChannelListOptions {
  /** Most items to return. */
  limit: number;
  signal?: AbortSignal;
}

export type ChannelDirectoryFailure =
  'channel_not_found' | 'quota_exceeded' | 'unavailable' | 'invalid_file';

/** Why a directory could not answer; `message` is written for the person using the app. */
export class ChannelDirectoryError extends Error {
  constructor(
    readonly reason: ChannelDirectoryFailure,
    message: string,
  ) {
    super(message);
    this.name = 'ChannelDirectoryError';
  }
}

/**
 * A source of YouTube channels. A directory with nothing to say (no match in a folder, an id it does
 * not know) returns null so a chain can ask the next one; one that knows the answer is "no such
 * channel" throws `channel_not_found`; a network source answers a search with an array (maybe empty).
 */
export interface ChannelDirectory {
  readonly name: string;
  /** Channels matching `query`, in the source's order (the service sorts them). */
  searchChannels(query: string, options: ChannelListOptions): Promise<ChannelSummary[] | null>;
  getChannel(channelId: string, signal?: AbortSignal): Promise<ChannelSummary | null>;
  /** The channel's uploads, newest first, at most `limit`. */
  listUploads(channelId: string, options: ChannelListOptions): Promise<ChannelVideo[] | null>;
}

/** Messages every adapter uses, so the user reads the same words whatever answered. */
export const DIRECTORY_MESSAGES = {
  channelNotFound:
    'That YouTube channel was not found. It may have been deleted or hidden; search for it again.',
  quotaExceeded:
    'The YouTube API quota for today is used up. Try again after midnight Pacific Time.',
  unavailable: 'YouTube could not be reached. Please try again in a few minutes.',
  unreachable:
    'This server could not reach YouTube. Try again later, or search for "sample" to link the sample channel.',
  keyRejected: 'The YouTube API key was rejected. Ask the administrator to check YOUTUBE_API_KEY.',
} as const;

const FAILURE_OF: Record<keyof typeof DIRECTORY_MESSAGES, ChannelDirectoryFailure> = {
  channelNotFound: 'channel_not_found',
  quotaExceeded: 'quota_exceeded',
  unavailable: 'unavailable',
  unreachable: 'unavailable',
  keyRejected: 'unavailable',
};

/** The error that says one of DIRECTORY_MESSAGES, with the failure it stands for. */
export function directoryError(message: keyof typeof DIRECTORY_MESSAGES): ChannelDirectoryError {
  return new ChannelDirectoryError(FAILURE_OF[message], DIRECTORY_MESSAGES[message]);
}

/** `https:` for the protocol-relative URLs YouTube's web client uses (`//yt3.ggpht.com/...`). */
export function absoluteUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  if (url.startsWith('//')) return `https:${url}`;
  return /^https?:\/\//i.test(url) ? url : null;
}
