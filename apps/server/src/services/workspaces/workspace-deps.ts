import {
  defaultThumbnailUrl,
  isChannelVideoId,
  type Workspace as WorkspaceReply,
} from '@app/contracts';
import type { Clock } from '../../clock';
import { AppError, NotFoundError } from '../../errors';
import {
  ChannelDirectoryError,
  type ChannelDirectory,
} from '../../providers/comment-sources/channel-directory.port';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { InstagramLink } from '../instagram/instagram-deps';
import type { CatalogueEntry } from '../../repositories/workspace-video.repository';
import type { Workspace } from '../../repositories/workspace.repository';

/** What the workspace use-cases need; each takes only the fields it uses. */
export interface WorkspaceDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  channelDirectory: ChannelDirectory;
  /** The Instagram link (null or absent: Instagram is not configured). */
  instagram?: InstagramLink | null;
}

/**
 * The newest uploads a catalogue holds (link and sync fetch this many; older videos the creator
 * added stay). 200 is four pages of the Data API's playlistItems.list (4 quota units).
 */
export const CATALOGUE_SIZE = 200;

/** Channels a search answers (the dropdown). */
export const CHANNEL_SEARCH_LIMIT = 10;

/** Another user's workspace answers the same, so ids never reveal that a workspace exists. */
export const WORKSPACE_NOT_FOUND = 'Workspace not found.';

/** The user's workspace, or 404 "Workspace not found." */
export async function requireWorkspace(
  deps: { repos: Pick<Repositories, 'workspaces'> },
  userId: string,
  workspaceId: number,
): Promise<Workspace> {
  const workspace = await deps.repos.workspaces.findForUser(userId, workspaceId);
  if (!workspace) throw new NotFoundError(WORKSPACE_NOT_FOUND, 'workspace_not_found');
  return workspace;
}

/** The contract's Workspace. */
export function toWorkspaceReply(w: Workspace): WorkspaceReply {
  return {
    id: w.id,
    name: w.name,
    youtube_channel_id: w.youtubeChannelId,
    youtube_channel_title: w.youtubeChannelTitle,
    yt_avatar_url: w.youtubeAvatarUrl,
    instagram_business_id: w.instagramBusinessId,
    instagram_username: w.instagramUsername,
    ig_profile_picture_url: w.instagramProfilePictureUrl,
    created_at: w.createdAt.toISOString(),
    auto_analyze: w.autoAnalyze,
    monthly_credit_cap: w.monthlyCreditCap,
    auto_analyze_since: w.autoAnalyzeSince?.toISOString() ?? null,
  };
}

/** A stored thumbnail, or the video host's standard image for the id. */
export function thumbnailFor(videoId: string, stored: string | null): string {
  return stored ?? defaultThumbnailUrl(videoId);
}

/**
 * Runs a channel directory call and turns its failures into replies a person can act on: a
 * missing channel is 404, a used-up quota or an unreachable YouTube 503, a bad demo file 422.
 */
export async function askDirectory<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ChannelDirectoryError)) throw error;
    const status =
      error.reason === 'channel_not_found' ? 404 : error.reason === 'invalid_file' ? 422 : 503;
    throw new AppError(status, error.reason, error.message);
  }
}

/**
 * The channel's newest uploads as catalogue entries (at most CATALOGUE_SIZE, each video once, ids
 * that are neither YouTube nor sample video ids dropped); null when no directory knows the channel's uploads.
 */
export async function fetchCatalogue(
  deps: Pick<WorkspaceDeps, 'channelDirectory'>,
  channelId: string,
): Promise<CatalogueEntry[] | null> {
  const uploads = await askDirectory(() =>
    deps.channelDirectory.listUploads(channelId, { limit: CATALOGUE_SIZE }),
  );
  if (uploads === null) return null;
  const seen = new Set<string>();
  const entries: CatalogueEntry[] = [];
  for (const v of uploads) {
    if (!isChannelVideoId(v.videoId) || seen.has(v.videoId)) continue;
    seen.add(v.videoId);
    const published = v.publishedAt === null ? NaN : Date.parse(v.publishedAt);
    entries.push({
      youtubeVideoId: v.videoId,
      title: v.title?.trim() || null,
      thumbnailUrl: v.thumbnailUrl,
      publishedAt: Number.isNaN(published) ? null : new Date(published).toISOString(),
    });
    if (entries.length >= CATALOGUE_SIZE) break;
  }
  return entries;
}
