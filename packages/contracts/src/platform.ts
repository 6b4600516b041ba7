import { z } from 'zod';
import { instagramMediaIdOf } from './video-id';

/**
 * The platforms whose comments Chorus reads. Every analysis, report and per-video row belongs to
 * one; its report key says which (see VideoIdSchema).
 */
export const PLATFORMS = ['youtube', 'instagram'] as const;
export const PlatformSchema = z.enum(PLATFORMS);
export type Platform = z.infer<typeof PlatformSchema>;

/**
 * Whether a report key is in a platform's own form. The platform without one (YouTube) owns every
 * other key: an 11-character video id or a sample video.
 */
const OWNS_KEY: Readonly<Record<Platform, ((videoKey: string) => boolean) | null>> = {
  youtube: null,
  // `ig_` and the media id's digits: an 11-character YouTube id may start with "ig_" too
  instagram: (videoKey) => instagramMediaIdOf(videoKey) !== null,
};
const DEFAULT_PLATFORM: Platform = 'youtube';

/** The platform a report key (video id) belongs to. */
export function platformOfVideoKey(videoKey: string): Platform {
  return PLATFORMS.find((platform) => OWNS_KEY[platform]?.(videoKey) === true) ?? DEFAULT_PLATFORM;
}
