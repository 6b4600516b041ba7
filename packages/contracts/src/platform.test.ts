import { describe, expect, it } from 'vitest';
import { PLATFORMS, platformOfVideoKey } from './platform';
import { instagramVideoKey, SAMPLE_REPORT_VIDEO_ID } from './video-id';

describe('platformOfVideoKey', () => {
  it('gives Instagram the ig_ keys', () => {
    expect(platformOfVideoKey(instagramVideoKey('17890000000000001'))).toBe('instagram');
  });

  it('gives YouTube its video ids and the sample videos', () => {
    expect(platformOfVideoKey('dQw4w9WgXcQ')).toBe('youtube');
    expect(platformOfVideoKey('ig-abcdefgh')).toBe('youtube');
    // 11 characters: a YouTube id, not a media id
    expect(platformOfVideoKey('ig_12345678')).toBe('youtube');
    expect(platformOfVideoKey(SAMPLE_REPORT_VIDEO_ID)).toBe('youtube');
  });

  it('knows every platform', () => {
    expect(PLATFORMS).toEqual(['youtube', 'instagram']);
  });
});
