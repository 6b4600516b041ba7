import type { Platform } from '@app/contracts';
import type { ChannelDirectory } from './channel-directory.port';
import type { CommentSource } from './comment-source.port';
import type { CommentSourceRegistry, PlatformSources } from './comment-source-registry.port';

/**
 * The registry over one entry per platform. The entries are a record keyed by every `Platform`,
 * so a platform added to the contracts fails the build until it is registered here.
 */
export function createCommentSourceRegistry(
  entries: Readonly<Record<Platform, PlatformSources>>,
): CommentSourceRegistry {
  const platforms = Object.keys(entries) as Platform[];
  return {
    platforms,
    sourceFor(platform: Platform): CommentSource {
      return entries[platform].comments;
    },
    directoryFor(platform: Platform): ChannelDirectory | null {
      return entries[platform].directory;
    },
  };
}
