import { describe, expect, it } from 'vitest';
import type { ChannelSearchResult, Post } from '@app/contracts';
import {
  failureSentence,
  formatSubscribers,
  idsToAdd,
  idsToAnalyze,
  instagramAuthorizeUrl,
  instagramMediaKind,
  instagramTitle,
  parseInstagramCallback,
  parseWorkspaceTab,
  postsOfKind,
  searchWithoutCallback,
  sortChannels,
  toggled,
  truncateCaption,
  workspaceIdFromState,
} from './workspace-logic';
import { orderShortcuts } from './use-workspaces';

describe('formatSubscribers (K from 1,000, M from 1,000,000, one decimal)', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1_000, '1.0K'],
    [1_234, '1.2K'],
    [1_250, '1.3K'],
    [3_400, '3.4K'],
    [999_949, '999.9K'],
    // Rounds to 1000.0K: shown as the next unit instead.
    [999_950, '1.0M'],
    [1_000_000, '1.0M'],
    [3_449_999, '3.4M'],
    [3_450_000, '3.5M'],
    [250_000_000, '250.0M'],
  ])('%i -> %s', (n, expected) => {
    expect(formatSubscribers(n)).toBe(expected);
  });

  it("says 'Subscriber count hidden' without a count", () => {
    expect(formatSubscribers(null)).toBe('Subscriber count hidden');
    expect(formatSubscribers(undefined)).toBe('Subscriber count hidden');
    expect(formatSubscribers(Number.NaN)).toBe('Subscriber count hidden');
  });
});

describe('sortChannels', () => {
  const channel = (channelId: string, subscriberCount: number | null): ChannelSearchResult => ({
    channelId,
    title: channelId,
    thumbnail_url: null,
    subscriberCount,
    verified: false,
  });

  it('puts the most subscribers first, hidden counts last, ties in the server order', () => {
    const sorted = sortChannels([
      channel('small', 10),
      channel('hidden', null),
      channel('big', 5_000_000),
      channel('tieA', 300),
      channel('tieB', 300),
    ]);
    expect(sorted.map((c) => c.channelId)).toEqual(['big', 'tieA', 'tieB', 'small', 'hidden']);
  });
});

describe('captions (60 characters plus …)', () => {
  it('keeps a caption of 60 characters and cuts a longer one at 60 plus …', () => {
    const sixty = 'a'.repeat(60);
    expect(truncateCaption(sixty)).toBe(sixty);
    expect(truncateCaption(`${sixty}b`)).toBe(`${sixty}…`);
  });

  it('never splits an emoji and drops the space before the ellipsis', () => {
    const caption = `${'x'.repeat(58)}🎉🎉 and more`;
    expect(truncateCaption(caption)).toBe(`${'x'.repeat(58)}🎉🎉…`);
    expect(truncateCaption(`${'y'.repeat(59)} tail`)).toBe(`${'y'.repeat(59)}…`);
  });

  it("shows 'Instagram' plus the media type without a caption", () => {
    expect(instagramTitle({ caption: null, media_type: 'VIDEO' })).toBe('Instagram video');
    expect(instagramTitle({ caption: '   ', media_type: 'CAROUSEL_ALBUM' })).toBe(
      'Instagram carousel album',
    );
    expect(instagramTitle({ caption: 'Sunset', media_type: 'IMAGE' })).toBe('Sunset');
  });
});

describe('instagramMediaKind (player, image or placeholder)', () => {
  it('plays a VIDEO that has a media_url', () => {
    expect(
      instagramMediaKind({ media_type: 'VIDEO', media_url: 'v.mp4', thumbnail_url: 't.jpg' }),
    ).toEqual({ kind: 'video', src: 'v.mp4', poster: 't.jpg' });
  });
  it('shows an image otherwise, and a placeholder with nothing to show', () => {
    expect(
      instagramMediaKind({ media_type: 'IMAGE', media_url: 'i.jpg', thumbnail_url: null }),
    ).toEqual({ kind: 'image', src: 'i.jpg' });
    expect(
      instagramMediaKind({ media_type: 'VIDEO', media_url: null, thumbnail_url: 't.jpg' }),
    ).toEqual({ kind: 'image', src: 't.jpg' });
    expect(
      instagramMediaKind({ media_type: 'IMAGE', media_url: null, thumbnail_url: null }),
    ).toEqual({ kind: 'placeholder' });
  });
});

describe('postsOfKind', () => {
  const ig = (id: string, timestamp: string | null): Post => ({
    kind: 'instagram',
    id,
    media_id: `1000000000${id}`,
    media_type: 'IMAGE',
    media_url: null,
    thumbnail_url: null,
    caption: null,
    permalink: null,
    timestamp,
    comments_count: null,
  });
  const yt = (id: string): Post => ({
    kind: 'youtube',
    id,
    video_id: `${id}`.padEnd(11, 'x'),
    title: null,
    thumbnail_url: null,
  });

  it('lists Instagram posts newest first, undated last; YouTube posts in the server order', () => {
    const posts = [
      ig('1', '2026-01-01T00:00:00Z'),
      yt('b'),
      ig('2', null),
      ig('3', '2026-03-01T00:00:00Z'),
      yt('a'),
      ig('4', '2026-02-01T00:00:00+0000'),
    ];
    expect(postsOfKind(posts, 'instagram').map((p) => p.id)).toEqual(['3', '4', '1', '2']);
    expect(postsOfKind(posts, 'youtube').map((p) => p.id)).toEqual(['b', 'a']);
  });
});

describe('selection rules (Analyze and Add to Workspace)', () => {
  it('Analyze uses every selected id, in the order chosen', () => {
    expect(idsToAnalyze(new Set(['c', 'a', 'b']))).toEqual(['c', 'a', 'b']);
  });
  it('Add to Workspace uses only the selected ids not yet added', () => {
    expect(idsToAdd(new Set(['a', 'b', 'c']), new Set(['b']))).toEqual(['a', 'c']);
    expect(idsToAdd(new Set(['b']), new Set(['b']))).toEqual([]);
  });
  it('toggles an id in a new set', () => {
    const s = new Set(['a']);
    const on = toggled(s, 'b');
    expect([...on]).toEqual(['a', 'b']);
    expect([...toggled(on, 'a')]).toEqual(['b']);
    expect([...s]).toEqual(['a']);
  });
});

describe('failureSentence (workspace alert texts)', () => {
  it("adds the message, or 'Unknown error', and one full stop", () => {
    expect(failureSentence('Failed to create workspace', 'You have too many workspaces.')).toBe(
      'Failed to create workspace: You have too many workspaces.',
    );
    expect(failureSentence('Instagram linking failed', 'code expired')).toBe(
      'Instagram linking failed: code expired.',
    );
    expect(failureSentence('Instagram linking failed', '')).toBe(
      'Instagram linking failed: Unknown error.',
    );
    expect(failureSentence('Failed to create workspace', null)).toBe(
      'Failed to create workspace: Unknown error.',
    );
  });
});

describe('Instagram authorisation (link address and callback)', () => {
  const instagram = {
    app_id: '990602627938098',
    authorize_url: 'https://www.instagram.com/oauth/authorize',
    redirect_uri: 'https://chorus.example.com/',
    scopes: ['instagram_business_basic', 'instagram_business_manage_comments'],
  };

  it('redirects with forced re-authentication, client id, redirect URI, code, scopes and state', () => {
    const url = new URL(instagramAuthorizeUrl(instagram, 42));
    expect(`${url.origin}${url.pathname}`).toBe('https://www.instagram.com/oauth/authorize');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      force_reauth: 'true',
      client_id: '990602627938098',
      redirect_uri: 'https://chorus.example.com/',
      response_type: 'code',
      scope: 'instagram_business_basic,instagram_business_manage_comments',
      state: '42',
    });
  });

  it('reads a code (or ig_code) and a numeric non-zero state, only when signed in', () => {
    expect(parseInstagramCallback('?code=AQB123&state=42', true)).toEqual({
      kind: 'code',
      code: 'AQB123',
      workspaceId: 42,
    });
    expect(parseInstagramCallback('?ig_code=IG9&state=7', true)).toEqual({
      kind: 'code',
      code: 'IG9',
      workspaceId: 7,
    });
    // Instagram's "#_" suffix, when it ends up in the code.
    expect(parseInstagramCallback('?code=AQB%23_&state=3', true)).toMatchObject({ code: 'AQB' });
    expect(parseInstagramCallback('?code=AQB123&state=42', false)).toBeNull();
    expect(parseInstagramCallback('?code=AQB123', true)).toBeNull();
    expect(parseInstagramCallback('?state=42', true)).toBeNull();
    expect(parseInstagramCallback('?code=AQB123&state=0', true)).toBeNull();
    expect(parseInstagramCallback('?code=AQB123&state=abc', true)).toBeNull();
    expect(parseInstagramCallback('?code=AQB123&state=-4', true)).toBeNull();
    expect(parseInstagramCallback('?code=AQB123&state=4.5', true)).toBeNull();
    expect(parseInstagramCallback('?code=&state=4', true)).toBeNull();
  });

  it('reports a refusal (error instead of a code) with its description', () => {
    expect(
      parseInstagramCallback(
        '?error=access_denied&error_reason=user_denied&error_description=The+user+denied+your+request.&state=5',
        true,
      ),
    ).toEqual({ kind: 'denied', message: 'The user denied your request.', workspaceId: 5 });
  });

  it('workspace ids from state stay within the id range', () => {
    expect(workspaceIdFromState('2147483647')).toBe(2147483647);
    expect(workspaceIdFromState('2147483648')).toBeNull();
    expect(workspaceIdFromState(null)).toBeNull();
  });

  it('removes only the callback parameters from the address', () => {
    expect(searchWithoutCallback('?code=A&state=4')).toBe('');
    expect(searchWithoutCallback('?utm=x&ig_code=A&state=4&error_reason=r')).toBe('?utm=x');
  });
});

describe('tabs and shortcuts', () => {
  it('accepts only the tabs as a stored preference', () => {
    expect(parseWorkspaceTab('insights')).toBe('insights');
    expect(parseWorkspaceTab('instagram')).toBe('instagram');
    expect(parseWorkspaceTab('analyzed')).toBe('analyzed');
    expect(parseWorkspaceTab('YouTube')).toBeNull();
    expect(parseWorkspaceTab(null)).toBeNull();
  });

  it('orders shortcuts by the added ids, then the rest, at most 6', () => {
    const ws = Array.from({ length: 9 }, (_, i) => ({
      id: i + 1,
      name: `W${i + 1}`,
      youtube_channel_id: null,
      youtube_channel_title: null,
      yt_avatar_url: null,
      instagram_business_id: null,
      instagram_username: null,
      ig_profile_picture_url: null,
      created_at: '2026-01-01T00:00:00Z',
      auto_analyze: false,
      monthly_credit_cap: null,
      auto_analyze_since: null,
    }));
    expect(orderShortcuts(ws, [7, 99, 2]).map((w) => w.id)).toEqual([7, 2, 1, 3, 4, 5]);
    expect(orderShortcuts(ws.slice(0, 2), [])).toHaveLength(2);
  });
});
