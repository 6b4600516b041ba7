import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ChannelDirectoryError } from '../comment-sources/channel-directory.port';
import { YouTubeDataApiChannelDirectory } from './youtube-data-api-channel-directory';

const KEY = 'test-key-123';
const DESERT = 'UCfakeDesertTrips0000001';
const HIDDEN = 'UCfakeDesertShorts000002';
const NEW = 'UCfakeBrandNewChan000006'; // found by search, missing from channels.list
const EMPTY = 'UCfakeTinyChannel0000004'; // never uploaded: its uploads playlist does not exist
const QUOTA = 'UCquotaquotaquotaquota00';

interface Logged {
  path: string;
  query: URLSearchParams;
}

const thumbs = (name: string) => ({
  default: { url: `https://yt3.ggpht.com/${name}=s88`, width: 88, height: 88 },
  medium: { url: `https://yt3.ggpht.com/${name}=s240`, width: 240, height: 240 },
  high: { url: `https://yt3.ggpht.com/${name}=s800`, width: 800, height: 800 },
});

function channel(id: string, title: string, statistics: Record<string, unknown>) {
  return {
    kind: 'youtube#channel',
    etag: 'e',
    id,
    snippet: { title, description: '', customUrl: '@x', thumbnails: thumbs(title) },
    contentDetails: { relatedPlaylists: { likes: '', uploads: `UU${id.slice(2)}` } },
    statistics,
  };
}

const CHANNELS: Record<string, ReturnType<typeof channel>> = {
  [DESERT]: channel(DESERT, 'Desert Trips', {
    viewCount: '9000000',
    subscriberCount: '1250000',
    hiddenSubscriberCount: false,
    videoCount: '7',
  }),
  [HIDDEN]: channel(HIDDEN, 'Desert Trips Shorts', {
    viewCount: '100',
    hiddenSubscriberCount: true,
    videoCount: '2',
  }),
  [EMPTY]: channel(EMPTY, 'Tiny Channel', {
    viewCount: '0',
    subscriberCount: '12',
    hiddenSubscriberCount: false,
    videoCount: '0',
  }),
};

function playlistItem(videoId: string, title: string, publishedAt: string, privacy = 'public') {
  return {
    kind: 'youtube#playlistItem',
    etag: 'e',
    id: `PLI${videoId}`,
    snippet: {
      publishedAt,
      channelId: DESERT,
      title,
      ...(privacy === 'public'
        ? {
            thumbnails: {
              default: { url: `https://i.ytimg.com/vi/${videoId}/default.jpg` },
              medium: { url: `https://i.ytimg.com/vi/${videoId}/mqdefault.jpg` },
            },
          }
        : {}),
      playlistId: `UU${DESERT.slice(2)}`,
      resourceId: { kind: 'youtube#video', videoId },
    },
    contentDetails: { videoId, videoPublishedAt: publishedAt },
    status: { privacyStatus: privacy },
  };
}

/** Desert Trips' uploads in two pages (newest first), with a private and a deleted video. */
const UPLOADS = [
  [
    playlistItem('desert00007', 'Newest trip', '2025-11-07T10:00:00Z'),
    playlistItem('desert00006', 'Private video', '2025-11-06T10:00:00Z', 'private'),
    playlistItem(
      'desert00005',
      'Deleted video',
      '2025-11-05T10:00:00Z',
      'privacyStatusUnspecified',
    ),
    playlistItem('desert00004', 'Fourth trip', '2025-11-04T10:00:00Z'),
  ],
  [
    playlistItem('desert00003', 'Third trip', '2025-11-03T10:00:00Z', 'unlisted'),
    playlistItem('desert00002', 'Second trip', '2025-11-02T10:00:00Z'),
  ],
];

function googleError(res: ServerResponse, code: number, reason: string, message: string) {
  res.writeHead(code, { 'content-type': 'application/json; charset=UTF-8' });
  res.end(
    JSON.stringify({ error: { code, message, errors: [{ message, domain: 'youtube', reason }] } }),
  );
}

/** The list parameters as the client sends them (repeated or comma-joined). */
const many = (q: URLSearchParams, name: string) => q.getAll(name).flatMap((v) => v.split(','));

/** A 127.0.0.1 stand-in for youtube.googleapis.com speaking the v3 wire format. */
function handler(log: Logged[]) {
  return (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const q = url.searchParams;
    log.push({ path: url.pathname, query: q });
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (q.get('key') !== KEY)
      return googleError(res, 400, 'keyInvalid', 'API key not valid. Please pass a valid API key.');

    if (url.pathname === '/youtube/v3/search') {
      if (q.get('q') === 'quota')
        return googleError(
          res,
          403,
          'quotaExceeded',
          'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.',
        );
      const hits = q.get('q') === 'nothing' ? [] : [HIDDEN, DESERT, NEW];
      return json({
        kind: 'youtube#searchListResponse',
        etag: 'e',
        nextPageToken: 'CAUQAA',
        regionCode: 'US',
        pageInfo: { totalResults: 3, resultsPerPage: Number(q.get('maxResults')) },
        items: hits.map((id) => ({
          kind: 'youtube#searchResult',
          etag: 'e',
          id: { kind: 'youtube#channel', channelId: id },
          snippet: {
            publishedAt: '2020-01-01T00:00:00Z',
            channelId: id,
            title: id === NEW ? 'Brand New Channel' : CHANNELS[id]!.snippet.title,
            description: '',
            thumbnails: { default: { url: `https://yt3.ggpht.com/search-${id}=s88` } },
            channelTitle: 'x',
            liveBroadcastContent: 'none',
          },
        })),
      });
    }
    if (url.pathname === '/youtube/v3/channels') {
      const ids = many(q, 'id');
      if (ids.includes(QUOTA))
        return googleError(res, 403, 'quotaExceeded', 'You have exceeded your quota.');
      const items = ids.flatMap((id) => (CHANNELS[id] ? [CHANNELS[id]] : []));
      return json({
        kind: 'youtube#channelListResponse',
        etag: 'e',
        pageInfo: { totalResults: items.length, resultsPerPage: 5 },
        ...(items.length ? { items } : {}),
      });
    }
    if (url.pathname === '/youtube/v3/playlistItems') {
      if (q.get('playlistId') !== `UU${DESERT.slice(2)}`)
        return googleError(
          res,
          404,
          'playlistNotFound',
          "The playlist identified with the request's <code>playlistId</code> parameter cannot be found.",
        );
      const page = q.get('pageToken') === 'PAGE2' ? 1 : 0;
      return json({
        kind: 'youtube#playlistItemListResponse',
        etag: 'e',
        ...(page === 0 ? { nextPageToken: 'PAGE2' } : { prevPageToken: 'PAGE1' }),
        pageInfo: { totalResults: 6, resultsPerPage: 50 },
        items: UPLOADS[page],
      });
    }
    res.writeHead(404).end();
  };
}

describe('YouTubeDataApiChannelDirectory against a local v3 stub', () => {
  const log: Logged[] = [];
  let server: Server;
  let base: string;
  let directory: YouTubeDataApiChannelDirectory;

  beforeAll(async () => {
    server = createServer(handler(log));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  beforeEach(() => {
    log.length = 0;
    directory = new YouTubeDataApiChannelDirectory({ apiKey: KEY, baseUrl: base });
  });

  it('searches with search.list type=channel, then reads counts and avatars with one channels.list', async () => {
    const found = await directory.searchChannels('desert trips', { limit: 10 });
    expect(found).toEqual([
      {
        channelId: HIDDEN,
        title: 'Desert Trips Shorts',
        thumbnailUrl: 'https://yt3.ggpht.com/Desert Trips Shorts=s240',
        subscriberCount: null,
        verified: false,
      },
      {
        channelId: DESERT,
        title: 'Desert Trips',
        thumbnailUrl: 'https://yt3.ggpht.com/Desert Trips=s240',
        subscriberCount: 1_250_000,
        verified: false,
      },
      {
        channelId: NEW,
        title: 'Brand New Channel',
        thumbnailUrl: `https://yt3.ggpht.com/search-${NEW}=s88`,
        subscriberCount: null,
        verified: false,
      },
    ]);
    expect(log.map((l) => l.path)).toEqual(['/youtube/v3/search', '/youtube/v3/channels']);
    const search = log[0]!.query;
    expect(search.get('q')).toBe('desert trips');
    expect(many(search, 'type')).toEqual(['channel']);
    expect(many(search, 'part')).toEqual(['snippet']);
    expect(search.get('maxResults')).toBe('10');
    expect(many(log[1]!.query, 'id')).toEqual([HIDDEN, DESERT, NEW]);
    expect(many(log[1]!.query, 'part')).toEqual(['snippet', 'statistics']);
  });

  it('answers an empty search without a second request', async () => {
    expect(await directory.searchChannels('nothing', { limit: 10 })).toEqual([]);
    expect(log).toHaveLength(1);
  });

  it('reads one channel with channels.list and answers channel_not_found for an unknown id', async () => {
    await expect(directory.getChannel(DESERT)).resolves.toEqual({
      channelId: DESERT,
      title: 'Desert Trips',
      thumbnailUrl: 'https://yt3.ggpht.com/Desert Trips=s240',
      subscriberCount: 1_250_000,
      verified: false,
    });
    expect(many(log[0]!.query, 'part')).toEqual(['snippet', 'statistics', 'contentDetails']);
    const err = await directory.getChannel('UCxxxxxxxxxxxxxxxxxxxxxx').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ChannelDirectoryError);
    expect(err).toMatchObject({ reason: 'channel_not_found' });
  });

  it('pages through the uploads playlist newest first, skipping private and deleted videos', async () => {
    const videos = await directory.listUploads(DESERT, { limit: 200 });
    expect(videos).toEqual([
      {
        videoId: 'desert00007',
        title: 'Newest trip',
        thumbnailUrl: 'https://i.ytimg.com/vi/desert00007/mqdefault.jpg',
        publishedAt: '2025-11-07T10:00:00Z',
      },
      expect.objectContaining({ videoId: 'desert00004', title: 'Fourth trip' }),
      expect.objectContaining({ videoId: 'desert00003', title: 'Third trip' }),
      expect.objectContaining({ videoId: 'desert00002', title: 'Second trip' }),
    ]);
    // The uploads playlist comes from channels.list contentDetails.relatedPlaylists.uploads.
    expect(log.map((l) => l.path)).toEqual([
      '/youtube/v3/channels',
      '/youtube/v3/playlistItems',
      '/youtube/v3/playlistItems',
    ]);
    expect(many(log[0]!.query, 'part')).toEqual(['contentDetails']);
    const items = log.filter((l) => l.path === '/youtube/v3/playlistItems');
    expect(items.map((l) => l.query.get('pageToken'))).toEqual([null, 'PAGE2']);
    expect(items[0]!.query.get('playlistId')).toBe(`UU${DESERT.slice(2)}`);
    expect(items[0]!.query.get('maxResults')).toBe('50');
    expect(many(items[0]!.query, 'part')).toEqual(['snippet', 'contentDetails', 'status']);
  });

  it('stops at the limit, and reuses the uploads playlist it learned from getChannel', async () => {
    await directory.getChannel(DESERT);
    log.length = 0;
    const videos = await directory.listUploads(DESERT, { limit: 2 });
    expect(videos.map((v) => v.videoId)).toEqual(['desert00007', 'desert00004']);
    expect(log.map((l) => l.path)).toEqual(['/youtube/v3/playlistItems']);
  });

  it('answers no uploads for a channel that never uploaded, channel_not_found for an unknown one', async () => {
    expect(await directory.listUploads(EMPTY, { limit: 10 })).toEqual([]);
    await expect(
      directory.listUploads('UCxxxxxxxxxxxxxxxxxxxxxx', { limit: 10 }),
    ).rejects.toMatchObject({ reason: 'channel_not_found' });
  });

  it('turns a used-up quota and a rejected key into readable failures without the key', async () => {
    const quota = await directory.searchChannels('quota', { limit: 5 }).catch((e: unknown) => e);
    expect(quota).toMatchObject({
      reason: 'quota_exceeded',
      message: expect.stringMatching(/quota/),
    });
    await expect(directory.getChannel(QUOTA)).rejects.toMatchObject({ reason: 'quota_exceeded' });
    await expect(directory.listUploads(QUOTA, { limit: 5 })).rejects.toMatchObject({
      reason: 'quota_exceeded',
    });

    const bad = new YouTubeDataApiChannelDirectory({ apiKey: 'wrong-key', baseUrl: base });
    const err = (await bad
      .searchChannels('desert', { limit: 5 })
      .catch((e: unknown) => e)) as Error;
    expect(err).toMatchObject({ reason: 'unavailable' });
    expect(err.message).toContain('YOUTUBE_API_KEY');
    expect(err.message).not.toContain('wrong-key');
  });
});
