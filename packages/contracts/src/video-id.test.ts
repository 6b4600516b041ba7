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
  it.each([
    `https://www.youtube.com/watch?v=${id}`,
    `https://youtube.com/watch?feature=share&v=${id}&t=42`,
    `https://m.youtube.com/watch?v=${id}`,
    `https://www.youtube.com/embed/${id}?start=3`,
    `https://www.youtube.com/v/${id}`,
    `https://www.youtube.com/e/${id}`,
    `https://youtu.be/${id}?si=abc`,
    `https://www.youtube.com/shorts/${id}`,
    `youtube.com/shorts/${id}`,
    `  ${id}  `,
  ])('accepts %s', (url) => {
    expect(extractVideoId(url)).toBe(id);
  });

  it.each([
    '',
    'hello',
    'https://www.youtube.com/watch?v=short',
    `https://www.youtube.com/watch?v=${id}X`,
    `https://vimeo.com/${id}`,
    `https://evil.example/watch?v=${id}`,
    'https://www.youtube.com/channel/UC123',
    `https://youtu.be/${id}extra`,
    'javascript:alert(1)',
    // a playlist's embed link: "videoseries" is 11 letters but names no video
    'https://www.youtube.com/embed/videoseries?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs',
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
