import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { InputComment } from '@app/analysis';
import { isSampleChannelId, isSampleVideoId, sampleThumbnailUrl } from '@app/contracts';
import {
  ChannelDirectoryError,
  directoryError,
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from '../comment-sources/channel-directory.port';
import { CommentFileError, parseCommentsJsonl } from '../comment-sources/comment-file-parser';
import {
  CommentSourceError,
  type CommentSource,
  type FetchCommentsOptions,
  type FetchedComments,
  type VideoMetadata,
} from '../comment-sources/comment-source.port';

/** The adapter name a sample report records as its source. */
export const SAMPLE_SOURCE_NAME = 'sample';

export const SAMPLE_VIDEO_NOT_FOUND = 'There is no sample video with that id.';

interface SampleVideo {
  videoId: string;
  title: string;
  publishedAt: string;
  comments: InputComment[];
}

export interface SampleChannel {
  channel: ChannelSummary;
  /** Newest first. */
  videos: SampleVideo[];
}

interface ChannelJson {
  channel_id?: unknown;
  title?: unknown;
  subscriber_count?: unknown;
  videos?: { video_id?: unknown; title?: unknown; published_at?: unknown }[];
}

/**
 * Reads the sample channel shipped with the product (`channel.json` and one `<video id>.jsonl` per
 * video: invented comments, see the folder's README). Read once and kept: the files never change
 * while the server runs. A folder that is missing or broken is a bug in the build, so it throws.
 */
export function sampleChannelLoader(dir: string): () => Promise<SampleChannel> {
  let loading: Promise<SampleChannel> | null = null;
  return () => {
    loading ??= load(dir).catch((err: unknown) => {
      loading = null;
      throw err;
    });
    return loading;
  };
}

async function load(dir: string): Promise<SampleChannel> {
  const json = JSON.parse(await readFile(path.join(dir, 'channel.json'), 'utf8')) as ChannelJson;
  const channelId = String(json.channel_id);
  if (!isSampleChannelId(channelId))
    throw new Error(`The sample channel id ${channelId} is not a sample id`);
  const videos: SampleVideo[] = [];
  for (const v of json.videos ?? []) {
    const videoId = String(v.video_id);
    if (!isSampleVideoId(videoId))
      throw new Error(`The sample video id ${videoId} is not a sample id`);
    const text = await readFile(path.join(dir, `${videoId}.jsonl`), 'utf8');
    let comments: InputComment[];
    try {
      comments = parseCommentsJsonl(text, videoId);
    } catch (err) {
      if (err instanceof CommentFileError) throw new Error(`${videoId}.jsonl: ${err.message}`);
      throw err;
    }
    videos.push({
      videoId,
      title: String(v.title),
      publishedAt: String(v.published_at),
      comments,
    });
  }
  videos.sort((a, b) => Date.parse(b.publishedAt) - Date.parse(a.publishedAt));
  return {
    channel: {
      channelId,
      title: String(json.title),
      thumbnailUrl: sampleThumbnailUrl(channelId),
      subscriberCount: typeof json.subscriber_count === 'number' ? json.subscriber_count : null,
      verified: false,
    },
    videos,
  };
}

/**
 * Comments of the sample videos (`sample_…` ids). Any other id is not its business (null, so the
 * next source is asked); a sample-form id the channel does not hold is a definitive "not found".
 */
export class SampleCommentSource implements CommentSource {
  readonly name = SAMPLE_SOURCE_NAME;

  constructor(private readonly sample: () => Promise<SampleChannel>) {}

  private async video(
    videoId: string,
  ): Promise<{ channel: SampleChannel; video: SampleVideo } | null> {
    if (!isSampleVideoId(videoId)) return null;
    const channel = await this.sample();
    const video = channel.videos.find((v) => v.videoId === videoId);
    if (!video) throw new CommentSourceError('video_not_found', SAMPLE_VIDEO_NOT_FOUND);
    return { channel, video };
  }

  async getVideo(videoId: string): Promise<VideoMetadata | null> {
    const found = await this.video(videoId);
    if (!found) return null;
    return {
      videoId,
      title: found.video.title,
      thumbnailUrl: sampleThumbnailUrl(videoId),
      channelTitle: found.channel.channel.title,
      commentCount: found.video.comments.length,
    };
  }

  async fetchComments(
    videoId: string,
    options: FetchCommentsOptions,
  ): Promise<FetchedComments | null> {
    const found = await this.video(videoId);
    if (!found) return null;
    const comments = found.video.comments.slice(0, Math.max(0, options.maxComments));
    options.onPage?.(comments);
    options.onProgress?.(comments.length);
    return { comments, likesApproximate: false, source: this.name };
  }
}

/**
 * Whether a channel search asks for the sample channel: it says "sample", names the channel, or is
 * its id.
 */
function searchFindsSample(query: string, channel: ChannelSummary): boolean {
  const q = query.trim().toLowerCase();
  if (q === channel.channelId) return true;
  if (q.length < 3) return false;
  return /(?:^|[^a-z])sample(?:$|[^a-z])/.test(q) || channel.title.toLowerCase().includes(q);
}

/**
 * The sample channel in front of the configured directory (files, Data API, InnerTube), whatever
 * the configuration: a search that asks for it lists it first, and still answers when YouTube
 * cannot be reached; sample channel ids never reach YouTube.
 */
export class SampleFirstChannelDirectory implements ChannelDirectory {
  readonly name: string;

  constructor(
    private readonly sample: () => Promise<SampleChannel>,
    private readonly next: ChannelDirectory,
  ) {
    this.name = `${SAMPLE_SOURCE_NAME}>${next.name}`;
  }

  async searchChannels(
    query: string,
    options: ChannelListOptions,
  ): Promise<ChannelSummary[] | null> {
    const { channel } = await this.sample();
    if (!searchFindsSample(query, channel)) return this.next.searchChannels(query, options);
    let others: ChannelSummary[] | null;
    try {
      others = await this.next.searchChannels(query, options);
    } catch (err) {
      // YouTube unreachable or out of quota: the sample channel is still an answer.
      if (!(err instanceof ChannelDirectoryError) || err.reason === 'channel_not_found') throw err;
      others = null;
    }
    return [channel, ...(others ?? [])].slice(0, Math.max(1, options.limit));
  }

  async getChannel(channelId: string, signal?: AbortSignal): Promise<ChannelSummary | null> {
    if (!isSampleChannelId(channelId)) return this.next.getChannel(channelId, signal);
    const { channel } = await this.sample();
    if (channel.channelId !== channelId) throw directoryError('channelNotFound');
    return channel;
  }

  async listUploads(
    channelId: string,
    options: ChannelListOptions,
  ): Promise<ChannelVideo[] | null> {
    if (!isSampleChannelId(channelId)) return this.next.listUploads(channelId, options);
    const { channel, videos } = await this.sample();
    if (channel.channelId !== channelId) throw directoryError('channelNotFound');
    return videos.slice(0, options.limit).map((v) => ({
      videoId: v.videoId,
      title: v.title,
      thumbnailUrl: sampleThumbnailUrl(v.videoId),
      publishedAt: v.publishedAt,
    }));
  }
}
