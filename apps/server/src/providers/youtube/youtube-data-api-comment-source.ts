import type { youtube_v3 } from '@googleapis/youtube';
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
import { networkFailureOf } from '../comment-sources/network-failure';
import {
  createYouTubeDataApiClient,
  googleError,
  QUOTA_REASONS,
  type YouTubeDataApiOptions,
} from './youtube-data-api-client';

export type { YouTubeDataApiOptions };

/** Maps the API's error body (`{error:{code,message,errors:[{reason}]}}`) to a user-facing failure. */
function toSourceError(err: unknown): CommentSourceError {
  const { status, reasons } = googleError(err);
  const network = status === undefined ? networkFailureOf(err) : null;
  if (network !== null) return unreachableError(network);
  const has = (r: string) => reasons.includes(r);
  if (QUOTA_REASONS.some(has)) {
    return new CommentSourceError('quota_exceeded', SOURCE_MESSAGES.quotaExceeded);
  }
  if (has('commentsDisabled'))
    return new CommentSourceError('comments_disabled', SOURCE_MESSAGES.commentsDisabled);
  if (has('videoNotFound') || status === 404)
    return new CommentSourceError('video_not_found', SOURCE_MESSAGES.videoNotFound);
  if (has('forbidden') || has('channelNotFound'))
    return new CommentSourceError('video_private', SOURCE_MESSAGES.videoPrivate);
  if (has('keyInvalid') || status === 400) {
    return new CommentSourceError(
      'unavailable',
      'The YouTube API key was rejected. Ask the administrator to check YOUTUBE_API_KEY.',
    );
  }
  return new CommentSourceError('unavailable', SOURCE_MESSAGES.unavailable);
}

function toComment(
  c: youtube_v3.Schema$Comment | undefined,
  replyCount: number,
): InputComment | null {
  const s = c?.snippet;
  const text = s?.textOriginal ?? s?.textDisplay;
  if (!c?.id || !s || !text) return null;
  return {
    id: c.id,
    text,
    likes: s.likeCount ?? 0,
    author: s.authorDisplayName ?? null,
    publishedAt: s.publishedAt ?? null,
    replyCount,
    parentId: s.parentId ?? null,
    // the comment's channelId is the video's channel: its own comments are the creator's
    ...(s.channelId && s.authorChannelId?.value === s.channelId ? { byCreator: true } : {}),
  };
}

/**
 * Comments through the official YouTube Data API v3 client: `commentThreads.list` (100 per page,
 * plain text, `pageToken` paging), the replies embedded in each thread and `comments.list` with
 * `parentId` when a thread has more replies than it embeds; `videos.list` for metadata.
 */
export class YouTubeDataApiCommentSource implements CommentSource {
  readonly name = 'youtube-data-api';
  private readonly api: youtube_v3.Youtube;

  constructor(options: YouTubeDataApiOptions) {
    this.api = createYouTubeDataApiClient(options);
  }

  async getVideo(videoId: string, signal?: AbortSignal): Promise<VideoMetadata | null> {
    let res;
    try {
      res = await this.api.videos.list(
        { part: ['snippet', 'statistics'], id: [videoId], maxResults: 1 },
        { signal },
      );
    } catch (err) {
      throw toSourceError(err);
    }
    const item = res.data.items?.[0];
    // An API key cannot see private videos: they look exactly like missing ones.
    if (!item)
      throw new CommentSourceError(
        'video_not_found',
        `${SOURCE_MESSAGES.videoNotFound} Private videos cannot be analyzed either.`,
      );
    const thumbs = item.snippet?.thumbnails;
    const count = item.statistics?.commentCount;
    return {
      videoId,
      title: item.snippet?.title ?? null,
      thumbnailUrl: thumbs?.high?.url ?? thumbs?.medium?.url ?? thumbs?.default?.url ?? null,
      channelTitle: item.snippet?.channelTitle ?? null,
      commentCount: count === undefined || count === null ? null : Number(count),
    };
  }

  async fetchComments(videoId: string, options: FetchCommentsOptions): Promise<FetchedComments> {
    const { maxComments, signal } = options;
    const comments: InputComment[] = [];
    let pageToken: string | undefined;
    try {
      do {
        const res = await this.api.commentThreads.list(
          {
            part: ['snippet', 'replies'],
            videoId,
            maxResults: 100,
            textFormat: 'plainText',
            order: options.order ?? 'relevance',
            pageToken,
          },
          { signal },
        );
        const pageStart = comments.length;
        for (const thread of res.data.items ?? []) {
          if (comments.length >= maxComments) break;
          const total = thread.snippet?.totalReplyCount ?? 0;
          const top = toComment(thread.snippet?.topLevelComment, total);
          if (!top) continue;
          comments.push(top);
          const embedded = thread.replies?.comments ?? [];
          const replies =
            total > embedded.length
              ? await this.allReplies(top.id, maxComments - comments.length, signal)
              : embedded;
          for (const r of replies) {
            if (comments.length >= maxComments) break;
            const reply = toComment(r, 0);
            if (reply) comments.push({ ...reply, parentId: reply.parentId ?? top.id });
          }
        }
        options.onPage?.(comments.slice(pageStart));
        options.onProgress?.(comments.length);
        pageToken = res.data.nextPageToken ?? undefined;
      } while (pageToken && comments.length < maxComments);
    } catch (err) {
      if (err instanceof CommentSourceError) throw err;
      if (signal?.aborted) throw err;
      throw toSourceError(err);
    }
    return { comments, likesApproximate: false, source: this.name };
  }

  private async allReplies(
    parentId: string,
    limit: number,
    signal?: AbortSignal,
  ): Promise<youtube_v3.Schema$Comment[]> {
    const out: youtube_v3.Schema$Comment[] = [];
    let pageToken: string | undefined;
    do {
      const res = await this.api.comments.list(
        { part: ['snippet'], parentId, maxResults: 100, textFormat: 'plainText', pageToken },
        { signal },
      );
      out.push(...(res.data.items ?? []));
      pageToken = res.data.nextPageToken ?? undefined;
    } while (pageToken && out.length < limit);
    return out;
  }
}
