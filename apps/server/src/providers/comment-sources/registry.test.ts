import { describe, expect, it } from 'vitest';
import type { ChannelDirectory } from './channel-directory.port';
import type { CommentSource } from './comment-source.port';
import { createCommentSourceRegistry } from './registry';

function source(name: string): CommentSource {
  return {
    name,
    getVideo: () => Promise.resolve(null),
    fetchComments: () => Promise.resolve(null),
  };
}

describe('createCommentSourceRegistry', () => {
  const youtube = source('youtube');
  const instagram = source('instagram');
  const directory = { name: 'dir' } as unknown as ChannelDirectory;
  const registry = createCommentSourceRegistry({
    youtube: { comments: youtube, directory },
    instagram: { comments: instagram, directory: null },
  });

  it('answers each platform with its own source and directory', () => {
    expect(registry.sourceFor('youtube')).toBe(youtube);
    expect(registry.sourceFor('instagram')).toBe(instagram);
    expect(registry.directoryFor('youtube')).toBe(directory);
    expect(registry.directoryFor('instagram')).toBeNull();
  });

  it('lists the registered platforms', () => {
    expect([...registry.platforms].sort()).toEqual(['instagram', 'youtube']);
  });
});
