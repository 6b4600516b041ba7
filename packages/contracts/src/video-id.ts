/**
 * The video-id rules, shared by the web app and the server.
 * An id is exactly 11 characters of [A-Za-z0-9_-]. It is taken from a `v` query parameter of
 * exactly 11 characters, or matched from the watch, embed, v, e, short-link (youtu.be) and shorts
 * URL forms. A bare 11-character id is accepted too.
 */
export const INVALID_VIDEO_URL_MESSAGE = 'Invalid YouTube URL: Could not find the video ID.';

const ID = /^[A-Za-z0-9_-]{11}$/;
// "/embed/videoseries?list=…" embeds a playlist: the one 11-letter path word that is not a video
const PATH_FORMS =
  /(?:youtu\.be\/|\/(?:embed|v|e|shorts|live)\/)(?!videoseries(?:$|[?&#/]))([A-Za-z0-9_-]{11})(?=$|[?&#/])/;

export function extractVideoId(input: string): string | null {
  const raw = input.trim();
  if (raw === '') return null;
  if (ID.test(raw) || isSampleVideoId(raw)) return raw;
  let url: URL;
  try {
    url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) ? raw : `https://${raw}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase().replace(/^www\.|^m\.|^music\./, '');
  if (!/^(youtube\.com|youtube-nocookie\.com|youtu\.be)$/.test(host)) return null;
  const v = url.searchParams.get('v');
  if (v !== null && ID.test(v)) return v;
  const m = PATH_FORMS.exec(`${host === 'youtu.be' ? 'youtu.be' : ''}${url.pathname}`);
  return m?.[1] ?? null;
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
