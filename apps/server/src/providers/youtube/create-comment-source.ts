import { ChainedCommentSource } from '../comment-sources/chained-comment-source';
import type { CommentSource } from '../comment-sources/comment-source.port';
import { FileCommentSource } from '../comment-sources/file-comment-source';
import { YouTubeDataApiCommentSource } from './youtube-data-api-comment-source';

export interface CommentSourceConfig {
  /** COMMENTS_DIR: recorded comment files, asked first. */
  commentsDir: string | undefined;
  /** YOUTUBE_API_KEY and YOUTUBE_API_BASE_URL. */
  apiKey: string | undefined;
  apiBaseUrl: string | undefined;
  /** The no-key fallback (InnerTube), when available. */
  fallback?: CommentSource | null;
}

/**
 * The comment source chain: files (COMMENTS_DIR) -> YouTube Data API (with a key) -> the no-key
 * fallback. A video missing from one source is asked of the next.
 */
export function createCommentSource(config: CommentSourceConfig): CommentSource {
  const sources: CommentSource[] = [];
  if (config.commentsDir) sources.push(new FileCommentSource(config.commentsDir));
  if (config.apiKey) {
    sources.push(
      new YouTubeDataApiCommentSource({
        apiKey: config.apiKey,
        ...(config.apiBaseUrl ? { baseUrl: rootUrl(config.apiBaseUrl) } : {}),
      }),
    );
  }
  if (config.fallback) sources.push(config.fallback);
  return new ChainedCommentSource(sources);
}

/**
 * The client wants the API's root (it appends `youtube/v3/...`); accept the documented
 * `https://www.googleapis.com/youtube/v3` form too.
 */
export function rootUrl(base: string): string {
  const u = base.replace(/\/+$/, '').replace(/\/youtube\/v3$/, '');
  return `${u}/`;
}
