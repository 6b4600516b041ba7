import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './auth';

/** A user's workspace: one YouTube channel and (later) one Instagram business account. */
export interface WorkspacesTable {
  /** Integer identity: the Instagram OAuth `state` carries it, and the web app stores them. */
  id: Generated<number>;
  userId: string;
  name: string;
  youtubeChannelId: string | null;
  youtubeChannelTitle: string | null;
  youtubeAvatarUrl: string | null;
  youtubeLinkedAt: Timestamp | null;
  /** When the video catalogue was last filled from the channel. */
  youtubeSyncedAt: Timestamp | null;
  instagramBusinessId: string | null;
  instagramUsername: string | null;
  instagramProfilePictureUrl: string | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

/** One video of a workspace's channel catalogue; `isAdded` once the creator added it. */
export interface WorkspaceVideosTable {
  id: Generated<number>;
  workspaceId: number;
  youtubeVideoId: string;
  title: string | null;
  thumbnailUrl: string | null;
  publishedAt: Timestamp | null;
  isAdded: Generated<boolean>;
  addedAt: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  workspaceVideos: WorkspaceVideosTable;
}
