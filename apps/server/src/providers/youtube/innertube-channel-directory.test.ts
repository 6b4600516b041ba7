import { describe, expect, it } from 'vitest';
import { ChannelDirectoryError } from '../comment-sources/channel-directory.port';
import {
  InnertubeChannelDirectory,
  parseRelativeTime,
  subscribersFrom,
} from './innertube-channel-directory';

/**
 * Recorded-shaped InnerTube replies (WEB client, late 2025): the channel search, a channel page with
 * the new page header, its Videos tab (videoRenderer and lockupViewModel items) and a continuation.
 */
const DESERT = 'UCfakeDesertTrips0000001';
const KITCHEN = 'UCfakeTripKitchen0000003';
const NOW = new Date('2025-11-20T12:00:00Z');

const browseEndpoint = (handle: string, browseId: string, tab: string, params: string) => ({
  clickTrackingParams: 'CAAQ',
  commandMetadata: {
    webCommandMetadata: {
      url: `/@${handle}/${tab}`,
      webPageType: 'WEB_PAGE_TYPE_CHANNEL',
      rootVe: 3611,
      apiUrl: '/youtubei/v1/browse',
    },
  },
  browseEndpoint: { browseId, params, canonicalBaseUrl: `/@${handle}` },
});

function channelRenderer(input: {
  id: string;
  title: string;
  handle: string;
  subscribers?: string;
  verified?: boolean;
}) {
  return {
    channelRenderer: {
      channelId: input.id,
      title: { simpleText: input.title },
      navigationEndpoint: browseEndpoint(input.handle, input.id, 'featured', ''),
      thumbnail: {
        thumbnails: [
          {
            url: `//yt3.ggpht.com/${input.handle}=s88-c-k-c0x00ffffff-no-rj-mo`,
            width: 88,
            height: 88,
          },
          {
            url: `//yt3.ggpht.com/${input.handle}=s176-c-k-c0x00ffffff-no-rj-mo`,
            width: 176,
            height: 176,
          },
        ],
      },
      descriptionSnippet: { runs: [{ text: 'Trips and food' }] },
      shortBylineText: { runs: [{ text: input.title }] },
      // InnerTube now puts the handle in subscriberCountText and the count in videoCountText.
      subscriberCountText: { simpleText: `@${input.handle}` },
      ...(input.subscribers
        ? {
            videoCountText: {
              accessibility: { accessibilityData: { label: `${input.subscribers} subscribers` } },
              simpleText: `${input.subscribers} subscribers`,
            },
          }
        : {}),
      ownerBadges: input.verified
        ? [
            {
              metadataBadgeRenderer: {
                icon: { iconType: 'CHECK_CIRCLE_THICK' },
                style: 'BADGE_STYLE_TYPE_VERIFIED',
                tooltip: 'Verified',
                accessibilityData: { label: 'Verified' },
              },
            },
          ]
        : [],
      longBylineText: { runs: [{ text: input.title }] },
    },
  };
}

const searchReply = {
  estimatedResults: '3',
  contents: {
    twoColumnSearchResultsRenderer: {
      primaryContents: {
        sectionListRenderer: {
          contents: [
            {
              itemSectionRenderer: {
                contents: [
                  channelRenderer({
                    id: KITCHEN,
                    title: 'Trip Kitchen',
                    handle: 'tripkitchen',
                    subscribers: '48.2K',
                  }),
                  channelRenderer({
                    id: DESERT,
                    title: 'Desert Trips',
                    handle: 'deserttrips',
                    subscribers: '1.25M',
                    verified: true,
                  }),
                  channelRenderer({
                    id: 'UCfakeHiddenCount0000005',
                    title: 'Quiet Trips',
                    handle: 'quiet',
                  }),
                ],
              },
            },
          ],
        },
      },
    },
  },
  refinements: [],
};

function tabs(
  handle: string,
  id: string,
  selected: 'featured' | 'videos',
  videosContent?: unknown,
) {
  return [
    {
      tabRenderer: {
        endpoint: browseEndpoint(handle, id, 'featured', 'EghmZWF0dXJlZPIGBAoCMgA%3D'),
        title: 'Home',
        selected: selected === 'featured',
        ...(selected === 'featured' ? { content: { sectionListRenderer: { contents: [] } } } : {}),
      },
    },
    {
      tabRenderer: {
        endpoint: browseEndpoint(handle, id, 'videos', 'EgZ2aWRlb3PyBgQKAjoA'),
        title: 'Videos',
        selected: selected === 'videos',
        ...(videosContent ? { content: videosContent } : {}),
      },
    },
  ];
}

const desertMetadata = {
  channelMetadataRenderer: {
    title: 'Desert Trips',
    description: 'Trips',
    externalId: DESERT,
    channelUrl: `https://www.youtube.com/channel/${DESERT}`,
    avatar: {
      thumbnails: [
        { url: 'https://yt3.googleusercontent.com/desert=s900-c-k', width: 900, height: 900 },
      ],
    },
  },
};

const pageHeader = {
  pageHeaderRenderer: {
    pageTitle: 'Desert Trips',
    content: {
      pageHeaderViewModel: {
        title: { dynamicTextViewModel: { text: { content: 'Desert Trips' } } },
        metadata: {
          contentMetadataViewModel: {
            metadataRows: [
              { metadataParts: [{ text: { content: '@deserttrips' } }] },
              {
                metadataParts: [
                  { text: { content: '1.25M subscribers' } },
                  { text: { content: '412 videos' } },
                ],
              },
            ],
            delimiter: ' • ',
          },
        },
      },
    },
  },
};

const videoRenderer = (videoId: string, title: string, published: string) => ({
  richItemRenderer: {
    content: {
      videoRenderer: {
        videoId,
        thumbnail: {
          thumbnails: [
            {
              url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg?sqp=a`,
              width: 168,
              height: 94,
            },
            {
              url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg?sqp=b`,
              width: 336,
              height: 188,
            },
          ],
        },
        title: { runs: [{ text: title }], accessibility: { accessibilityData: { label: title } } },
        publishedTimeText: { simpleText: published },
        viewCountText: { simpleText: '1,234 views' },
        lengthText: { simpleText: '12:01' },
      },
    },
  },
});

const lockup = (videoId: string, title: string, published: string) => ({
  richItemRenderer: {
    content: {
      lockupViewModel: {
        contentImage: {
          thumbnailViewModel: {
            image: {
              sources: [
                { url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`, width: 480, height: 360 },
              ],
            },
          },
        },
        metadata: {
          lockupMetadataViewModel: {
            title: { content: title },
            metadata: {
              contentMetadataViewModel: {
                metadataRows: [
                  {
                    metadataParts: [
                      { text: { content: '980 views' } },
                      { text: { content: published } },
                    ],
                  },
                ],
              },
            },
          },
        },
        contentId: videoId,
        contentType: 'LOCKUP_CONTENT_TYPE_VIDEO',
        rendererContext: {},
      },
    },
  },
});

const continuation = (token: string) => ({
  continuationItemRenderer: {
    trigger: 'CONTINUATION_TRIGGER_ON_ITEM_SHOWN',
    continuationEndpoint: {
      commandMetadata: { webCommandMetadata: { sendPost: true, apiUrl: '/youtubei/v1/browse' } },
      continuationCommand: { token, request: 'CONTINUATION_REQUEST_TYPE_BROWSE' },
    },
  },
});

const desertHome = {
  contents: { twoColumnBrowseResultsRenderer: { tabs: tabs('deserttrips', DESERT, 'featured') } },
  header: pageHeader,
  metadata: desertMetadata,
};
const desertVideos = {
  contents: {
    twoColumnBrowseResultsRenderer: {
      tabs: tabs('deserttrips', DESERT, 'videos', {
        richGridRenderer: {
          contents: [
            videoRenderer('newest00001', 'Newest trip', '2 days ago'),
            lockup('lockup00002', 'A lockup video', '2 days ago'),
            videoRenderer('older000003', 'Older trip', '3 weeks ago'),
            continuation('VIDEOS-2'),
          ],
        },
      }),
    },
  },
  header: pageHeader,
  metadata: desertMetadata,
};
const desertVideos2 = {
  onResponseReceivedActions: [
    {
      appendContinuationItemsAction: {
        continuationItems: [
          videoRenderer('oldest00004', 'Oldest trip', '1 year ago'),
          videoRenderer('newest00001', 'Newest trip (again)', '2 days ago'),
        ],
        targetId: `browse-feed${DESERT}videos102`,
      },
    },
  ],
};
/** The older channel header (c4TabbedHeaderRenderer), with the verified badge. */
const kitchenHome = {
  contents: { twoColumnBrowseResultsRenderer: { tabs: tabs('tripkitchen', KITCHEN, 'featured') } },
  header: {
    c4TabbedHeaderRenderer: {
      channelId: KITCHEN,
      title: 'Trip Kitchen',
      avatar: { thumbnails: [{ url: '//yt3.ggpht.com/kitchen=s88', width: 88, height: 88 }] },
      badges: [
        { metadataBadgeRenderer: { style: 'BADGE_STYLE_TYPE_VERIFIED', tooltip: 'Verified' } },
      ],
      subscriberCountText: { simpleText: '48.2K subscribers' },
    },
  },
  metadata: {
    channelMetadataRenderer: {
      title: 'Trip Kitchen',
      externalId: KITCHEN,
      avatar: { thumbnails: [{ url: '//yt3.ggpht.com/kitchen=s88', width: 88, height: 88 }] },
    },
  },
};

interface Logged {
  path: string;
  body: Record<string, unknown>;
}

function recordedFetch(log: Logged[]): typeof fetch {
  return async (input, init) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    if (url.hostname !== 'www.youtube.com' && url.hostname !== 'youtubei.googleapis.com')
      throw new Error(`unexpected host ${url.hostname}`);
    const body = JSON.parse(await request.text()) as Record<string, unknown>;
    log.push({ path: url.pathname, body });
    const reply = (status: number, json: unknown) =>
      new Response(JSON.stringify(json), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    if (url.pathname === '/youtubei/v1/search') return reply(200, searchReply);
    if (url.pathname === '/youtubei/v1/browse') {
      if (body.continuation === 'VIDEOS-2') return reply(200, desertVideos2);
      if (body.browseId === DESERT)
        return reply(200, body.params === 'EgZ2aWRlb3PyBgQKAjoA' ? desertVideos : desertHome);
      if (body.browseId === KITCHEN) return reply(200, kitchenHome);
      return reply(404, {
        error: { code: 404, message: 'Requested entity was not found.', status: 'NOT_FOUND' },
      });
    }
    return reply(404, {});
  };
}

describe('InnertubeChannelDirectory with recorded InnerTube replies', () => {
  it('searches channels with the channel filter: counts from either field, the verified badge, https avatars', async () => {
    const log: Logged[] = [];
    const directory = new InnertubeChannelDirectory({ fetch: recordedFetch(log) });
    const found = await directory.searchChannels('trips', { limit: 10 });
    expect(found).toEqual([
      {
        channelId: KITCHEN,
        title: 'Trip Kitchen',
        thumbnailUrl: 'https://yt3.ggpht.com/tripkitchen=s88-c-k-c0x00ffffff-no-rj-mo',
        subscriberCount: 48_200,
        verified: false,
      },
      {
        channelId: DESERT,
        title: 'Desert Trips',
        thumbnailUrl: 'https://yt3.ggpht.com/deserttrips=s88-c-k-c0x00ffffff-no-rj-mo',
        subscriberCount: 1_250_000,
        verified: true,
      },
      {
        channelId: 'UCfakeHiddenCount0000005',
        title: 'Quiet Trips',
        thumbnailUrl: 'https://yt3.ggpht.com/quiet=s88-c-k-c0x00ffffff-no-rj-mo',
        subscriberCount: null,
        verified: false,
      },
    ]);
    expect(log).toHaveLength(1);
    expect(log[0]!.body.query).toBe('trips');
    // The type=channel filter travels as the encoded `params` of the search.
    expect(typeof log[0]!.body.params).toBe('string');
    expect(await directory.searchChannels('trips', { limit: 1 })).toHaveLength(1);
  });

  it('reads a channel from the page header (new and older layouts)', async () => {
    const directory = new InnertubeChannelDirectory({ fetch: recordedFetch([]) });
    await expect(directory.getChannel(DESERT)).resolves.toEqual({
      channelId: DESERT,
      title: 'Desert Trips',
      thumbnailUrl: 'https://yt3.googleusercontent.com/desert=s900-c-k',
      subscriberCount: 1_250_000,
      verified: false,
    });
    await expect(directory.getChannel(KITCHEN)).resolves.toEqual({
      channelId: KITCHEN,
      title: 'Trip Kitchen',
      thumbnailUrl: 'https://yt3.ggpht.com/kitchen=s88',
      subscriberCount: 48_200,
      verified: true,
    });
  });

  it('lists the Videos tab across a continuation, newest first, with dates counted back from now', async () => {
    const log: Logged[] = [];
    const directory = new InnertubeChannelDirectory({ fetch: recordedFetch(log), now: () => NOW });
    const videos = await directory.listUploads(DESERT, { limit: 10 });
    expect(videos.map((v) => [v.videoId, v.title])).toEqual([
      ['newest00001', 'Newest trip'],
      ['lockup00002', 'A lockup video'],
      ['older000003', 'Older trip'],
      ['oldest00004', 'Oldest trip'],
    ]);
    const twoDaysAgo = new Date(NOW.getTime() - 2 * 86_400_000);
    expect(videos[0]!.publishedAt).toBe(twoDaysAgo.toISOString());
    // Same relative date: kept in the tab's order, one second apart.
    expect(videos[1]!.publishedAt).toBe(new Date(twoDaysAgo.getTime() - 1000).toISOString());
    expect(videos[2]!.publishedAt).toBe(new Date(NOW.getTime() - 21 * 86_400_000).toISOString());
    expect(videos[3]!.publishedAt).toBe(new Date(NOW.getTime() - 365 * 86_400_000).toISOString());
    expect(videos[0]!.thumbnailUrl).toBe('https://i.ytimg.com/vi/newest00001/hqdefault.jpg?sqp=b');
    expect(videos[1]!.thumbnailUrl).toBe('https://i.ytimg.com/vi/lockup00002/hqdefault.jpg');
    expect(log.map((l) => l.body.continuation ?? l.body.params ?? l.body.browseId)).toEqual([
      DESERT,
      'EgZ2aWRlb3PyBgQKAjoA',
      'VIDEOS-2',
    ]);
  });

  it('stops at the limit without asking for the next page', async () => {
    const log: Logged[] = [];
    const directory = new InnertubeChannelDirectory({ fetch: recordedFetch(log), now: () => NOW });
    const videos = await directory.listUploads(DESERT, { limit: 2 });
    expect(videos.map((v) => v.videoId)).toEqual(['newest00001', 'lockup00002']);
    expect(log.some((l) => l.body.continuation)).toBe(false);
  });

  it('turns a missing channel into channel_not_found and a failed request into unavailable', async () => {
    const directory = new InnertubeChannelDirectory({ fetch: recordedFetch([]) });
    const missing = await directory.getChannel('UCmissingmissingmissing0').catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(ChannelDirectoryError);
    expect(missing).toMatchObject({ reason: 'channel_not_found' });

    const offline: typeof fetch = () => Promise.reject(new TypeError('fetch failed'));
    const down = new InnertubeChannelDirectory({ fetch: offline });
    for (const attempt of [
      () => down.searchChannels('trips', { limit: 5 }),
      () => down.getChannel(DESERT),
      () => down.listUploads(DESERT, { limit: 5 }),
    ]) {
      const err = await attempt().catch((e: unknown) => e);
      // a request that never reached YouTube says so, and points to the sample channel
      expect(err).toMatchObject({
        reason: 'unavailable',
        message: expect.stringMatching(/^This server could not reach YouTube\. Try again later/),
      });
    }
  });

  it('parses relative times and subscriber texts', () => {
    expect(parseRelativeTime('Streamed 3 hours ago', NOW)?.toISOString()).toBe(
      '2025-11-20T09:00:00.000Z',
    );
    expect(parseRelativeTime('1 month ago', NOW)?.toISOString()).toBe('2025-10-21T12:00:00.000Z');
    expect(parseRelativeTime('Premieres tomorrow', NOW)).toBeNull();
    expect(subscribersFrom(['@handle', '2.3K subscribers'])).toBe(2300);
    expect(subscribersFrom(['@handle', '12 videos'])).toBeNull();
  });
});
