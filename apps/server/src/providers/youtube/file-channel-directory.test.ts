import { mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { channelIdForTitle, FileChannelDirectory } from './file-channel-directory';

const CSV = 'id,text\nc1,Nice video\n';

describe('FileChannelDirectory over a COMMENTS_DIR folder', () => {
  let dir: string;
  const write = (name: string, content: unknown) =>
    writeFileSync(
      path.join(dir, name),
      typeof content === 'string' ? content : JSON.stringify(content),
    );

  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'chorus-channels-'));
    // Two videos of one channel named only by title, in meta.json files.
    write('vidDesert01.csv', CSV);
    write('vidDesert01.meta.json', {
      title: 'Older trip',
      channel_title: 'Desert Trips',
      published_at: '2025-10-01T10:00:00Z',
      channel_subscriber_count: 1250000,
      channel_verified: true,
    });
    write('vidDesert02.jsonl', '{"text":"Hello"}\n');
    write('vidDesert02.meta.json', {
      title: 'Newer trip',
      thumbnail_url: 'https://img.example/2.jpg',
      channel_title: 'Desert Trips',
      published_at: '2025-11-01T10:00:00Z',
    });
    // A yt-dlp info.json with the channel's real id.
    write('vidKitchen1.info.json', {
      id: 'vidKitchen1',
      title: 'Camp cooking',
      thumbnail: 'https://i.ytimg.com/vi/vidKitchen1/maxresdefault.jpg',
      channel: 'Trip Kitchen',
      channel_id: 'UCfakeTripKitchen0000003',
      channel_follower_count: 48200,
      channel_is_verified: false,
      upload_date: '20250915',
      comments: [{ id: 'a', text: 'Yum', like_count: 1, timestamp: 1757000000 }],
    });
    // Not listed: comments without a channel, metadata without comments, broken metadata.
    write('vidNoChan01.csv', CSV);
    write('vidNoComm01.meta.json', { title: 'x', channel_title: 'Ghost Channel' });
    write('vidBroken01.csv', CSV);
    write('vidBroken01.meta.json', '{"channel_title": ');
    write('README.md', '# notes');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('derives channels from the files, searchable by every word of the title or by id', async () => {
    const directory = new FileChannelDirectory(dir);
    const desertId = channelIdForTitle('Desert Trips');
    expect(desertId).toMatch(/^UC[A-Za-z0-9_-]{22}$/);
    expect(channelIdForTitle('  desert trips ')).toBe(desertId);

    expect(await directory.searchChannels('TRIP', { limit: 10 })).toEqual([
      {
        channelId: desertId,
        title: 'Desert Trips',
        thumbnailUrl: null,
        subscriberCount: 1_250_000,
        verified: true,
      },
      {
        channelId: 'UCfakeTripKitchen0000003',
        title: 'Trip Kitchen',
        thumbnailUrl: null,
        subscriberCount: 48_200,
        verified: false,
      },
    ]);
    expect(
      (await directory.searchChannels('kitchen trip', { limit: 10 }))?.map((c) => c.title),
    ).toEqual(['Trip Kitchen']);
    expect(
      (await directory.searchChannels(desertId, { limit: 10 }))?.map((c) => c.channelId),
    ).toEqual([desertId]);
    expect(await directory.searchChannels('trips', { limit: 1 })).toHaveLength(1);
    // Nothing here: the chain asks the next directory.
    expect(await directory.searchChannels('ghost', { limit: 10 })).toBeNull();
    expect(await directory.searchChannels('broken', { limit: 10 })).toBeNull();
  });

  it("lists a channel's videos newest first with their titles, thumbnails and dates", async () => {
    const directory = new FileChannelDirectory(dir);
    const desertId = channelIdForTitle('Desert Trips');
    expect(await directory.getChannel(desertId)).toMatchObject({ title: 'Desert Trips' });
    expect(await directory.listUploads(desertId, { limit: 10 })).toEqual([
      {
        videoId: 'vidDesert02',
        title: 'Newer trip',
        thumbnailUrl: 'https://img.example/2.jpg',
        publishedAt: '2025-11-01T10:00:00.000Z',
      },
      {
        videoId: 'vidDesert01',
        title: 'Older trip',
        thumbnailUrl: null,
        publishedAt: '2025-10-01T10:00:00.000Z',
      },
    ]);
    expect(await directory.listUploads(desertId, { limit: 1 })).toHaveLength(1);
    expect(await directory.listUploads('UCfakeTripKitchen0000003', { limit: 10 })).toEqual([
      {
        videoId: 'vidKitchen1',
        title: 'Camp cooking',
        thumbnailUrl: 'https://i.ytimg.com/vi/vidKitchen1/maxresdefault.jpg',
        publishedAt: '2025-09-15T00:00:00.000Z',
      },
    ]);
    expect(await directory.getChannel('UCxxxxxxxxxxxxxxxxxxxxxx')).toBeNull();
    expect(await directory.listUploads('UCxxxxxxxxxxxxxxxxxxxxxx', { limit: 10 })).toBeNull();
  });

  it('reads the folder again when a file is added or changed', async () => {
    const directory = new FileChannelDirectory(dir);
    const desertId = channelIdForTitle('Desert Trips');
    expect(await directory.listUploads(desertId, { limit: 10 })).toHaveLength(2);
    write('vidDesert03.csv', CSV);
    write('vidDesert03.meta.json', { channel_title: 'Desert Trips' });
    write('vidDesert01.meta.json', { title: 'Renamed', channel_title: 'Desert Trips' });
    const later = new Date(Date.now() + 5000);
    utimesSync(path.join(dir, 'vidDesert01.meta.json'), later, later);
    const videos = await directory.listUploads(desertId, { limit: 10 });
    // Unknown dates sort last.
    expect(videos!.map((v) => [v.videoId, v.title])).toEqual([
      ['vidDesert02', 'Newer trip'],
      ['vidDesert01', 'Renamed'],
      ['vidDesert03', null],
    ]);
  });

  it('answers nothing for a folder that does not exist', async () => {
    const directory = new FileChannelDirectory(path.join(dir, 'missing'));
    expect(await directory.searchChannels('trips', { limit: 5 })).toBeNull();
  });
});
