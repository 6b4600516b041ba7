import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import {
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from '../comment-sources/channel-directory.port';

/** `X.csv`, `X.jsonl`, `X.info.json` (comments) and `X.meta.json` (metadata) for video id X. */
const FILE = /^([A-Za-z0-9_-]{11})\.(csv|jsonl|info\.json|meta\.json)$/;
const CHANNEL_ID = /^UC[A-Za-z0-9_-]{22}$/;

/** The fields of `X.meta.json` (and of yt-dlp's `X.info.json`) this directory reads. */
interface VideoFileMetadata {
  title?: unknown;
  thumbnail_url?: unknown;
  thumbnail?: unknown;
  published_at?: unknown;
  timestamp?: unknown;
  upload_date?: unknown;
  channel_id?: unknown;
  channel_title?: unknown;
  channel?: unknown;
  uploader?: unknown;
  channel_thumbnail_url?: unknown;
  channel_subscriber_count?: unknown;
  channel_follower_count?: unknown;
  channel_verified?: unknown;
  channel_is_verified?: unknown;
}

interface Listing {
  signature: string;
  channels: Map<string, { channel: ChannelSummary; videos: ChannelVideo[] }>;
}

const str = (v: unknown): string | null =>
  typeof v === 'string' && v.trim() !== '' ? v.trim() : null;
const count = (v: unknown): number | null =>
  typeof v === 'number' && Number.isFinite(v) && v >= 0 ? Math.floor(v) : null;

/** An ISO time from an ISO string, a Unix time in seconds, or yt-dlp's YYYYMMDD upload date. */
function publishedAt(m: VideoFileMetadata): string | null {
  const iso = str(m.published_at);
  if (iso !== null && !Number.isNaN(Date.parse(iso))) return new Date(iso).toISOString();
  if (typeof m.timestamp === 'number' && Number.isFinite(m.timestamp))
    return new Date(m.timestamp * 1000).toISOString();
  const day = str(m.upload_date);
  const d = day === null ? null : /^(\d{4})(\d{2})(\d{2})$/.exec(day);
  return d ? new Date(`${d[1]}-${d[2]}-${d[3]}T00:00:00Z`).toISOString() : null;
}

/**
 * A stable channel id for a channel the files name but give no id for: "UC" and 22 characters of
 * a hash of the lower-cased title, so the same title always links the same channel.
 */
export function channelIdForTitle(title: string): string {
  const hash = createHash('sha256')
    .update(`chorus-file-channel:${title.trim().toLowerCase()}`)
    .digest('base64url');
  return `UC${hash.slice(0, 22)}`;
}

/**
 * Channels derived from the COMMENTS_DIR files, so the offline demo can search, link a channel and
 * add its videos. Every video with a comments file (`X.csv`, `X.jsonl`, `X.info.json`) belongs to
 * the channel its `X.meta.json` (`channel_id`, `channel_title`, `channel_thumbnail_url`,
 * `channel_subscriber_count`, `channel_verified`; per video `title`, `thumbnail_url`,
 * `published_at`) or yt-dlp's info.json (`channel_id`, `channel`, `channel_follower_count`,
 * `channel_is_verified`, `timestamp`/`upload_date`) names; a channel without an id gets one derived
 * from its title. Videos without a channel name are not listed. The folder is read again when a
 * file changes. Anything not found here is null, so the chain asks YouTube.
 */
export class FileChannelDirectory implements ChannelDirectory {
  readonly name = 'file';
  private listing: Listing | null = null;
  private readonly parsed = new Map<string, { mtimeMs: number; meta: VideoFileMetadata | null }>();

  constructor(private readonly dir: string) {}

  private async readMetadata(file: string, mtimeMs: number): Promise<VideoFileMetadata | null> {
    const cached = this.parsed.get(file);
    if (cached && cached.mtimeMs === mtimeMs) return cached.meta;
    let meta: VideoFileMetadata | null = null;
    try {
      const value: unknown = JSON.parse(await readFile(file, 'utf8'));
      if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
        // Keep only the fields read here: an info.json also holds every comment.
        const v = value as Record<string, unknown>;
        meta = {};
        for (const key of FIELDS) if (key in v) meta[key] = v[key];
      }
    } catch {
      // A broken metadata file only hides that video's channel details (the comment source
      // reports the broken file when the video is analysed).
    }
    this.parsed.set(file, { mtimeMs, meta });
    return meta;
  }

  private async load(): Promise<Listing> {
    let names: string[];
    try {
      names = (await readdir(this.dir)).filter((n) => FILE.test(n)).sort();
    } catch {
      return { signature: '', channels: new Map() };
    }
    const stats = await Promise.all(
      names.map(async (n) => {
        try {
          const s = await stat(path.join(this.dir, n));
          return { name: n, mtimeMs: s.mtimeMs, size: s.size };
        } catch {
          return null;
        }
      }),
    );
    const files = stats.filter((s): s is NonNullable<typeof s> => s !== null);
    const signature = files.map((f) => `${f.name}:${f.mtimeMs}:${f.size}`).join('|');
    if (this.listing?.signature === signature) return this.listing;

    const byVideo = new Map<string, { comments: boolean; meta?: number; info?: number }>();
    for (const f of files) {
      const [, id, ext] = FILE.exec(f.name)!;
      const v = byVideo.get(id!) ?? { comments: false };
      if (ext === 'meta.json') v.meta = f.mtimeMs;
      else v.comments = true;
      if (ext === 'info.json') v.info = f.mtimeMs;
      byVideo.set(id!, v);
    }

    const channels: Listing['channels'] = new Map();
    for (const [videoId, v] of byVideo) {
      if (!v.comments) continue;
      const meta =
        v.meta === undefined
          ? null
          : await this.readMetadata(path.join(this.dir, `${videoId}.meta.json`), v.meta);
      const info =
        v.info === undefined
          ? null
          : await this.readMetadata(path.join(this.dir, `${videoId}.info.json`), v.info);
      const m: VideoFileMetadata = { ...info, ...dropEmpty(meta) };
      const title = str(m.channel_title) ?? str(m.channel) ?? str(m.uploader);
      if (title === null) continue;
      const givenId = str(m.channel_id);
      const channelId =
        givenId !== null && CHANNEL_ID.test(givenId) ? givenId : channelIdForTitle(title);
      const entry = channels.get(channelId) ?? {
        channel: {
          channelId,
          title,
          thumbnailUrl: null,
          subscriberCount: null,
          verified: false,
        },
        videos: [],
      };
      const c = entry.channel;
      c.thumbnailUrl ??= str(m.channel_thumbnail_url);
      c.subscriberCount ??= count(m.channel_subscriber_count) ?? count(m.channel_follower_count);
      c.verified ||= m.channel_verified === true || m.channel_is_verified === true;
      entry.videos.push({
        videoId,
        title: str(m.title),
        thumbnailUrl: str(m.thumbnail_url) ?? str(m.thumbnail),
        publishedAt: publishedAt(m),
      });
      channels.set(channelId, entry);
    }
    for (const entry of channels.values()) {
      entry.videos.sort(
        (a, b) =>
          (b.publishedAt ?? '').localeCompare(a.publishedAt ?? '') ||
          a.videoId.localeCompare(b.videoId),
      );
    }
    this.listing = { signature, channels };
    return this.listing;
  }

  /** Channels whose title holds every word of the query (any case), or whose id is the query. */
  async searchChannels(
    query: string,
    options: ChannelListOptions,
  ): Promise<ChannelSummary[] | null> {
    const words = query.toLowerCase().split(/\s+/).filter(Boolean);
    const found = [...(await this.load()).channels.values()]
      .map((e) => e.channel)
      .filter(
        (c) =>
          c.channelId === query.trim() ||
          (words.length > 0 && words.every((w) => c.title.toLowerCase().includes(w))),
      )
      .slice(0, options.limit);
    return found.length > 0 ? found.map((c) => ({ ...c })) : null;
  }

  async getChannel(channelId: string): Promise<ChannelSummary | null> {
    const entry = (await this.load()).channels.get(channelId);
    return entry ? { ...entry.channel } : null;
  }

  async listUploads(
    channelId: string,
    options: ChannelListOptions,
  ): Promise<ChannelVideo[] | null> {
    const entry = (await this.load()).channels.get(channelId);
    return entry ? entry.videos.slice(0, options.limit).map((v) => ({ ...v })) : null;
  }
}

const FIELDS: (keyof VideoFileMetadata)[] = [
  'title',
  'thumbnail_url',
  'thumbnail',
  'published_at',
  'timestamp',
  'upload_date',
  'channel_id',
  'channel_title',
  'channel',
  'uploader',
  'channel_thumbnail_url',
  'channel_subscriber_count',
  'channel_follower_count',
  'channel_verified',
  'channel_is_verified',
];

/** The object without null or undefined values (so a meta.json null does not hide info.json). */
function dropEmpty(m: VideoFileMetadata | null): VideoFileMetadata {
  if (!m) return {};
  return Object.fromEntries(Object.entries(m).filter(([, v]) => v !== null && v !== undefined));
}
