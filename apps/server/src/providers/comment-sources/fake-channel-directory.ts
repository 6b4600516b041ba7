import {
  type ChannelDirectoryError,
  directoryError,
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from './channel-directory.port';

export interface FakeChannel extends ChannelSummary {
  uploads: ChannelVideo[];
}

const DAY_MS = 86_400_000;
/** The newest fake upload's time; each older one is a day earlier. */
const NEWEST = Date.parse('2025-11-01T12:00:00Z');

/** `count` uploads of fake channel number `n`, newest first, ids `fake<n>v00000`, `fake<n>v00001`, ... */
export function fakeUploads(n: number, count: number, title: string): ChannelVideo[] {
  return Array.from({ length: count }, (_, i) => {
    const videoId = `fake${n}v${String(i).padStart(5, '0')}`;
    return {
      videoId,
      title: `${title} #${count - i}`,
      thumbnailUrl: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
      publishedAt: new Date(NEWEST - i * DAY_MS).toISOString(),
    };
  });
}

/** Four channels: large and verified, hidden subscribers, small, and one with no uploads. */
export function defaultFakeChannels(): FakeChannel[] {
  return [
    {
      channelId: 'UCfakeDesertTrips0000001',
      title: 'Desert Trips',
      thumbnailUrl: 'https://yt3.ggpht.com/fake-desert-trips=s88',
      subscriberCount: 1_250_000,
      verified: true,
      uploads: fakeUploads(1, 30, 'Desert trip'),
    },
    {
      channelId: 'UCfakeDesertShorts000002',
      title: 'Desert Trips Shorts',
      thumbnailUrl: null,
      subscriberCount: null,
      verified: false,
      uploads: fakeUploads(2, 5, 'Desert short'),
    },
    {
      channelId: 'UCfakeTripKitchen0000003',
      title: 'Trip Kitchen',
      thumbnailUrl: 'https://yt3.ggpht.com/fake-trip-kitchen=s88',
      subscriberCount: 48_200,
      verified: false,
      uploads: fakeUploads(3, 12, 'Camp cooking'),
    },
    {
      channelId: 'UCfakeTinyChannel0000004',
      title: 'Tiny Channel',
      thumbnailUrl: null,
      subscriberCount: 12,
      verified: false,
      uploads: [],
    },
  ];
}

/**
 * A deterministic channel directory for service and HTTP tests and demos: a few channels with
 * dated uploads, a title search, and hooks to change a channel or fail the next call.
 */
export class FakeChannelDirectory implements ChannelDirectory {
  readonly name = 'fake';
  /** Every call as `method:argument`, for assertions. */
  readonly calls: string[] = [];
  private readonly channels: Map<string, FakeChannel>;
  private nextFailure: ChannelDirectoryError | null = null;

  constructor(channels: FakeChannel[] = defaultFakeChannels()) {
    this.channels = new Map(channels.map((c) => [c.channelId, structuredClone(c)]));
  }

  /** The next call (any method) throws this. */
  failNext(error: ChannelDirectoryError): void {
    this.nextFailure = error;
  }

  /** A new upload, newest first. */
  addUpload(channelId: string, video: ChannelVideo): void {
    this.channel(channelId).uploads.unshift(video);
  }

  removeUpload(channelId: string, videoId: string): void {
    const c = this.channel(channelId);
    c.uploads = c.uploads.filter((v) => v.videoId !== videoId);
  }

  update(channelId: string, change: Partial<ChannelSummary>): void {
    Object.assign(this.channel(channelId), change);
  }

  /** The channel disappears (deleted or terminated): lookups answer channel_not_found. */
  removeChannel(channelId: string): void {
    this.channels.delete(channelId);
  }

  private channel(channelId: string): FakeChannel {
    const c = this.channels.get(channelId);
    if (!c) throw directoryError('channelNotFound');
    return c;
  }

  private enter(call: string): void {
    this.calls.push(call);
    const failure = this.nextFailure;
    this.nextFailure = null;
    if (failure) throw failure;
  }

  // async: a failure rejects the promise, as a real adapter's would.
  // eslint-disable-next-line @typescript-eslint/require-await
  async searchChannels(query: string, options: ChannelListOptions): Promise<ChannelSummary[]> {
    this.enter(`search:${query}`);
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    return [...this.channels.values()]
      .filter(
        (c) =>
          c.channelId === query.trim() ||
          (words.length > 0 && words.every((w) => c.title.toLowerCase().includes(w))),
      )
      .slice(0, options.limit)
      .map(summary);
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async getChannel(channelId: string): Promise<ChannelSummary> {
    this.enter(`channel:${channelId}`);
    return summary(this.channel(channelId));
  }

  // eslint-disable-next-line @typescript-eslint/require-await
  async listUploads(channelId: string, options: ChannelListOptions): Promise<ChannelVideo[]> {
    this.enter(`uploads:${channelId}`);
    return this.channel(channelId)
      .uploads.slice(0, options.limit)
      .map((v) => ({ ...v }));
  }
}

function summary(c: FakeChannel): ChannelSummary {
  return {
    channelId: c.channelId,
    title: c.title,
    thumbnailUrl: c.thumbnailUrl,
    subscriberCount: c.subscriberCount,
    verified: c.verified,
  };
}
