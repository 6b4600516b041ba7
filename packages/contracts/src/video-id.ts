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
  if (ID.test(raw)) return raw;
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

/** Default thumbnail for a video id (the video host's standard image URL). */
export function defaultThumbnailUrl(videoId: string): string {
  return `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`;
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
