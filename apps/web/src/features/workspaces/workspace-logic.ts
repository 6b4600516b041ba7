/**
 * The workspace screens' rules as pure functions: subscriber counts,
 * Instagram captions, sort orders, selection rules, the Instagram authorisation link and its
 * callback. No React and no I/O here, so every rule is unit-tested on its own.
 */
import { PLATFORMS, type Platform } from '@app/contracts';
import type { ChannelSearchResult, Post, PublicConfigReply } from '@app/contracts';

/** Side-card shortcuts, caption length (characters) and channel-search delay (ms). */
export const WORKSPACE_SHORTCUTS = 6;
export const CAPTION_MAX_CHARS = 60;
export const CHANNEL_SEARCH_DEBOUNCE_MS = 300;
/** Skeleton placeholders: the catalogue shows 6 video cards, a detail tab 3. */
export const CATALOGUE_SKELETONS = 6;
export const POSTS_SKELETONS = 3;

/** One tab per platform, then the analyzed items and the insights across them. */
export type WorkspaceTab = Platform | 'analyzed' | 'insights';
export const WORKSPACE_TABS: readonly WorkspaceTab[] = [...PLATFORMS, 'analyzed', 'insights'];

/** A stored tab preference, or null when it is not one of the tabs. */
export function parseWorkspaceTab(value: string | null | undefined): WorkspaceTab | null {
  return WORKSPACE_TABS.find((t) => t === value) ?? null;
}

/**
 * "1.0K" from 1,000 and "1.0M" from 1,000,000, one decimal; smaller counts as they are; null:
 * 'Subscriber count hidden'. A count that rounds up to 1000.0K reads 1.0M.
 */
export function formatSubscribers(count: number | null | undefined): string {
  if (count === null || count === undefined || !Number.isFinite(count) || count < 0)
    return 'Subscriber count hidden';
  const n = Math.floor(count);
  if (n < 1_000) return String(n);
  const thousands = Math.round(n / 100) / 10;
  if (n < 1_000_000 && thousands < 1_000) return `${thousands.toFixed(1)}K`;
  return `${(Math.round(n / 100_000) / 10).toFixed(1)}M`;
}

/** Channel results, most subscribers first; hidden counts last; ties keep the server's order. */
export function sortChannels(results: readonly ChannelSearchResult[]): ChannelSearchResult[] {
  return results
    .map((r, i) => ({ r, i }))
    .sort((a, b) => (b.r.subscriberCount ?? -1) - (a.r.subscriberCount ?? -1) || a.i - b.i)
    .map(({ r }) => r);
}

/**
 * A caption cut to 60 characters plus '…'. Characters are code points, so an
 * emoji is never split in half; whitespace before the ellipsis is dropped.
 */
export function truncateCaption(caption: string, max = CAPTION_MAX_CHARS): string {
  const chars = Array.from(caption.trim());
  if (chars.length <= max) return chars.join('');
  return `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** "VIDEO" -> "Video", "CAROUSEL_ALBUM" -> "Carousel album"; unknown or empty -> "Post". */
export function mediaTypeLabel(mediaType: string | null | undefined): string {
  const t = (mediaType ?? '').trim().toLowerCase().replace(/_/g, ' ');
  if (t === '') return 'Post';
  return t.charAt(0).toUpperCase() + t.slice(1);
}

type InstagramPost = Extract<Post, { kind: 'instagram' }>;

/** The title line of an Instagram post: its caption cut to 60, or 'Instagram' plus the media type. */
export function instagramTitle(post: Pick<InstagramPost, 'caption' | 'media_type'>): string {
  const caption = post.caption?.trim() ?? '';
  if (caption === '') return `Instagram ${mediaTypeLabel(post.media_type).toLowerCase()}`;
  return truncateCaption(caption);
}

/** How an Instagram post is shown: a player for a VIDEO with a media_url, else an image, else a placeholder. */
export function instagramMediaKind(
  post: Pick<InstagramPost, 'media_type' | 'media_url' | 'thumbnail_url'>,
):
  | { kind: 'video'; src: string; poster: string | null }
  | { kind: 'image'; src: string }
  | {
      kind: 'placeholder';
    } {
  const isVideo = post.media_type.toUpperCase() === 'VIDEO';
  if (isVideo && post.media_url)
    return { kind: 'video', src: post.media_url, poster: post.thumbnail_url };
  // A video's media_url is the clip itself; its still is thumbnail_url.
  const image = isVideo ? post.thumbnail_url : (post.media_url ?? post.thumbnail_url);
  if (image) return { kind: 'image', src: image };
  return { kind: 'placeholder' };
}

function timeOf(value: string | null | undefined): number {
  const t = value ? Date.parse(value) : NaN;
  return Number.isNaN(t) ? -Infinity : t;
}

/** Posts of one kind, in the order a tab shows them: Instagram newest first (undated last). */
export function postsOfKind<K extends Post['kind']>(
  posts: readonly Post[],
  kind: K,
): Extract<Post, { kind: K }>[] {
  const mine = posts.filter((p): p is Extract<Post, { kind: K }> => p.kind === kind);
  if (kind !== 'instagram') return mine;
  return mine
    .map((p, i) => ({ p, i }))
    .sort(
      (a, b) =>
        timeOf((b.p as InstagramPost).timestamp) - timeOf((a.p as InstagramPost).timestamp) ||
        a.i - b.i,
    )
    .map(({ p }) => p);
}

/** Analyze Comments uses every selected id, in the order they were chosen. */
export function idsToAnalyze(selected: Iterable<string>): string[] {
  return [...new Set(selected)];
}

/** Add to Workspace uses only the selected ids not yet added. */
export function idsToAdd(selected: Iterable<string>, added: ReadonlySet<string>): string[] {
  return idsToAnalyze(selected).filter((id) => !added.has(id));
}

/** A selection with one id toggled; a new Set, so React sees the change. */
export function toggled<T>(selection: ReadonlySet<T>, id: T): Set<T> {
  const next = new Set(selection);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** '{prefix}: {message or Unknown error}.' without doubling a full stop the message already has. */
export function failureSentence(prefix: string, message: string | null | undefined): string {
  const text = (message ?? '').trim().replace(/[.\s]+$/, '');
  return `${prefix}: ${text === '' ? 'Unknown error' : text}.`;
}

// --- Instagram authorisation ---------------------------------------------------------------------

/**
 * The Instagram Login authorisation address for linking a workspace: forced
 * re-authentication, the app's client id, the redirect URI, response_type=code, the scopes
 * (comma-separated, as Meta's embed URL writes them) and state = the workspace id.
 */
export function instagramAuthorizeUrl(
  instagram: NonNullable<PublicConfigReply['instagram']>,
  workspaceId: number,
): string {
  const url = new URL(instagram.authorize_url);
  url.searchParams.set('force_reauth', 'true');
  url.searchParams.set('client_id', instagram.app_id);
  url.searchParams.set('redirect_uri', instagram.redirect_uri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', instagram.scopes.join(','));
  url.searchParams.set('state', String(workspaceId));
  return url.toString();
}

export type InstagramCallback =
  | { kind: 'code'; code: string; workspaceId: number }
  | { kind: 'denied'; message: string | null; workspaceId: number };

/** The query parameters Instagram's return adds, removed from the address once handled. */
export const INSTAGRAM_CALLBACK_PARAMS = [
  'code',
  'ig_code',
  'state',
  'error',
  'error_reason',
  'error_description',
] as const;

/** A workspace id from `state`: digits only, non-zero, within the id range; else null. */
export function workspaceIdFromState(state: string | null): number | null {
  if (state === null || !/^\d{1,10}$/.test(state.trim())) return null;
  const id = Number(state.trim());
  return id > 0 && id <= 2_147_483_647 ? id : null;
}

/**
 * What the address says after Instagram sent the user back: processed only with a
 * code (ig_code or code) and a state, a signed-in user, and a state that is a non-zero numeric
 * workspace id. A refusal (`error` instead of a code) with a valid state is reported too.
 * Null: nothing to do (and the address is left alone).
 */
export function parseInstagramCallback(
  search: string,
  signedIn: boolean,
): InstagramCallback | null {
  if (!signedIn) return null;
  const params = new URLSearchParams(search);
  const workspaceId = workspaceIdFromState(params.get('state'));
  if (workspaceId === null) return null;
  // Instagram appends "#_" to the redirect; a code copied with it would not exchange.
  const code = (params.get('ig_code') ?? params.get('code') ?? '').replace(/#_$/, '').trim();
  if (code !== '') return { kind: 'code', code, workspaceId };
  if (params.has('error')) {
    const description = params.get('error_description') ?? params.get('error_reason');
    return { kind: 'denied', message: description?.trim() || null, workspaceId };
  }
  return null;
}

/** The address's query without the callback parameters ('' when nothing else is left). */
export function searchWithoutCallback(search: string): string {
  const params = new URLSearchParams(search);
  for (const p of INSTAGRAM_CALLBACK_PARAMS) params.delete(p);
  const rest = params.toString();
  return rest === '' ? '' : `?${rest}`;
}
