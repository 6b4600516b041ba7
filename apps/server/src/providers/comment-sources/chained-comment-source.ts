import {
  CommentSourceError,
  type CommentSource,
  type FetchCommentsOptions,
  type FetchedComments,
  type VideoMetadata,
} from './comment-source.port';

/** Failures that another source might get around (a different quota, a different endpoint). */
const RETRYABLE = new Set(['quota_exceeded', 'unavailable']);

/**
 * Asks each source in order (file -> Data API -> InnerTube). A source with nothing for the video
 * (null) or a transient failure passes to the next one; a definitive answer such as "private" or
 * "comments disabled" stops the chain. When every source fails, the first failure is reported.
 */
export class ChainedCommentSource implements CommentSource {
  readonly name: string;

  constructor(private readonly sources: readonly CommentSource[]) {
    this.name = sources.map((s) => s.name).join('>');
  }

  private async first<T>(call: (s: CommentSource) => Promise<T | null>): Promise<T | null> {
    let firstError: CommentSourceError | null = null;
    for (const source of this.sources) {
      try {
        const result = await call(source);
        if (result !== null) return result;
      } catch (err) {
        if (!(err instanceof CommentSourceError) || !RETRYABLE.has(err.reason)) throw err;
        firstError ??= err;
      }
    }
    if (firstError !== null) throw firstError;
    return null;
  }

  getVideo(videoId: string, signal?: AbortSignal): Promise<VideoMetadata | null> {
    return this.first((s) => s.getVideo(videoId, signal));
  }

  fetchComments(videoId: string, options: FetchCommentsOptions): Promise<FetchedComments | null> {
    return this.first((s) => s.fetchComments(videoId, options));
  }
}
