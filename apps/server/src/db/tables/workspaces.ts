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
  /** The linked account's access token, AES-256-GCM encrypted (services/instagram/token-cipher). */
  instagramTokenCiphertext: string | null;
  instagramTokenExpiresAt: Timestamp | null;
  instagramTokenSource: 'instagram_login' | 'facebook' | null;
  instagramLinkedAt: Timestamp | null;
  instagramSyncedAt: Timestamp | null;
  /** New uploads are analysed by the scheduled sync. */
  autoAnalyze: Generated<boolean>;
  /** When auto-analysis was last turned on: videos published after it are new. */
  autoAnalyzeSince: Timestamp | null;
  /** Credits auto-analysis may spend per calendar month (UTC); null: no cap. */
  monthlyCreditCap: number | null;
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

/** One post of the workspace's Instagram account (refreshed by link and sync). */
export interface InstagramPostsTable {
  id: Generated<number>;
  workspaceId: number;
  mediaId: string;
  mediaType: string;
  mediaUrl: string | null;
  thumbnailUrl: string | null;
  caption: string | null;
  timestamp: Timestamp | null;
  permalink: string | null;
  commentsCount: number | null;
  createdAt: CreatedAt;
  updatedAt: Generated<Date>;
}

export interface WorkspaceTables {
  workspaces: WorkspacesTable;
  workspaceVideos: WorkspaceVideosTable;
  instagramPosts: InstagramPostsTable;
}
