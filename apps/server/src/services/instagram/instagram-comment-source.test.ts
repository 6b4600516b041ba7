import { describe, expect, it } from 'vitest';
import type { InputComment } from '@app/analysis';
import {
  FAKE_INSTAGRAM_ACCOUNT,
  FakeInstagramGraph,
} from '../../providers/instagram/fake-instagram-graph';
import { InstagramCommentSource } from './instagram-comment-source';
import { createTokenCipher } from './token-cipher';

describe('InstagramCommentSource', () => {
  it("reads a post's comments with the workspace's token and marks the account's own replies", async () => {
    const cipher = createTokenCipher('test-secret-for-instagram-tokens');
    const workspace = {
      id: 1,
      instagramBusinessId: FAKE_INSTAGRAM_ACCOUNT.businessId,
      instagramTokenCiphertext: cipher.encrypt('token'),
      instagramTokenSource: 'instagram_login' as const,
      // the account's name in another case: Instagram names are case-insensitive
      instagramUsername: 'Desert.Trips',
    };
    const source = new InstagramCommentSource({
      repos: { workspaces: { findById: () => Promise.resolve(workspace) } } as never,
      instagram: { graph: new FakeInstagramGraph(), cipher },
    });
    const pages: InputComment[][] = [];
    const got = await source.fetchComments('ig_17900000000000004', {
      maxComments: 100,
      workspaceId: 1,
      onPage: (page) => pages.push(page),
    });
    // pages are reported as the comments returned, the creator's marked alike
    expect(pages.flat()).toEqual(got!.comments);
    expect(got!.source).toBe('instagram-graph');
    const own = got!.comments.filter((c) => c.byCreator);
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((c) => c.author === FAKE_INSTAGRAM_ACCOUNT.username)).toBe(true);
    expect(
      got!.comments.filter((c) => !c.byCreator).every((c) => c.author !== 'desert.trips'),
    ).toBe(true);
  });
});
