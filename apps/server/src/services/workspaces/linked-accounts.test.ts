import { describe, expect, it } from 'vitest';
import type { Workspace } from '../../repositories/workspace.repository';
import { linkedAccounts } from './linked-accounts';

const bare = {
  id: 1,
  userId: 'u',
  name: 'Kitchen',
  youtubeChannelId: null,
  youtubeChannelTitle: null,
  youtubeAvatarUrl: null,
  instagramBusinessId: null,
  instagramUsername: null,
  instagramProfilePictureUrl: null,
} as unknown as Workspace;

describe('linkedAccounts', () => {
  it('is empty for a workspace with nothing linked', () => {
    expect(linkedAccounts(bare)).toEqual([]);
  });

  it('lists each linked platform once, YouTube first', () => {
    const both = {
      ...bare,
      youtubeChannelId: 'UCaaaaaaaaaaaaaaaaaaaaaa',
      youtubeChannelTitle: 'Hollowbrook Kitchen',
      youtubeAvatarUrl: 'https://example.test/a.jpg',
      instagramBusinessId: '17841400000000001',
      instagramUsername: 'hollowbrook',
    } as Workspace;
    expect(linkedAccounts(both)).toEqual([
      {
        platform: 'youtube',
        id: 'UCaaaaaaaaaaaaaaaaaaaaaa',
        name: 'Hollowbrook Kitchen',
        avatarUrl: 'https://example.test/a.jpg',
      },
      { platform: 'instagram', id: '17841400000000001', name: 'hollowbrook', avatarUrl: null },
    ]);
  });

  it('lists an Instagram account without a YouTube channel', () => {
    const ig = { ...bare, instagramBusinessId: '17841400000000002' } as Workspace;
    expect(linkedAccounts(ig).map((a) => a.platform)).toEqual(['instagram']);
  });
});
