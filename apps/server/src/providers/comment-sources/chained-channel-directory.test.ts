import { describe, expect, it } from 'vitest';
import { ChainedChannelDirectory } from './chained-channel-directory';
import {
  ChannelDirectoryError,
  type ChannelDirectory,
  type ChannelSummary,
} from './channel-directory.port';
import { FakeChannelDirectory } from './fake-channel-directory';

const summary = (channelId: string, title: string): ChannelSummary => ({
  channelId,
  title,
  thumbnailUrl: null,
  subscriberCount: 1,
  verified: false,
});

/** A directory answering from a script, counting its calls. */
function scripted(
  name: string,
  answer: () => Promise<ChannelSummary[] | null>,
): ChannelDirectory & { calls: number } {
  const d = {
    name,
    calls: 0,
    searchChannels: () => {
      d.calls++;
      return answer();
    },
    getChannel: () => Promise.resolve(null),
    listUploads: () => Promise.resolve(null),
  };
  return d;
}

describe('ChainedChannelDirectory', () => {
  it('asks the next directory when one knows nothing or fails for a while, and stops at a definitive answer', async () => {
    const files = scripted('file', () => Promise.resolve(null));
    const api = scripted('api', () =>
      Promise.reject(new ChannelDirectoryError('quota_exceeded', 'quota')),
    );
    const web = scripted('web', () => Promise.resolve([summary('UCa', 'A')]));
    const chain = new ChainedChannelDirectory([files, api, web]);
    expect(chain.name).toBe('file>api>web');
    expect(await chain.searchChannels('a', { limit: 5 })).toEqual([summary('UCa', 'A')]);
    expect([files.calls, api.calls, web.calls]).toEqual([1, 1, 1]);

    // A channel YouTube says does not exist is not asked of the fallback.
    const fake = new FakeChannelDirectory();
    const after = new FakeChannelDirectory();
    const chain2 = new ChainedChannelDirectory([fake, after]);
    await expect(chain2.getChannel('UCxxxxxxxxxxxxxxxxxxxxxx')).rejects.toMatchObject({
      reason: 'channel_not_found',
    });
    expect(after.calls).toEqual([]);
  });

  it('reports the first failure when every directory fails, and null when none knows', async () => {
    const down = (reason: 'unavailable' | 'quota_exceeded') =>
      scripted(reason, () => Promise.reject(new ChannelDirectoryError(reason, reason)));
    const chain = new ChainedChannelDirectory([down('quota_exceeded'), down('unavailable')]);
    await expect(chain.searchChannels('a', { limit: 5 })).rejects.toMatchObject({
      reason: 'quota_exceeded',
    });
    const none = new ChainedChannelDirectory([scripted('file', () => Promise.resolve(null))]);
    expect(await none.searchChannels('a', { limit: 5 })).toBeNull();
    expect(await none.getChannel('UCa')).toBeNull();
  });

  it('reuses a search answer for a while (a Data API search costs 100 quota units)', async () => {
    let now = 0;
    const api = scripted('api', () => Promise.resolve([summary('UCa', 'A')]));
    const chain = new ChainedChannelDirectory([api], { searchCacheMs: 60_000, now: () => now });
    await chain.searchChannels('Desert', { limit: 5 });
    await chain.searchChannels(' desert ', { limit: 5 });
    expect(api.calls).toBe(1);
    await chain.searchChannels('desert', { limit: 3 });
    expect(api.calls).toBe(2);
    now = 60_001;
    await chain.searchChannels('desert', { limit: 5 });
    expect(api.calls).toBe(3);
    // Failures are not cached.
    const flaky = scripted('flaky', () =>
      Promise.reject(new ChannelDirectoryError('unavailable', 'down')),
    );
    const chain2 = new ChainedChannelDirectory([flaky]);
    await expect(chain2.searchChannels('x', { limit: 5 })).rejects.toThrow();
    await expect(chain2.searchChannels('x', { limit: 5 })).rejects.toThrow();
    expect(flaky.calls).toBe(2);
  });
});

describe('FakeChannelDirectory', () => {
  it('is deterministic: four channels, dated uploads newest first, a title search', async () => {
    const a = new FakeChannelDirectory();
    const b = new FakeChannelDirectory();
    expect(await a.searchChannels('desert', { limit: 10 })).toEqual(
      await b.searchChannels('desert', { limit: 10 }),
    );
    const uploads = await a.listUploads('UCfakeDesertTrips0000001', { limit: 3 });
    expect(uploads.map((v) => [v.videoId, v.publishedAt])).toEqual([
      ['fake1v00000', '2025-11-01T12:00:00.000Z'],
      ['fake1v00001', '2025-10-31T12:00:00.000Z'],
      ['fake1v00002', '2025-10-30T12:00:00.000Z'],
    ]);
    expect(await a.listUploads('UCfakeTinyChannel0000004', { limit: 3 })).toEqual([]);
    // Changes stay in one instance.
    a.removeChannel('UCfakeTinyChannel0000004');
    await expect(a.getChannel('UCfakeTinyChannel0000004')).rejects.toMatchObject({
      reason: 'channel_not_found',
    });
    expect(await b.getChannel('UCfakeTinyChannel0000004')).toMatchObject({ title: 'Tiny Channel' });
    a.failNext(new ChannelDirectoryError('unavailable', 'down'));
    await expect(a.searchChannels('x', { limit: 1 })).rejects.toMatchObject({
      reason: 'unavailable',
    });
    expect(await a.searchChannels('trip kitchen', { limit: 1 })).toHaveLength(1);
  });
});
