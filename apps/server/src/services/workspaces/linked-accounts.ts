import type { Platform } from '@app/contracts';
import type { Workspace } from '../../repositories/workspace.repository';

/** An account of one platform linked to a workspace: a YouTube channel, an Instagram account. */
export interface LinkedAccount {
  platform: Platform;
  /** The platform's id of the account (channel id, Instagram business id). */
  id: string;
  /** Its name as the platform shows it (channel title, @username), when known. */
  name: string | null;
  avatarUrl: string | null;
}

/**
 * Reads each platform's account off a workspace row. The row keeps one set of columns per
 * platform; code that works on every linked account loops over this list instead.
 */
const ACCOUNT_OF: Readonly<Record<Platform, (w: Workspace) => LinkedAccount | null>> = {
  youtube: (w) =>
    w.youtubeChannelId === null
      ? null
      : {
          platform: 'youtube',
          id: w.youtubeChannelId,
          name: w.youtubeChannelTitle,
          avatarUrl: w.youtubeAvatarUrl,
        },
  instagram: (w) =>
    w.instagramBusinessId === null
      ? null
      : {
          platform: 'instagram',
          id: w.instagramBusinessId,
          name: w.instagramUsername,
          avatarUrl: w.instagramProfilePictureUrl,
        },
};

/** The accounts linked to a workspace, one per platform that has one (YouTube first). */
export function linkedAccounts(workspace: Workspace): LinkedAccount[] {
  return Object.values(ACCOUNT_OF)
    .map((accountOf) => accountOf(workspace))
    .filter((a): a is LinkedAccount => a !== null);
}
