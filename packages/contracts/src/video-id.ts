/**
 * The video-id rules, shared by the web app and the server.
 * An id is exactly 11 characters of [A-Za-z0-9_-]. A bare id is accepted, and so is every link
 * that names exactly one id: the `v` or `vi` query parameter; the watch, embed, v, e, shorts, live
 * and short-link (youtu.be) paths; a thumbnail's address (i.ytimg.com or img.youtube.com
 * /vi/ID/…); the `#!v=ID` and old channel-page `#p/u/1/ID` fragments; the share link of YouTube's
 * e-mails (`/attribution_link?u=/watch?v=ID`, plain or URL-encoded); and a pasted embed code
 * (the iframe's src). Channel and user pages, playlists without a video and other hosts name no
 * video and are refused.
 */
export const INVALID_VIDEO_URL_MESSAGE = 'Invalid YouTube URL: Could not find the video ID.';

const ID = /^[A-Za-z0-9_-]{11}$/;
/** The sites that show or embed a video. */
const VIDEO_HOST =
  /^(?:(?:www|m|music|gaming|consent)\.)?youtube\.com$|^(?:www\.)?youtube-nocookie\.com$|^youtube\.googleapis\.com$/;
const SHORT_LINK_HOST = /^(?:www\.)?youtu\.be$/;
/** The image hosts: a thumbnail's address names its video too. */
const THUMBNAIL_HOST = /^(?:i\d?\.ytimg\.com|img\.youtube\.com)$/;
// "/embed/videoseries?list=…" embeds a playlist and "/embed/live_stream?channel=…" a channel's
// live stream: the 11-letter path words that are not videos
const NOT_A_VIDEO = '(?!(?:videoseries|live_stream)(?:$|[&/;]))';
const VIDEO_PATH = new RegExp(
  `^/(?:embed|v|e|shorts|live|watch|vi|vi_webp)/${NOT_A_VIDEO}([A-Za-z0-9_-]{11})(?=$|[&/;])`,
);
const SHORT_LINK_PATH = /^\/([A-Za-z0-9_-]{11})(?=$|[&/;])/;
const THUMBNAIL_PATH = /^\/(?:vi|vi_webp|an_webp)\/([A-Za-z0-9_-]{11})(?=$|\/)/;
/** Old channel pages played a video from the fragment: "#p/u/1/ID", "#p/a/u/2/ID", "#p/c/PL…/0/ID". */
const CHANNEL_PAGE_FRAGMENT = /^p\/(?:[^/]+\/)*([A-Za-z0-9_-]{11})$/;
/** Links that carry another link in a query parameter: that link names the video. */
const WRAPPED_LINK: Record<string, string> = {
  '/attribution_link': 'u', // the share link of YouTube's e-mails
  '/oembed': 'url',
  '/m': 'continue', // the cookie-consent page (consent.youtube.com) in front of a video
};
/** An attribute of a pasted embed code that may hold the video's link. */
const EMBED_ATTRIBUTE = /\b(?:src|data-src|href|value)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi;

export function extractVideoId(input: string): string | null {
  const raw = input.trim();
  if (raw === '') return null;
  if (ID.test(raw) || isSampleVideoId(raw)) return raw;
  if (raw.startsWith('<')) return fromEmbedCode(raw);
  return fromLink(raw, true);
}

/** The video of a pasted embed code (`<iframe … src="https://www.youtube.com/embed/ID…">`). */
function fromEmbedCode(html: string): string | null {
  const ids = new Set<string>();
  for (const m of html.matchAll(EMBED_ATTRIBUTE)) {
    const value = (m[1] ?? m[2] ?? m[3] ?? '').replace(/&amp;|&#0*38;|&#x0*26;/gi, '&').trim();
    const id = value === '' ? null : fromLink(value, true);
    if (id !== null) ids.add(id);
  }
  return ids.size === 1 ? [...ids][0]! : null;
}

/** The one video a link names, or null (no video, two different ones, or another site). */
function fromLink(link: string, followWrapped: boolean): string | null {
  let url: URL;
  try {
    url = new URL(
      link.startsWith('//')
        ? `https:${link}`
        : /^[a-z][a-z0-9+.-]*:\/\//i.test(link)
          ? link
          : `https://${link}`,
    );
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase();
  if (THUMBNAIL_HOST.test(host)) return THUMBNAIL_PATH.exec(url.pathname)?.[1] ?? null;
  const shortLink = SHORT_LINK_HOST.test(host);
  if (!shortLink && !VIDEO_HOST.test(host)) return null;

  const wrappedParam = WRAPPED_LINK[url.pathname.replace(/\/$/, '')];
  const wrapped = wrappedParam === undefined ? null : url.searchParams.get(wrappedParam);
  if (followWrapped && wrapped !== null && wrapped !== '') {
    // a path ("/watch?v=ID") is on the site itself
    const inner = /^\/(?!\/)/.test(wrapped) ? `https://www.youtube.com${wrapped}` : wrapped;
    return fromLink(inner, false);
  }

  const fragment = url.hash.replace(/^#!?/, '');
  const candidates = [
    url.searchParams.get('v'),
    url.searchParams.get('vi'),
    (shortLink ? SHORT_LINK_PATH : VIDEO_PATH).exec(url.pathname)?.[1] ?? null,
    new URLSearchParams(fragment).get('v'),
    CHANNEL_PAGE_FRAGMENT.exec(fragment)?.[1] ?? null,
  ];
  const ids = new Set(candidates.filter((c): c is string => c !== null && ID.test(c)));
  return ids.size === 1 ? [...ids][0]! : null;
}

/** Default thumbnail for a video id (the video host's standard image URL; a drawn tile for a sample). */
export function defaultThumbnailUrl(videoId: string): string {
  if (isSampleVideoId(videoId)) return sampleThumbnailUrl(videoId);
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
}

/**
 * Sample data shipped with the product (an invented channel and its videos, so a first report
 * works with no network). Sample ids are `sample_` and 5 to 40 lower-case letters, digits or "-":
 * at least 12 characters, so never a YouTube video id (exactly 11), and never an Instagram key
 * (`ig_`). A sample channel id starts with `sample_` too, never "UC".
 */
export const SAMPLE_ID_PREFIX = 'sample_';
const SAMPLE_ID = /^sample_[a-z0-9-]{5,40}$/;

/** The sample video the dashboard's "Try a sample report" analyses. */
export const SAMPLE_REPORT_VIDEO_ID = 'sample_weeknight-ramen';

/** Whether a report key is one of the sample videos' (by its form; the server knows which exist). */
export function isSampleVideoId(videoKey: string): boolean {
  return SAMPLE_ID.test(videoKey);
}

/** Whether a channel id is in the sample id form. */
export function isSampleChannelId(channelId: string): boolean {
  return SAMPLE_ID.test(channelId);
}

/** A YouTube video id (11 characters) or a sample video id: what a channel's video list holds. */
export function isChannelVideoId(videoId: string): boolean {
  return ID.test(videoId) || isSampleVideoId(videoId);
}

/** The sample videos' thumbnail: a small drawn tile (a data: URL, so it shows offline). */
export function sampleThumbnailUrl(videoId: string): string {
  const hue = [...videoId].reduce((h, c) => (h * 31 + c.charCodeAt(0)) % 360, 7);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="270" viewBox="0 0 480 270">` +
    `<rect width="480" height="270" fill="hsl(${hue},45%,38%)"/>` +
    `<circle cx="240" cy="120" r="46" fill="hsl(${hue},60%,92%)"/>` +
    `<path d="M226 98v44l36-22z" fill="hsl(${hue},45%,38%)"/>` +
    `<text x="240" y="222" font-family="sans-serif" font-size="30" font-weight="700" text-anchor="middle" fill="#fff">SAMPLE</text>` +
    `</svg>`;
  return `data:image/svg+xml,${encodeURIComponent(svg)}`;
}

/** The report key of an Instagram post (see VideoIdSchema): `ig_` + its media id. */
export const INSTAGRAM_KEY_PREFIX = 'ig_';
const INSTAGRAM_KEY = /^ig_(\d{9,30})$/;

export function instagramVideoKey(mediaId: string): string {
  return `${INSTAGRAM_KEY_PREFIX}${mediaId}`;
}

/** The Instagram media id inside a report key, or null for a YouTube video id. */
export function instagramMediaIdOf(videoKey: string): string | null {
  return INSTAGRAM_KEY.exec(videoKey)?.[1] ?? null;
}
