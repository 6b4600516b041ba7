import {
  ChannelDirectoryError,
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from './channel-directory.port';

/** Failures another directory might get around (a different quota, a different endpoint). */
const RETRYABLE = new Set(['quota_exceeded', 'unavailable']);

export interface ChainedChannelDirectoryOptions {
  /** How long a search answer is reused (a Data API search costs 100 quota units). 0: never. */
  searchCacheMs?: number;
  /** Most cached searches kept (oldest dropped first). */
  searchCacheSize?: number;
  now?: () => number;
}

/**
 * Asks each directory in order (files -> Data API -> InnerTube). Null (nothing known here) or a
 * transient failure passes to the next; a definitive answer such as "no such channel" stops the
 * chain. When every directory fails, the first failure is reported. Search answers are cached for
 * a few minutes, so a creator typing and retyping a name does not spend the API quota each time.
 */
export class ChainedChannelDirectory implements ChannelDirectory {
  readonly name: string;
  private readonly cache = new Map<string, { at: number; results: ChannelSummary[] | null }>();
  private readonly cacheMs: number;
  private readonly cacheSize: number;
  private readonly now: () => number;

  constructor(
    private readonly directories: readonly ChannelDirectory[],
    options: ChainedChannelDirectoryOptions = {},
  ) {
    this.name = directories.map((d) => d.name).join('>');
    this.cacheMs = options.searchCacheMs ?? 10 * 60_000;
    this.cacheSize = options.searchCacheSize ?? 500;
    this.now = options.now ?? Date.now;
  }

  private async first<T>(call: (d: ChannelDirectory) => Promise<T | null>): Promise<T | null> {
    let firstError: ChannelDirectoryError | null = null;
    for (const directory of this.directories) {
      try {
        const result = await call(directory);
        if (result !== null) return result;
      } catch (err) {
        if (!(err instanceof ChannelDirectoryError) || !RETRYABLE.has(err.reason)) throw err;
        firstError ??= err;
      }
    }
    if (firstError !== null) throw firstError;
    return null;
  }

  async searchChannels(
    query: string,
    options: ChannelListOptions,
  ): Promise<ChannelSummary[] | null> {
    const key = `${options.limit}:${query.trim().toLowerCase()}`;
    const hit = this.cache.get(key);
    if (hit && this.now() - hit.at < this.cacheMs) return hit.results;
    const results = await this.first((d) => d.searchChannels(query, options));
    if (this.cacheMs > 0) {
      this.cache.delete(key);
      this.cache.set(key, { at: this.now(), results });
      if (this.cache.size > this.cacheSize) {
        const oldest = this.cache.keys().next();
        if (!oldest.done) this.cache.delete(oldest.value);
      }
    }
    return results;
  }

  getChannel(channelId: string, signal?: AbortSignal): Promise<ChannelSummary | null> {
    return this.first((d) => d.getChannel(channelId, signal));
  }

  listUploads(channelId: string, options: ChannelListOptions): Promise<ChannelVideo[] | null> {
    return this.first((d) => d.listUploads(channelId, options));
  }
}
