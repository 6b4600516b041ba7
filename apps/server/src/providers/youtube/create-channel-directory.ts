import { ChainedChannelDirectory } from '../comment-sources/chained-channel-directory';
import type { ChannelDirectory } from '../comment-sources/channel-directory.port';
import { rootUrl } from './create-comment-source';
import { FileChannelDirectory } from './file-channel-directory';
import { InnertubeChannelDirectory } from './innertube-channel-directory';
import { YouTubeDataApiChannelDirectory } from './youtube-data-api-channel-directory';

export interface ChannelDirectoryConfig {
  /** COMMENTS_DIR: channels derived from the recorded comment files, asked first. */
  commentsDir: string | undefined;
  /** YOUTUBE_API_KEY and YOUTUBE_API_BASE_URL. */
  apiKey: string | undefined;
  apiBaseUrl: string | undefined;
  /** YOUTUBE_FALLBACK: `innertube` asks YouTube's web client API without a key; `none` never. */
  fallback: 'innertube' | 'none';
}

/**
 * The channel directory chain, like the comment source's: files (COMMENTS_DIR) -> YouTube Data API
 * (with a key) -> InnerTube (unless YOUTUBE_FALLBACK=none).
 */
export function createChannelDirectory(config: ChannelDirectoryConfig): ChannelDirectory {
  const directories: ChannelDirectory[] = [];
  if (config.commentsDir) directories.push(new FileChannelDirectory(config.commentsDir));
  if (config.apiKey) {
    directories.push(
      new YouTubeDataApiChannelDirectory({
        apiKey: config.apiKey,
        ...(config.apiBaseUrl ? { baseUrl: rootUrl(config.apiBaseUrl) } : {}),
      }),
    );
  }
  if (config.fallback === 'innertube') directories.push(new InnertubeChannelDirectory());
  return new ChainedChannelDirectory(directories);
}
