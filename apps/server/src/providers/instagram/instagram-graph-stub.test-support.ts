import { createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StubComment {
  id: string;
  text: string;
  username: string;
  like_count: number;
  timestamp: string;
  replies?: StubComment[];
}

export interface StubMedia {
  id: string;
  media_type: 'IMAGE' | 'VIDEO' | 'CAROUSEL_ALBUM';
  media_url?: string;
  thumbnail_url?: string;
  caption?: string;
  /** Instagram's own format: 2025-11-01T10:00:00+0000. */
  timestamp: string;
  permalink: string;
  like_count: number;
  comments: StubComment[];
}

export interface StubFacebookPage {
  id: string;
  name: string;
  /** Omitted: this Page has no Instagram business account. */
  withInstagram?: boolean;
}

export interface InstagramGraphStub {
  /** INSTAGRAM_API_URL, INSTAGRAM_GRAPH_URL and FACEBOOK_GRAPH_URL all point here. */
  url: string;
  appId: string;
  appSecret: string;
  fbAppId: string;
  fbAppSecret: string;
  version: string;
  account: { id: string; username: string; profile_picture_url: string };
  media: StubMedia[];
  /** Authorisation codes Instagram would accept (each once). */
  codes: Set<string>;
  /** Facebook user tokens and their Pages. */
  facebookUsers: Map<string, StubFacebookPage[]>;
  /** Every request's method, path, query and form body. */
  requests: { method: string; path: string; query: URLSearchParams; form: URLSearchParams }[];
  /** Long-lived and Page tokens the stub honours; remove one to make it "expired" (code 190). */
  validTokens: Set<string>;
  /**
   * Answer requests whose path matches `path` (every request without it) with this error
   * (`raw`: a non-JSON body) until cleared with null.
   */
  failWith: (
    failure: {
      status: number;
      code?: number;
      message?: string;
      type?: string;
      path?: RegExp;
      raw?: string;
    } | null,
  ) => void;
  close: () => Promise<void>;
}

/** Twelve real-looking comments for a post, three of them with replies. */
export function stubComments(prefix: string, count = 12): StubComment[] {
  const texts = [
    'Where is this place? It looks amazing',
    'Love the colours in this shot 😍',
    'Please make a full video about this trip!',
    'How did you get the drone up there?',
    'This is my favourite account honestly',
    'The music choice is perfect',
    'Can you share your camera settings?',
    'Wow, just wow. Saving this for my next holiday',
    'The caption made me laugh 😂',
    'Not a fan of the filter on this one',
    'Need a part 2 of this series',
    'Stunning as always',
  ];
  return Array.from({ length: count }, (_, i) => ({
    id: `${prefix}${String(i).padStart(3, '0')}`,
    text: texts[i % texts.length]!,
    username: `fan_${i}`,
    like_count: i % 5,
    timestamp: `2025-11-0${1 + (i % 9)}T10:${String(i % 60).padStart(2, '0')}:00+0000`,
    ...(i % 4 === 0
      ? {
          replies: [
            {
              id: `${prefix}${String(i).padStart(3, '0')}9`,
              text: 'Thank you so much!',
              username: 'desert.trips', // the account answering on its own post
              like_count: 1,
              timestamp: '2025-11-09T12:00:00+0000',
            },
          ],
        }
      : {}),
  }));
}

function defaultMedia(): StubMedia[] {
  return [
    {
      id: '17900000000000005',
      media_type: 'VIDEO',
      media_url: 'https://scontent.cdninstagram.com/v/t50/reel5.mp4',
      thumbnail_url: 'https://scontent.cdninstagram.com/v/t51/reel5.jpg',
      caption:
        'Sunrise from the top of the dune. Worth every step of the 4am climb! #desert #sunrise',
      timestamp: '2025-11-05T06:30:00+0000',
      permalink: 'https://www.instagram.com/reel/ABC5/',
      like_count: 321,
      comments: stubComments('1805', 12),
    },
    {
      id: '17900000000000004',
      media_type: 'IMAGE',
      media_url: 'https://scontent.cdninstagram.com/v/t51/photo4.jpg',
      caption: 'Camp night',
      timestamp: '2025-11-04T20:00:00+0000',
      permalink: 'https://www.instagram.com/p/ABC4/',
      like_count: 120,
      comments: stubComments('1804', 5),
    },
    {
      id: '17900000000000003',
      media_type: 'CAROUSEL_ALBUM',
      media_url: 'https://scontent.cdninstagram.com/v/t51/album3.jpg',
      timestamp: '2025-11-03T12:00:00+0000',
      permalink: 'https://www.instagram.com/p/ABC3/',
      like_count: 80,
      comments: [],
    },
  ];
}

/**
 * A 127.0.0.1 stand-in for api.instagram.com, graph.instagram.com and graph.facebook.com speaking
 * the documented wire format of "Instagram API with Instagram Login" (POST /oauth/access_token,
 * GET /access_token?grant_type=ig_exchange_token, /me, /me/media, /{media-id}/comments with
 * cursor paging) and the Facebook route (/{version}/oauth/access_token, /me/accounts,
 * /{ig-user-id}/media, /{media-id}/comments with appsecret_proof). Pages hold `pageSize` items.
 */
export async function startInstagramGraphStub(
  options: { pageSize?: number; media?: StubMedia[] } = {},
): Promise<InstagramGraphStub> {
  const appId = '990000000000001';
  const appSecret = 'stub-instagram-secret-0123456789';
  const fbAppId = '880000000000001';
  const fbAppSecret = 'stub-facebook-secret-0123456789';
  const version = 'v23.0';
  const pageSize = options.pageSize ?? 2;
  const account = {
    id: '17841400000000009',
    username: 'desert.trips',
    profile_picture_url: 'https://scontent.cdninstagram.com/v/t51/profile.jpg',
  };
  const media = options.media ?? defaultMedia();
  const codes = new Set<string>(['good-code']);
  const facebookUsers = new Map<string, StubFacebookPage[]>();
  const requests: InstagramGraphStub['requests'] = [];
  const validTokens = new Set<string>(['page-token-ig']);
  let failure: Parameters<InstagramGraphStub['failWith']>[0] = null;
  let base = '';

  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
    res.end(JSON.stringify(body));
  };
  const graphError = (res: ServerResponse, status: number, code: number, message: string) =>
    send(res, status, { error: { message, type: 'OAuthException', code, fbtrace_id: 'AbC123' } });

  /** One page of `items` from the `after` cursor, with paging.next while more remain. */
  const page = <T>(url: URL, items: T[]) => {
    const after = Number(url.searchParams.get('after') ?? '0');
    const data = items.slice(after, after + pageSize);
    const next = new URL(url.pathname, base);
    url.searchParams.forEach((v, k) => next.searchParams.set(k, v));
    next.searchParams.set('after', String(after + pageSize));
    return {
      data,
      paging: {
        cursors: { before: String(after), after: String(after + pageSize) },
        ...(after + pageSize < items.length ? { next: next.toString() } : {}),
      },
    };
  };

  const mediaFields = (m: StubMedia) => ({
    id: m.id,
    media_type: m.media_type,
    ...(m.media_url ? { media_url: m.media_url } : {}),
    ...(m.thumbnail_url ? { thumbnail_url: m.thumbnail_url } : {}),
    ...(m.caption ? { caption: m.caption } : {}),
    timestamp: m.timestamp,
    permalink: m.permalink,
    comments_count: m.comments.reduce((n, c) => n + 1 + (c.replies?.length ?? 0), 0),
    like_count: m.like_count,
  });

  const commentsFields = (c: StubComment) => ({
    id: c.id,
    text: c.text,
    username: c.username,
    like_count: c.like_count,
    timestamp: c.timestamp,
    ...(c.replies ? { replies: { data: c.replies.map((r) => ({ ...r })) } } : {}),
  });

  const handle = (req: IncomingMessage, res: ServerResponse, url: URL, form: URLSearchParams) => {
    const q = url.searchParams;
    const path = url.pathname;
    if (failure && (!failure.path || failure.path.test(path))) {
      if (failure.raw !== undefined) {
        res.writeHead(failure.status, { 'content-type': 'text/html' });
        return res.end(failure.raw);
      }
      return graphError(
        res,
        failure.status,
        failure.code ?? 1,
        failure.message ?? 'An unknown error occurred',
      );
    }

    // --- api.instagram.com --------------------------------------------------------------------
    if (path === '/oauth/access_token' && req.method === 'POST') {
      if (form.get('client_id') !== appId || form.get('client_secret') !== appSecret)
        return send(res, 400, {
          error_type: 'OAuthException',
          code: 400,
          error_message: 'Invalid platform app',
        });
      if (form.get('grant_type') !== 'authorization_code' || !form.get('redirect_uri'))
        return send(res, 400, {
          error_type: 'OAuthException',
          code: 400,
          error_message: 'Missing required parameter',
        });
      const code = form.get('code') ?? '';
      if (!codes.delete(code))
        return send(res, 400, {
          error_type: 'OAuthException',
          code: 400,
          error_message: 'This authorization code has been used',
        });
      return send(res, 200, {
        access_token: `short-${code}`,
        user_id: Number(account.id),
        permissions: 'instagram_business_basic',
      });
    }

    // --- graph.instagram.com ------------------------------------------------------------------
    if (path === '/access_token') {
      const token = q.get('access_token') ?? '';
      if (
        q.get('grant_type') !== 'ig_exchange_token' ||
        q.get('client_secret') !== appSecret ||
        !token.startsWith('short-')
      )
        return graphError(res, 400, 190, 'Invalid OAuth access token - Cannot parse access token');
      const long = `long-${token.slice('short-'.length)}`;
      validTokens.add(long);
      return send(res, 200, { access_token: long, token_type: 'bearer', expires_in: 5_183_944 });
    }
    if (path === '/refresh_access_token') {
      const token = q.get('access_token') ?? '';
      if (q.get('grant_type') !== 'ig_refresh_token' || !validTokens.has(token))
        return graphError(res, 400, 190, 'Error validating access token: Session has expired.');
      const refreshed = `${token}-r`;
      validTokens.add(refreshed);
      return send(res, 200, {
        access_token: refreshed,
        token_type: 'bearer',
        expires_in: 5_184_000,
      });
    }
    if (path === '/me' || path === '/me/media' || /^\/\d+\/comments$/.test(path)) {
      if (!validTokens.has(q.get('access_token') ?? ''))
        return graphError(res, 400, 190, 'Error validating access token: Session has expired.');
      if (path === '/me')
        return send(res, 200, {
          id: account.id,
          user_id: account.id,
          username: account.username,
          profile_picture_url: account.profile_picture_url,
        });
      if (path === '/me/media') return send(res, 200, page(url, media.map(mediaFields)));
      return comments(res, url, path.split('/')[1]!);
    }

    // --- graph.facebook.com -------------------------------------------------------------------
    const prefix = `/${version}`;
    if (path.startsWith(prefix + '/')) {
      const rest = path.slice(prefix.length);
      if (rest === '/oauth/access_token') {
        const user = q.get('fb_exchange_token') ?? '';
        if (
          q.get('client_id') !== fbAppId ||
          q.get('client_secret') !== fbAppSecret ||
          !facebookUsers.has(user)
        )
          return graphError(res, 400, 190, 'Error validating access token: Session has expired.');
        facebookUsers.set(`long-${user}`, facebookUsers.get(user)!);
        return send(res, 200, {
          access_token: `long-${user}`,
          token_type: 'bearer',
          expires_in: 5_183_944,
        });
      }
      const token = q.get('access_token') ?? '';
      if (
        q.get('appsecret_proof') !== createHmac('sha256', fbAppSecret).update(token).digest('hex')
      )
        return graphError(res, 400, 100, 'Invalid appsecret_proof provided in the API argument');
      if (rest === '/me/accounts') {
        const pages = facebookUsers.get(token);
        if (!pages) return graphError(res, 400, 190, 'Invalid OAuth access token.');
        return send(
          res,
          200,
          page(
            url,
            pages.map((p) => ({
              id: p.id,
              access_token: p.withInstagram ? 'page-token-ig' : `page-token-${p.id}`,
              ...(p.withInstagram
                ? {
                    instagram_business_account: {
                      id: account.id,
                      username: account.username,
                      profile_picture_url: account.profile_picture_url,
                    },
                  }
                : {}),
            })),
          ),
        );
      }
      if (!validTokens.has(token))
        return graphError(res, 400, 190, 'Error validating access token: Session has expired.');
      if (rest === `/${account.id}/media`) return send(res, 200, page(url, media.map(mediaFields)));
      const m = /^\/(\d+)\/comments$/.exec(rest);
      if (m) return comments(res, url, m[1]!);
    }
    graphError(res, 400, 100, `Unsupported get request. Object with ID '${path}' does not exist`);
  };

  const comments = (res: ServerResponse, url: URL, mediaId: string) => {
    const m = media.find((x) => x.id === mediaId);
    if (!m)
      return graphError(
        res,
        400,
        100,
        `Unsupported get request. Object with ID '${mediaId}' does not exist, cannot be loaded due to missing permissions, or does not support this operation`,
      );
    return send(res, 200, page(url, m.comments.map(commentsFields)));
  };

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', base || 'http://127.0.0.1');
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({
        method: req.method ?? 'GET',
        path: url.pathname,
        query: url.searchParams,
        form,
      });
      handle(req, res, url, form);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  base = `http://127.0.0.1:${port}`;
  return {
    url: base,
    appId,
    appSecret,
    fbAppId,
    fbAppSecret,
    version,
    account,
    media,
    codes,
    facebookUsers,
    requests,
    validTokens,
    failWith: (f) => {
      failure = f;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
