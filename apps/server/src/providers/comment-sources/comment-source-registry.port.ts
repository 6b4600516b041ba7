import type { Platform } from '@app/contracts';
import type { ChannelDirectory } from './channel-directory.port';
import type { CommentSource } from './comment-source.port';

/** What one platform brings: where its comments come from and, if it has one, its channel directory. */
export interface PlatformSources {
  comments: CommentSource;
  /** Finds channels and lists their videos (workspaces); null when the platform has none. */
  directory: ChannelDirectory | null;
}

/**
 * The comment sources and channel directories of every platform, keyed by platform. `container.ts`
 * builds it; the analysis asks it for the source of a job's platform.
 */
export interface CommentSourceRegistry {
  readonly platforms: readonly Platform[];
  sourceFor(platform: Platform): CommentSource;
  directoryFor(platform: Platform): ChannelDirectory | null;
}
