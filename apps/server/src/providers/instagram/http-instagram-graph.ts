import { createHmac } from 'node:crypto';
import {
  INSTAGRAM_MESSAGES,
  InstagramGraphError,
  type InstagramAccount,
  type InstagramComment,
  type InstagramConnection,
  type InstagramCredentials,
  type InstagramGraph,
  type InstagramMedia,
  type ListCommentsOptions,
} from './instagram-graph.port';

export interface HttpInstagramGraphConfig {
  /** Instagram Login (INSTAGRAM_APP_ID / _SECRET); undefined: that route is off. */
  instagram?: { appId: string; appSecret: string; apiUrl: string; graphUrl: string } | undefined;
  /** Facebook Login route (FACEBOOK_APP_ID / _SECRET); undefined: that route is off. */
  facebook?: { appId: string; appSecret: string; apiVersion: string; graphUrl: string } | undefined;
  /** Per-request timeout (default 15 s). */
  timeoutMs?: number;
  /** Most pages read per listing (default 10). */
  maxPages?: number;
  fetch?: typeof fetch;
}

const MEDIA_FIELDS =
  'id,caption,media_type,media_url,thumbnail_url,timestamp,permalink,comments_count,like_count';
const COMMENT_FIELDS =
  'id,text,username,like_count,timestamp,replies{id,text,username,like_count,timestamp}';
const PAGE_SIZE = 50;

interface GraphErrorBody {
  error?: { message?: string; type?: string; code?: number; error_subcode?: number } | string;
  error_type?: string;
  error_message?: string;
  code?: number;
}

interface Paged<T> {
  data?: T[];
  paging?: { next?: string };
}

interface RawComment {
  id?: string;
  text?: string;
  username?: string;
  like_count?: number;
  timestamp?: string;
  replies?: Paged<RawComment>;
}

interface RawMedia {
  id?: string;
  caption?: string;
  media_type?: string;
  media_url?: string;
  thumbnail_url?: string;
  timestamp?: string;
  permalink?: string;
  comments_count?: number;
  like_count?: number;
}

/**
 * "Instagram API with Instagram Login" (api.instagram.com + graph.instagram.com) and the Facebook
 * route (graph.facebook.com, a Page's instagram_business_account) over Node's fetch. Tokens go in
 * query parameters or form bodies as documented and are never put in error messages.
 */
export class HttpInstagramGraph implements InstagramGraph {
  private readonly fetch: typeof fetch;
  private readonly timeoutMs: number;
  private readonly maxPages: number;

  constructor(private readonly config: HttpInstagramGraphConfig) {
    this.fetch = config.fetch ?? globalThis.fetch;
    this.timeoutMs = config.timeoutMs ?? 15_000;
    this.maxPages = config.maxPages ?? 10;
  }

  get canExchangeCode(): boolean {
    return this.config.instagram !== undefined;
  }

  get canConnectFacebook(): boolean {
    return this.config.facebook !== undefined;
  }

  async exchangeCode(code: string, redirectUri: string): Promise<InstagramConnection> {
    const ig = this.config.instagram;
    if (!ig) throw new Error('Instagram Login is not configured');
    const short = await this.request<{
      access_token?: string;
      user_id?: string | number;
      data?: { access_token?: string; user_id?: string | number }[];
    }>(`${ig.apiUrl}/oauth/access_token`, {
      method: 'POST',
      body: new URLSearchParams({
        client_id: ig.appId,
        client_secret: ig.appSecret,
        grant_type: 'authorization_code',
        redirect_uri: redirectUri,
        code,
      }),
      exchange: true,
    });
    // Documented as { access_token, user_id }; newer apps get { data: [{ ... }] }.
    const shortToken = short.access_token ?? short.data?.[0]?.access_token;
    if (!shortToken) throw unreadable();

    const long = await this.request<{ access_token?: string; expires_in?: number }>(
      withQuery(`${ig.graphUrl}/access_token`, {
        grant_type: 'ig_exchange_token',
        client_secret: ig.appSecret,
        access_token: shortToken,
      }),
      { exchange: true },
    );
    if (!long.access_token) throw unreadable();
    const me = await this.request<{
      id?: string;
      user_id?: string | number;
      username?: string;
      profile_picture_url?: string;
    }>(
      withQuery(`${ig.graphUrl}/me`, {
        fields: 'user_id,username,profile_picture_url',
        access_token: long.access_token,
      }),
    );
    const businessId = String(me.user_id ?? me.id ?? short.user_id ?? '');
    if (!businessId) throw unreadable();
    return {
      accessToken: long.access_token,
      source: 'instagram_login',
      businessId,
      expiresAt: expiry(long.expires_in),
      account: {
        businessId,
        username: me.username ?? null,
        profilePictureUrl: me.profile_picture_url ?? null,
      },
    };
  }

  async connectWithFacebook(userAccessToken: string): Promise<InstagramConnection> {
    const fb = this.config.facebook;
    if (!fb) throw new Error('The Facebook route is not configured');
    const base = `${fb.graphUrl}/${fb.apiVersion}`;
    // A long-lived user token makes the Page tokens derived from it long-lived too.
    const long = await this.request<{ access_token?: string; expires_in?: number }>(
      withQuery(`${base}/oauth/access_token`, {
        grant_type: 'fb_exchange_token',
        client_id: fb.appId,
        client_secret: fb.appSecret,
        fb_exchange_token: userAccessToken,
      }),
      { exchange: true },
    );
    const userToken = long.access_token ?? userAccessToken;
    let url: string | null = withQuery(`${base}/me/accounts`, {
      fields: 'instagram_business_account{id,username,profile_picture_url},access_token',
      access_token: userToken,
      appsecret_proof: proof(fb.appSecret, userToken),
    });
    for (let page = 0; url !== null && page < this.maxPages; page++) {
      const body: Paged<{
        id?: string;
        access_token?: string;
        instagram_business_account?: {
          id?: string;
          username?: string;
          profile_picture_url?: string;
        };
      }> = await this.request(url);
      for (const p of body.data ?? []) {
        const ig = p.instagram_business_account;
        if (ig?.id && p.access_token) {
          const account: InstagramAccount = {
            businessId: ig.id,
            username: ig.username ?? null,
            profilePictureUrl: ig.profile_picture_url ?? null,
          };
          return {
            accessToken: p.access_token,
            source: 'facebook',
            businessId: ig.id,
            // Page tokens from a long-lived user token do not expire.
            expiresAt: long.access_token ? null : expiry(long.expires_in),
            account,
          };
        }
      }
      url = body.paging?.next ?? null;
    }
    throw new InstagramGraphError('no_business_account', INSTAGRAM_MESSAGES.noBusinessAccount);
  }

  async refreshToken(
    credentials: InstagramCredentials,
  ): Promise<{ accessToken: string; expiresAt: Date | null } | null> {
    const ig = this.config.instagram;
    if (credentials.source !== 'instagram_login' || !ig) return null;
    const body = await this.request<{ access_token?: string; expires_in?: number }>(
      withQuery(`${ig.graphUrl}/refresh_access_token`, {
        grant_type: 'ig_refresh_token',
        access_token: credentials.accessToken,
      }),
    );
    if (!body.access_token) throw unreadable();
    return { accessToken: body.access_token, expiresAt: expiry(body.expires_in) };
  }

  async listMedia(
    credentials: InstagramCredentials,
    options: { limit: number },
  ): Promise<InstagramMedia[]> {
    const out: InstagramMedia[] = [];
    let url: string | null = this.mediaUrl(credentials);
    for (let page = 0; url !== null && page < this.maxPages && out.length < options.limit; page++) {
      const body: Paged<RawMedia> = await this.request(url);
      for (const m of body.data ?? []) {
        if (!m.id || out.length >= options.limit) continue;
        out.push({
          id: String(m.id),
          mediaType: m.media_type ?? 'IMAGE',
          mediaUrl: m.media_url ?? null,
          thumbnailUrl: m.thumbnail_url ?? null,
          caption: m.caption ?? null,
          timestamp: isoOrNull(m.timestamp),
          permalink: m.permalink ?? null,
          commentsCount: typeof m.comments_count === 'number' ? m.comments_count : null,
          likeCount: typeof m.like_count === 'number' ? m.like_count : null,
        });
      }
      url = body.paging?.next ?? null;
    }
    return out;
  }

  async listComments(
    credentials: InstagramCredentials,
    mediaId: string,
    options: ListCommentsOptions,
  ): Promise<InstagramComment[]> {
    const out: InstagramComment[] = [];
    let url: string | null = this.graphUrl(
      credentials,
      `/${encodeURIComponent(mediaId)}/comments`,
      {
        fields: COMMENT_FIELDS,
        limit: String(PAGE_SIZE),
      },
    );
    for (let page = 0; url !== null && page < this.maxPages * 10; page++) {
      const body: Paged<RawComment> = await this.request(url, {
        signal: options.signal,
        notFound: true,
      });
      const pageStart = out.length;
      for (const c of body.data ?? []) {
        if (out.length >= options.maxComments) break;
        if (!c.id) continue;
        const replies = (c.replies?.data ?? []).filter((r) => r.id);
        out.push(toComment(c, null, replies.length));
        for (const r of replies) {
          if (out.length >= options.maxComments) break;
          out.push(toComment(r, String(c.id), 0));
        }
      }
      options.onPage?.(out.slice(pageStart));
      options.onProgress?.(out.length);
      if (out.length >= options.maxComments) break;
      url = body.paging?.next ?? null;
    }
    return out;
  }

  private mediaUrl(credentials: InstagramCredentials): string {
    return credentials.source === 'facebook'
      ? this.graphUrl(credentials, `/${encodeURIComponent(credentials.businessId)}/media`, {
          fields: MEDIA_FIELDS,
          limit: String(PAGE_SIZE),
        })
      : this.graphUrl(credentials, '/me/media', { fields: MEDIA_FIELDS, limit: String(PAGE_SIZE) });
  }

  /** A Graph address on the host the token belongs to, with the token (and proof on Facebook). */
  private graphUrl(
    credentials: InstagramCredentials,
    path: string,
    params: Record<string, string>,
  ): string {
    if (credentials.source === 'facebook') {
      const fb = this.config.facebook;
      if (!fb) throw new InstagramGraphError('reconnect', INSTAGRAM_MESSAGES.reconnect);
      return withQuery(`${fb.graphUrl}/${fb.apiVersion}${path}`, {
        ...params,
        access_token: credentials.accessToken,
        appsecret_proof: proof(fb.appSecret, credentials.accessToken),
      });
    }
    const ig = this.config.instagram;
    if (!ig) throw new InstagramGraphError('reconnect', INSTAGRAM_MESSAGES.reconnect);
    return withQuery(`${ig.graphUrl}${path}`, { ...params, access_token: credentials.accessToken });
  }

  private async request<T>(
    url: string,
    options: {
      method?: 'GET' | 'POST';
      body?: URLSearchParams;
      signal?: AbortSignal | undefined;
      /** A refused code or token is `rejected` (the person retries the link), not `reconnect`. */
      exchange?: boolean;
      /** A missing object (code 100 / 803, or 404) is `not_found`. */
      notFound?: boolean;
    } = {},
  ): Promise<T> {
    const timeout = AbortSignal.timeout(this.timeoutMs);
    const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
    let res: Response;
    try {
      res = await this.fetch(url, {
        method: options.method ?? 'GET',
        headers: { accept: 'application/json' },
        ...(options.body ? { body: options.body } : {}),
        signal,
      });
    } catch (error) {
      if (options.signal?.aborted) throw error;
      throw new InstagramGraphError('unavailable', INSTAGRAM_MESSAGES.unavailable);
    }
    const text = await res.text().catch(() => '');
    let body: unknown = null;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      body = null;
    }
    if (res.ok && body !== null && typeof body === 'object' && !('error' in body)) return body as T;
    throw graphFailure(res.status, body as GraphErrorBody | null, options);
  }
}

function graphFailure(
  status: number,
  body: GraphErrorBody | null,
  options: { exchange?: boolean; notFound?: boolean },
): InstagramGraphError {
  if (body === null) {
    return new InstagramGraphError('unavailable', INSTAGRAM_MESSAGES.unavailable);
  }
  // Graph errors: { error: { message, type, code } }; the OAuth endpoint: { error_type, code, error_message }.
  const e = typeof body.error === 'object' ? body.error : undefined;
  const code = e?.code ?? body.code;
  const message = clean(
    e?.message ?? body.error_message ?? (typeof body.error === 'string' ? body.error : ''),
  );
  if (options.exchange && (status === 400 || code === 190 || code === 100)) {
    return new InstagramGraphError(
      'rejected',
      `Instagram refused the authorisation${message ? `: ${message}` : ''}. Link Instagram again.`,
    );
  }
  if (code === 190 || code === 102) {
    return new InstagramGraphError('reconnect', INSTAGRAM_MESSAGES.reconnect);
  }
  if (options.notFound && (status === 404 || code === 803 || code === 100)) {
    return new InstagramGraphError('not_found', INSTAGRAM_MESSAGES.mediaNotFound);
  }
  if (status >= 500 || code === 1 || code === 2 || code === 4 || code === 17 || code === 32) {
    return new InstagramGraphError(
      'unavailable',
      `Instagram is busy or unavailable${message ? ` (${message})` : ''}. Please try again in a few minutes.`,
    );
  }
  return new InstagramGraphError(
    'api_error',
    `Instagram answered with an error${message ? `: ${message}` : ''}.`,
  );
}

/** Graph messages may echo parts of a request; keep them short and free of tokens. */
function clean(message: string): string {
  return message
    .replace(/access_token=[^&\s]+/gi, 'access_token=…')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300);
}

function unreadable(): InstagramGraphError {
  return new InstagramGraphError('unavailable', INSTAGRAM_MESSAGES.unavailable);
}

function toComment(c: RawComment, parentId: string | null, replyCount: number): InstagramComment {
  return {
    id: String(c.id),
    text: c.text ?? '',
    username: c.username ?? null,
    likeCount: typeof c.like_count === 'number' && c.like_count > 0 ? c.like_count : 0,
    timestamp: isoOrNull(c.timestamp),
    parentId,
    replyCount,
  };
}

/** Instagram writes `2025-11-01T10:00:00+0000`; answer ISO 8601 with Z. */
function isoOrNull(value: string | undefined): string | null {
  if (!value) return null;
  const ms = Date.parse(value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function expiry(expiresIn: number | undefined): Date | null {
  return typeof expiresIn === 'number' && expiresIn > 0
    ? new Date(Date.now() + expiresIn * 1000)
    : null;
}

function proof(appSecret: string, token: string): string {
  return createHmac('sha256', appSecret).update(token).digest('hex');
}

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v);
  return url.toString();
}
