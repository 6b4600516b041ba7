import {
  type Innertube,
  ReloadContinuationItemsCommand,
  YT,
  YTNodes,
  type Helpers,
} from 'youtubei.js';

type YTNode = Helpers.YTNode;
import {
  absoluteUrl,
  ChannelDirectoryError,
  directoryError,
  type ChannelDirectory,
  type ChannelListOptions,
  type ChannelSummary,
  type ChannelVideo,
} from '../comment-sources/channel-directory.port';
import { networkFailureOf } from '../comment-sources/network-failure';
import { createInnertube, parseApproximateCount } from './innertube-comment-source';

export interface InnertubeChannelDirectoryOptions {
  /** Injected in tests (recorded InnerTube replies); the global fetch otherwise. */
  fetch?: typeof fetch;
  /** "3 days ago" is counted back from this (tests pin it). */
  now?: () => Date;
}

const UNIT_MS: Record<string, number> = {
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: 86_400_000,
  week: 7 * 86_400_000,
  month: 30 * 86_400_000,
  year: 365 * 86_400_000,
};

/** "3 days ago", "Streamed 1 year ago" -> that time before `now`; null for anything else. */
export function parseRelativeTime(text: string | null | undefined, now: Date): Date | null {
  const m = /(\d+)\s*(second|minute|hour|day|week|month|year)s?\s+ago/i.exec(text ?? '');
  if (!m) return null;
  return new Date(now.getTime() - Number(m[1]) * UNIT_MS[m[2]!.toLowerCase()]!);
}

/** "1.2M subscribers" -> 1200000 among texts; null when none speaks of subscribers. */
export function subscribersFrom(texts: (string | null | undefined)[]): number | null {
  const t = texts.find((s) => s && /subscriber/i.test(s));
  return t ? parseApproximateCount(t) : null;
}

/** The smallest thumbnail at least `min` pixels wide (else the largest), as an https URL. */
function pick(thumbs: { url: string; width: number }[] | undefined, min: number): string | null {
  if (!thumbs || thumbs.length === 0) return null;
  const wide = thumbs.filter((t) => (t.width ?? 0) >= min).sort((a, b) => a.width - b.width);
  return absoluteUrl((wide[0] ?? thumbs[0])!.url);
}

/** A channel search result (youtubei.js `Channel` node) as a summary. */
export function channelFromSearchNode(node: YTNodes.Channel): ChannelSummary | null {
  if (!node.id || !node.author?.name || node.author.name === 'N/A') return null;
  return {
    channelId: node.id,
    title: node.author.name,
    thumbnailUrl: pick(node.author.thumbnails, 88),
    // InnerTube moved the count between fields: either may hold "1.2M subscribers".
    subscriberCount: subscribersFrom([
      node.video_count?.toString(),
      node.subscriber_count?.toString(),
    ]),
    verified: Boolean(node.author.is_verified || node.author.is_verified_artist),
  };
}

/** A channel page (youtubei.js `Channel`) as a summary. */
export function channelFromPage(channelId: string, page: YT.Channel): ChannelSummary | null {
  const header = page.header;
  const texts: (string | undefined)[] = [];
  let verified = false;
  let headerTitle: string | undefined;
  if (header?.is(YTNodes.C4TabbedHeader)) {
    texts.push(header.subscribers?.toString());
    verified = Boolean(header.author?.is_verified || header.author?.is_verified_artist);
    headerTitle = header.author?.name;
  } else if (header?.is(YTNodes.PageHeader)) {
    headerTitle = header.page_title;
    for (const row of header.content?.metadata?.metadata_rows ?? [])
      for (const part of row.metadata_parts ?? []) texts.push(part.text?.toString());
  }
  const title = page.metadata.title ?? headerTitle;
  if (!title) return null;
  return {
    channelId: page.metadata.external_id ?? channelId,
    title,
    thumbnailUrl: pick(page.metadata.avatar, 88),
    subscriberCount: subscribersFrom(texts),
    verified,
  };
}

/**
 * Uploads from a channel's Videos tab: `Video` nodes (videoRenderer) and video `LockupView`s.
 * InnerTube gives relative dates ("3 days ago"); they become times before `now`, kept in the tab's
 * order (each at least a second older than the one before) so the list sorts as YouTube shows it.
 */
export function videosFromTab(nodes: readonly unknown[], now: Date, limit: number): ChannelVideo[] {
  const out: ChannelVideo[] = [];
  const seen = new Set<string>();
  let previous = now.getTime() + 1000;
  for (const node of nodes) {
    let videoId: string | undefined;
    let title: string | null = null;
    let thumbnailUrl: string | null = null;
    let when: string | undefined;
    if (node instanceof YTNodes.Video) {
      videoId = node.video_id;
      title = node.title?.toString() || null;
      thumbnailUrl = pick(node.thumbnails, 320);
      when = node.published?.toString();
    } else if (node instanceof YTNodes.LockupView && node.content_type === 'VIDEO') {
      videoId = node.content_id;
      title = node.metadata?.title?.toString() || null;
      const image = node.content_image?.is(YTNodes.ThumbnailView) ? node.content_image.image : [];
      thumbnailUrl = pick(image, 320);
      when = node.metadata?.metadata?.metadata_rows
        .flatMap((r) => r.metadata_parts ?? [])
        .map((p) => p.text?.toString() ?? '')
        .find((t) => /\bago\b/i.test(t));
    }
    if (!videoId || !/^[A-Za-z0-9_-]{11}$/.test(videoId) || seen.has(videoId)) continue;
    seen.add(videoId);
    const at = parseRelativeTime(when, now);
    let publishedAt: string | null = null;
    if (at) {
      const t = Math.min(at.getTime(), previous - 1000);
      previous = t;
      publishedAt = new Date(t).toISOString();
    }
    out.push({ videoId, title, thumbnailUrl, publishedAt });
    if (out.length >= limit) break;
  }
  return out;
}

/**
 * The Videos tab's items in page order: the rich grid's items (or the continuation's appended
 * items), unwrapped from their RichItem. youtubei.js' `videos` groups items by node type, which
 * loses the order when the tab mixes videoRenderer and lockupViewModel items; it is the fallback.
 */
function itemsInOrder(tab: YT.Channel | YT.ChannelListContinuation): unknown[] {
  let items: readonly YTNode[] | undefined;
  if (tab instanceof YT.ChannelListContinuation) {
    const c = tab.contents;
    if (c?.is(YTNodes.AppendContinuationItemsAction)) items = c.contents ?? undefined;
    else if (c?.is(ReloadContinuationItemsCommand)) items = c.contents ?? undefined;
  } else {
    items = tab.memo.getType(YTNodes.RichGrid)[0]?.contents;
  }
  if (!items || items.length === 0) return [...tab.videos];
  return items.map((item) => (item.is(YTNodes.RichItem) ? item.content : item));
}

function toDirectoryError(error: unknown): ChannelDirectoryError {
  if (error instanceof ChannelDirectoryError) return error;
  if (networkFailureOf(error) !== null) return directoryError('unreachable');
  const message = error instanceof Error ? error.message : '';
  // A missing or terminated channel: an alert on the page, or a 404 from the browse endpoint.
  if (
    (error instanceof Error && error.constructor.name === 'ChannelError') ||
    /status code 404|does not exist|not found|terminated/i.test(message)
  )
    return directoryError('channelNotFound');
  return directoryError('unavailable');
}

/**
 * The no-key fallback: channels through YouTube's own web client API (InnerTube) via youtubei.js:
 * the channel search filter (with the verified badge and rounded subscriber counts), the channel
 * page, and its Videos tab with continuations.
 */
export class InnertubeChannelDirectory implements ChannelDirectory {
  readonly name = 'youtubei';
  private client: Promise<Innertube> | null = null;
  private readonly now: () => Date;

  constructor(private readonly options: InnertubeChannelDirectoryOptions = {}) {
    this.now = options.now ?? (() => new Date());
  }

  private innertube(): Promise<Innertube> {
    this.client ??= createInnertube(this.options.fetch);
    return this.client;
  }

  async searchChannels(query: string, options: ChannelListOptions): Promise<ChannelSummary[]> {
    try {
      const yt = await this.innertube();
      const search = await yt.search(query, { type: 'channel' });
      const found: ChannelSummary[] = [];
      for (const node of search.results) {
        if (!node.is(YTNodes.Channel)) continue;
        const c = channelFromSearchNode(node);
        if (c) found.push(c);
        if (found.length >= options.limit) break;
      }
      return found;
    } catch (error) {
      throw toDirectoryError(error);
    }
  }

  private async page(channelId: string): Promise<YT.Channel> {
    try {
      const yt = await this.innertube();
      return await yt.getChannel(channelId);
    } catch (error) {
      throw toDirectoryError(error);
    }
  }

  async getChannel(channelId: string): Promise<ChannelSummary> {
    const summary = channelFromPage(channelId, await this.page(channelId));
    if (!summary) throw directoryError('channelNotFound');
    return summary;
  }

  async listUploads(channelId: string, options: ChannelListOptions): Promise<ChannelVideo[]> {
    const page = await this.page(channelId);
    if (!page.has_videos) return [];
    const now = this.now();
    try {
      let tab: YT.Channel | YT.ChannelListContinuation = await page.getVideos();
      const nodes: unknown[] = itemsInOrder(tab);
      while (nodes.length < options.limit && tab.has_continuation) {
        options.signal?.throwIfAborted();
        tab = await tab.getContinuation();
        const more = itemsInOrder(tab);
        if (more.length === 0) break;
        nodes.push(...more);
      }
      return videosFromTab(nodes, now, options.limit);
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw toDirectoryError(error);
    }
  }
}
