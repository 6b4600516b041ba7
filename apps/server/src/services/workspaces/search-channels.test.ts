import { describe, expect, it } from 'vitest';
import type { ChannelSummary } from '../../providers/comment-sources/channel-directory.port';
import { FakeChannelDirectory } from '../../providers/comment-sources/fake-channel-directory';
import { SAMPLE_CHANNEL_DIR } from '../../config/paths';
import {
  SampleFirstChannelDirectory,
  sampleChannelLoader,
} from '../../providers/youtube/sample-channel';
import { searchChannels } from './search-channels';

const channel = (n: number, subscriberCount: number | null): ChannelSummary => ({
  channelId: `UCsearchTestChannel${String(n).padStart(5, '0')}`,
  title: `Channel ${n}`,
  thumbnailUrl: null,
  subscriberCount,
  verified: false,
});

describe('searchChannels', () => {
  it('sorts by subscribers, hidden last, equal counts in the source order, each channel once', async () => {
    const found = [
      channel(1, null),
      channel(2, 10),
      channel(3, 500),
      channel(4, 10),
      channel(2, 10),
    ];
    const directory = {
      name: 'scripted',
      searchChannels: () => Promise.resolve(found),
      getChannel: () => Promise.resolve(null),
      listUploads: () => Promise.resolve(null),
    };
    const results = await searchChannels({ channelDirectory: directory }, { query: 'channel' });
    expect(results.map((r) => r.title)).toEqual([
      'Channel 3',
      'Channel 2',
      'Channel 4',
      'Channel 1',
    ]);
  });

  it('puts the sample channel first when a search finds it, whatever the subscriber counts', async () => {
    const directory = new SampleFirstChannelDirectory(sampleChannelLoader(SAMPLE_CHANNEL_DIR), {
      name: 'scripted',
      searchChannels: () => Promise.resolve([channel(1, 9_000_000), channel(2, 50)]),
      getChannel: () => Promise.resolve(null),
      listUploads: () => Promise.resolve(null),
    });
    const results = await searchChannels({ channelDirectory: directory }, { query: 'sample' });
    expect(results.map((r) => r.title)).toEqual([
      'Sample Kitchen (sample data)',
      'Channel 1',
      'Channel 2',
    ]);
  });

  it('searches for the handle of a pasted channel link and looks a pasted id up directly', async () => {
    const directory = new FakeChannelDirectory();
    await searchChannels(
      { channelDirectory: directory },
      { query: 'https://www.youtube.com/@deserttrips/videos' },
    );
    await searchChannels({ channelDirectory: directory }, { query: 'youtube.com/c/TripKitchen' });
    const byId = await searchChannels(
      { channelDirectory: directory },
      { query: ' UCfakeTripKitchen0000003 ' },
    );
    expect(byId.map((r) => r.title)).toEqual(['Trip Kitchen']);
    expect(directory.calls).toEqual([
      'search:@deserttrips',
      'search:TripKitchen',
      'channel:UCfakeTripKitchen0000003',
    ]);
  });
});
