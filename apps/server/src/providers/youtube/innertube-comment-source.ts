import { Innertube } from 'youtubei.js';
import type { InputComment } from '@app/analysis';
import {
  CommentSourceError,
  SOURCE_MESSAGES,
  type CommentSource,
  type FetchCommentsOptions,
  type FetchedComments,
  type VideoMetadata,
  unreachableError,
} from '../comment-sources/comment-source.port';
import { countValue } from '../comment-sources/count-text';
import { networkFailureOf } from '../comment-sources/network-failure';

export interface InnertubeCommentSourceOptions {
  /** Injected in tests (recorded InnerTube replies); the global fetch otherwise. */
  fetch?: typeof fetch;
}

/** "1.2K" -> 1200, "3M" -> 3000000, "15" -> 15, "" -> 0. InnerTube only shows rounded counts. */
export function parseApproximateCount(text: string | undefined | null): number {
  return Math.round(countValue(text) ?? 0);
}

/**
 * An English, US InnerTube client built locally: no session, player or config downloads before the
 * first real request. `fetch` is injected in tests; the global fetch otherwise.
 */
export function createInnertube(fetch?: typeof globalThis.fetch): Promise<Innertube> {
  return Innertube.create({
    ...(fetch ? { fetch } : {}),
    generate_session_locally: true,
    retrieve_player: false,
    retrieve_innertube_config: false,
    enable_session_cache: false,
    lang: 'en',
    location: 'US',
  });
}

/**
 * The no-key fallback: YouTube's own web client API (InnerTube) through `youtubei.js`. Like counts
 * arrive rounded ("1.2K"), so results are marked `likesApproximate`; dates arrive relative ("2 days
 * ago") and are left unknown. Top-level comments only: replies cost one request per thread.
 */
export class InnertubeCommentSource implements CommentSource {
  readonly name = 'youtubei';
  private client: Promise<Innertube> | null = null;

  constructor(private readonly options: InnertubeCommentSourceOptions = {}) {}

  private innertube(): Promise<Innertube> {
    this.client ??= createInnertube(this.options.fetch);
    return this.client;
  }

  private async firstPage(videoId: string, order: 'relevance' | 'time') {
    const yt = await this.innertube();
    try {
      return await yt.getComments(videoId, order === 'time' ? 'NEWEST_FIRST' : 'TOP_COMMENTS');
    } catch (error) {
      const message = error instanceof Error ? error.message : '';
      // A video without a comments section answers with no content at all.
      if (/did not have any content/i.test(message)) {
        throw new CommentSourceError('comments_disabled', SOURCE_MESSAGES.commentsDisabled);
      }
      const network = networkFailureOf(error);
      if (network !== null) throw unreachableError(network);
      throw new CommentSourceError('unavailable', SOURCE_MESSAGES.unavailable);
    }
  }

  async getVideo(videoId: string): Promise<VideoMetadata | null> {
    const page = await this.firstPage(videoId, 'relevance');
    const count = page.header?.count?.toString() ?? page.header?.comments_count?.toString();
    return {
      videoId,
      title: null,
      thumbnailUrl: null,
      channelTitle: null,
      commentCount: count ? parseApproximateCount(count) : null,
    };
  }

  async fetchComments(videoId: string, options: FetchCommentsOptions): Promise<FetchedComments> {
    let page = await this.firstPage(videoId, options.order ?? 'relevance');
    const comments: InputComment[] = [];
    const seen = new Set<string>();
    for (;;) {
      const pageStart = comments.length;
      for (const thread of page.contents) {
        const c = thread.comment;
        const text = c?.content?.toString() ?? '';
        if (!c?.comment_id || text === '' || seen.has(c.comment_id)) continue;
        seen.add(c.comment_id);
        comments.push({
          id: c.comment_id,
          text,
          likes: parseApproximateCount(c.like_count),
          author: c.author?.name && c.author.name !== 'N/A' ? c.author.name : null,
          publishedAt: null,
          replyCount: parseApproximateCount(c.reply_count),
          parentId: null,
          ...(c.author_is_channel_owner ? { byCreator: true } : {}),
        });
        if (comments.length >= options.maxComments) break;
      }
      options.onPage?.(comments.slice(pageStart));
      options.onProgress?.(comments.length);
      if (comments.length >= options.maxComments || !page.has_continuation) break;
      options.signal?.throwIfAborted();
      try {
        page = await page.getContinuation();
      } catch (error) {
        const network = networkFailureOf(error);
        if (network !== null) throw unreachableError(network);
        throw new CommentSourceError('unavailable', SOURCE_MESSAGES.unavailable);
      }
    }
    return { comments, likesApproximate: true, source: this.name };
  }
}
