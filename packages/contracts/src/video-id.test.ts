import { describe, expect, it } from 'vitest';
import { ChannelIdSchema } from './workspaces';
import { VideoIdSchema } from './common';
import {
  defaultThumbnailUrl,
  extractVideoId,
  instagramMediaIdOf,
  isSampleVideoId,
} from './video-id';

describe('extractVideoId (11-character ids from links and bare ids)', () => {
  const id = 'dQw4w9WgXcQ';
  const embedCode =
    `<iframe width="560" height="315" src="https://www.youtube.com/embed/${id}?si=x" ` +
    'title="YouTube video player" frameborder="0" allow="accelerometer; autoplay; clipboard-write; ' +
    'encrypted-media; gyroscope; picture-in-picture; web-share" ' +
    'referrerpolicy="strict-origin-when-cross-origin" allowfullscreen></iframe>';
  it.each([
    // the watch page, on every host and scheme
    `https://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?v=${id}`,
    `http://www.youtube.com/watch?v=${id}`,
    `www.youtube.com/watch?v=${id}`,
    `youtube.com/watch?v=${id}`,
    `https://m.youtube.com/watch?v=${id}`,
    `https://music.youtube.com/watch?v=${id}&si=abc`,
    `https://www.youtube.com/watch?v=${id}&t=42`,
    `https://www.youtube.com/watch?v=${id}&t=1m2s`,
    `https://www.youtube.com/watch?v=${id}#t=30`,
    `https://youtube.com/watch?feature=share&v=${id}&t=42`,
    `https://www.youtube.com/watch?feature=player_embedded&v=${id}`,
    `https://www.youtube.com/watch?v=${id}&list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs&index=2`,
    `https://www.youtube.com/?v=${id}`,
    `https://www.youtube.com/watch/${id}`,
    `https://www.youtube.com/watch?vi=${id}`,
    `https://www.youtube.com/?vi=${id}`,
    `https://www.youtube.com/#!v=${id}`,
    `https://www.youtube.com/watch#!v=${id}`,
    // short links
    `https://youtu.be/${id}`,
    `https://youtu.be/${id}?si=abc`,
    `https://youtu.be/${id}?t=42`,
    `youtu.be/${id}`,
    // the player's own paths
    `https://www.youtube.com/embed/${id}`,
    `https://www.youtube.com/embed/${id}?start=3`,
    `https://www.youtube-nocookie.com/embed/${id}?rel=0`,
    `https://www.youtube.com/v/${id}?version=3&hl=en_US`,
    `https://www.youtube.com/e/${id}`,
    `https://www.youtube.com/vi/${id}`,
    `https://www.youtube.com/shorts/${id}`,
    `https://youtube.com/shorts/${id}?feature=share`,
    `youtube.com/shorts/${id}`,
    `https://www.youtube.com/live/${id}?feature=share`,
    // a pasted embed code (the share dialog's "Embed")
    embedCode,
    `<iframe src="https://www.youtube.com/embed/${id}?si=x&amp;start=42"></iframe>`,
    `<iframe src='//www.youtube-nocookie.com/embed/${id}'></iframe>`,
    // the share link of YouTube's e-mails, plain and URL-encoded
    `https://www.youtube.com/attribution_link?a=xyz&u=/watch?v=${id}&feature=share`,
    `https://www.youtube.com/attribution_link?a=xyz&u=%2Fwatch%3Fv%3D${id}%26feature%3Dshare`,
    // the cookie-consent page in front of a video
    `https://consent.youtube.com/m?continue=https%3A%2F%2Fwww.youtube.com%2Fwatch%3Fv%3D${id}&gl=DE`,
    // a thumbnail's address
    `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
    `https://i3.ytimg.com/vi/${id}/maxresdefault.jpg`,
    `https://i.ytimg.com/vi_webp/${id}/maxresdefault.webp`,
    `https://img.youtube.com/vi/${id}/0.jpg`,
    // old channel pages that played a video
    `https://www.youtube.com/user/SomeCreator#p/u/1/${id}`,
    `https://www.youtube.com/user/SomeCreator#p/a/u/2/${id}`,
    // a bare id
    id,
    `  ${id}  `,
  ])('accepts %s', (url) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    '',
    'hello',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${id}X`,
    `https://youtu.be/${id}extra`,
    // other sites, schemes and look-alikes
    `https://vimeo.com/${id}`,
    `https://evil.example/watch?v=${id}`,
    `https://youtube.com.evil.example/watch?v=${id}`,
    `https://evil.example/vi/${id}/0.jpg`,
    `ftp://www.youtube.com/watch?v=${id}`,
    'javascript:alert(1)',
    `https://www.youtube.com/attribution_link?u=https://evil.example/watch?v=${id}`,
    `<iframe src="https://evil.example/embed/${id}"></iframe>`,
    // channel and user pages
    'https://www.youtube.com/channel/UC123',
    'https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw',
    'https://www.youtube.com/@handle_1234',
    'https://www.youtube.com/c/SomeCreator',
    'https://www.youtube.com/user/SomeCreator',
    'https://www.youtube.com/user/SomeCreator#p/u',
    // playlists without a video: "videoseries" is 11 letters but names no video
    'https://www.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    'https://www.youtube.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
    // a channel's live-stream embed: "live_stream" is 11 letters too
    'https://www.youtube.com/embed/live_stream?channel=UCuAXFkgsw1L7xaCfnd5JJOw',
    // two different videos in one link or one embed code
    `https://www.youtube.com/embed/${id}?v=aaaaaaaaaaa`,
    `<iframe src="https://youtu.be/${id}"></iframe><iframe src="https://youtu.be/aaaaaaaaaaa"></iframe>`,
    '<iframe width="560" height="315"></iframe>',
  ])('rejects %s', (url) => {
    expect(extractVideoId(url)).toBeNull();
  });
});

describe('sample video ids', () => {
  it('are their own report keys, never 11 characters and never an Instagram key', () => {
    for (const id of ['sample_knife-skills', 'sample_sourdough-starter', 'sample_abcde']) {
      expect(isSampleVideoId(id)).toBe(true);
      expect(extractVideoId(id)).toBe(id);
      expect(VideoIdSchema.safeParse(id).success).toBe(true);
      expect(id.length).toBeGreaterThan(11);
      expect(instagramMediaIdOf(id)).toBeNull();
    }
  });

  it.each(['sample_abcd', 'sample_', 'Sample_knife-skills', 'sample_knife_skills', 'ig_123456789'])(
    'does not take %s for a sample id',
    (id) => {
      expect(isSampleVideoId(id)).toBe(false);
    },
  );

  it('keeps an 11-character id that starts with "sample_" a YouTube id', () => {
    expect(isSampleVideoId('sample_abcd')).toBe(false);
    expect(extractVideoId('sample_abcd')).toBe('sample_abcd');
  });

  it('draws sample thumbnails instead of asking the video host', () => {
    expect(defaultThumbnailUrl('sample_knife-skills')).toMatch(/^data:image\/svg\+xml,/);
    expect(defaultThumbnailUrl('dQw4w9WgXcQ')).toBe(
      'https://i.ytimg.com/vi/dQw4w9WgXcQ/hqdefault.jpg',
    );
  });

  it('accepts the sample channel id form where channel ids are validated', () => {
    expect(ChannelIdSchema.safeParse('sample_kitchen-channel').success).toBe(true);
    expect(ChannelIdSchema.safeParse('sample_kitchen_channel').success).toBe(false);
  });
});
