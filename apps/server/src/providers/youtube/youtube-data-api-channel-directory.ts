import type { youtube_v3 } from '@googleapis/youtube';
import {
  absoluteUrl,
  ChannelDirectoryError,
  directoryError,
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from '../comment-sources/channel-directory.port';
import { networkFailureOf } from '../comment-sources/network-failure';
import {
  createYouTubeDataApiClient,
  googleError,
  QUOTA_REASONS,
  type YouTubeDataApiOptions,
} from './youtube-data-api-client';

/** playlistItems.list and channels.list answer at most 50 items per page. */
const PAGE = 50;
/** Uploads playlist ids remembered per channel (each lookup costs a request and a quota unit). */
const UPLOADS_CACHE_SIZE = 1000;

/** Maps the API's error body to a failure a person can read (the key never appears in it). */
function toDirectoryError(err: unknown): ChannelDirectoryError {
  const { status, reasons } = googleError(err);
  if (status === undefined && networkFailureOf(err) !== null) return directoryError('unreachable');
  const has = (r: string) => reasons.includes(r);
  if (QUOTA_REASONS.some(has)) return directoryError('quotaExceeded');
  if (has('channelNotFound') || has('playlistNotFound') || status === 404)
    return directoryError('channelNotFound');
  if (has('keyInvalid') || has('keyExpired') || status === 400)
    return directoryError('keyRejected');
  return directoryError('unavailable');
}

function bestThumbnail(t: youtube_v3.Schema$ThumbnailDetails | undefined | null): string | null {
  return absoluteUrl(t?.medium?.url ?? t?.high?.url ?? t?.default?.url);
}

/** A channels.list item as a summary; a hidden subscriber count is null. */
function toSummary(c: youtube_v3.Schema$Channel): ChannelSummary | null {
  if (!c.id || !c.snippet?.title) return null;
  const stats = c.statistics;
  const subscribers =
    stats?.hiddenSubscriberCount || stats?.subscriberCount == null
      ? null
      : Number(stats.subscriberCount);
  return {
    channelId: c.id,
    title: c.snippet.title,
    thumbnailUrl: bestThumbnail(c.snippet.thumbnails),
    subscriberCount: subscribers !== null && Number.isFinite(subscribers) ? subscribers : null,
    // The Data API does not expose the verified badge.
    verified: false,
  };
}

/** A playlistItems.list item as an upload; private and deleted videos are skipped. */
function toVideo(item: youtube_v3.Schema$PlaylistItem): ChannelVideo | null {
  const videoId = item.contentDetails?.videoId ?? item.snippet?.resourceId?.videoId;
  if (!videoId) return null;
  const privacy = item.status?.privacyStatus;
  if (privacy === 'private' || privacy === 'privacyStatusUnspecified') return null;
  const title = item.snippet?.title ?? null;
  if ((title === 'Private video' || title === 'Deleted video') && !item.snippet?.thumbnails)
    return null;
  return {
    videoId,
    title,
    thumbnailUrl: bestThumbnail(item.snippet?.thumbnails),
    // snippet.publishedAt is when the item joined the playlist; for uploads that is the upload.
    publishedAt: item.contentDetails?.videoPublishedAt ?? item.snippet?.publishedAt ?? null,
  };
}

/**
 * Channels through the official YouTube Data API v3 client: `search.list` (type=channel, 100 quota
 * units) followed by one `channels.list` for subscriber counts and avatars; `channels.list`
 * (snippet, statistics, contentDetails) for one channel and its uploads playlist; and
 * `playlistItems.list` over the uploads playlist, 50 per page with `pageToken`, newest first.
 */
export class YouTubeDataApiChannelDirectory implements ChannelDirectory {
  readonly name = 'youtube-data-api';
  private readonly api: youtube_v3.Youtube;
  private readonly uploadsPlaylist = new Map<string, string | null>();

  constructor(options: YouTubeDataApiOptions) {
    this.api = createYouTubeDataApiClient(options);
  }

  async searchChannels(query: string, options: ChannelListOptions): Promise<ChannelSummary[]> {
    try {
      const search = await this.api.search.list(
        {
          part: ['snippet'],
          type: ['channel'],
          q: query,
          maxResults: Math.min(options.limit, PAGE),
        },
        { signal: options.signal },
      );
      const hits = (search.data.items ?? []).filter((i) => i.id?.channelId);
      if (hits.length === 0) return [];
      const details = await this.api.channels.list(
        {
          part: ['snippet', 'statistics'],
          id: hits.map((i) => i.id!.channelId!),
          maxResults: PAGE,
        },
        { signal: options.signal },
      );
      const byId = new Map((details.data.items ?? []).map((c) => [c.id, toSummary(c)] as const));
      const results: ChannelSummary[] = [];
      for (const hit of hits) {
        const id = hit.id!.channelId!;
        const detailed = byId.get(id);
        if (detailed) results.push(detailed);
        else if (hit.snippet?.title)
          results.push({
            channelId: id,
            title: hit.snippet.title,
            thumbnailUrl: bestThumbnail(hit.snippet.thumbnails),
            subscriberCount: null,
            verified: false,
          });
      }
      return results;
    } catch (err) {
      if (options.signal?.aborted) throw err;
      throw toDirectoryError(err);
    }
  }

  /** The channel; an id the API does not know is `channel_not_found`. */
  async getChannel(channelId: string, signal?: AbortSignal): Promise<ChannelSummary> {
    let item: youtube_v3.Schema$Channel | undefined;
    try {
      const res = await this.api.channels.list(
        { part: ['snippet', 'statistics', 'contentDetails'], id: [channelId], maxResults: 1 },
        { signal },
      );
      item = res.data.items?.[0];
    } catch (err) {
      if (signal?.aborted) throw err;
      throw toDirectoryError(err);
    }
    const summary = item ? toSummary(item) : null;
    if (!item || !summary) throw directoryError('channelNotFound');
    this.rememberUploads(channelId, item.contentDetails?.relatedPlaylists?.uploads ?? null);
    return summary;
  }

  async listUploads(channelId: string, options: ChannelListOptions): Promise<ChannelVideo[]> {
    const { signal } = options;
    try {
      let playlistId = this.uploadsPlaylist.get(channelId);
      if (playlistId === undefined) {
        const res = await this.api.channels.list(
          { part: ['contentDetails'], id: [channelId], maxResults: 1 },
          { signal },
        );
        const item = res.data.items?.[0];
        if (!item) throw directoryError('channelNotFound');
        playlistId = item.contentDetails?.relatedPlaylists?.uploads ?? null;
        this.rememberUploads(channelId, playlistId);
      }
      if (!playlistId) return [];

      const videos: ChannelVideo[] = [];
      let pageToken: string | undefined;
      do {
        let res;
        try {
          res = await this.api.playlistItems.list(
            {
              part: ['snippet', 'contentDetails', 'status'],
              playlistId,
              maxResults: PAGE,
              pageToken,
            },
            { signal },
          );
        } catch (err) {
          // A channel that never uploaded has no uploads playlist to read.
          if (!pageToken && googleError(err).reasons.includes('playlistNotFound')) return [];
          throw err;
        }
        for (const item of res.data.items ?? []) {
          const video = toVideo(item);
          if (video) videos.push(video);
          if (videos.length >= options.limit) break;
        }
        pageToken = res.data.nextPageToken ?? undefined;
      } while (pageToken && videos.length < options.limit);
      return videos;
    } catch (err) {
      if (err instanceof ChannelDirectoryError) throw err;
      if (signal?.aborted) throw err;
      throw toDirectoryError(err);
    }
  }

  private rememberUploads(channelId: string, playlistId: string | null): void {
    this.uploadsPlaylist.delete(channelId);
    this.uploadsPlaylist.set(channelId, playlistId);
    if (this.uploadsPlaylist.size > UPLOADS_CACHE_SIZE) {
      const oldest = this.uploadsPlaylist.keys().next();
      if (!oldest.done) this.uploadsPlaylist.delete(oldest.value);
    }
  }
}
