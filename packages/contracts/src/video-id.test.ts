import { describe, expect, it } from 'vitest';
import { extractVideoId } from './video-id';

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
