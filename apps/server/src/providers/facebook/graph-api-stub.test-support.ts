import { createHmac } from 'node:crypto';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One user access token the stub knows, as Facebook would describe it. */
export interface StubFacebookUser {
  token: string;
  /** App-scoped user id. */
  id: string;
  name?: string;
  /** Omitted: the person did not share an e-mail (or has none confirmed). */
  email?: string;
  /** The app the token was issued to; default the stub's app id. */
  appId?: string;
  /** Seconds since the epoch; 0 = never (the default). */
  expiresAt?: number;
  /** /me answers 190 (the session was invalidated after debug_token looked at it). */
  revokedForProfile?: boolean;
}

export interface GraphApiStub {
  /** The base to configure as FACEBOOK_GRAPH_URL. */
  url: string;
  appId: string;
  appSecret: string;
  version: string;
  users: Map<string, StubFacebookUser>;
  /** Every request's path and query (tests check what was sent). */
  requests: { path: string; query: URLSearchParams }[];
  /** Answer every request with this Graph error (status + body) until cleared with null. */
  failWith: (
    failure: { status: number; code: number; message: string; type?: string } | null,
  ) => void;
  close: () => Promise<void>;
}

function graphError(
  res: ServerResponse,
  status: number,
  code: number,
  message: string,
  type = 'OAuthException',
) {
  res.writeHead(status, {
    'content-type': 'application/json; charset=UTF-8',
    'www-authenticate': `OAuth "Facebook Platform" "invalid_token" "${message}"`,
  });
  res.end(JSON.stringify({ error: { message, type, code, fbtrace_id: 'AbCdEfGhIjK' } }));
}

/**
 * A 127.0.0.1 stand-in for graph.facebook.com speaking the documented wire format of
 * GET /{version}/debug_token and GET /{version}/me (including appsecret_proof and Graph error bodies).
 */
export async function startGraphApiStub(
  options: {
    appId?: string;
    appSecret?: string;
    version?: string;
    users?: StubFacebookUser[];
  } = {},
): Promise<GraphApiStub> {
  const appId = options.appId ?? '1234567890123456';
  const appSecret = options.appSecret ?? 'stub-app-secret-0123456789abcdef';
  const version = options.version ?? 'v23.0';
  const users = new Map((options.users ?? []).map((u) => [u.token, u]));
  const requests: GraphApiStub['requests'] = [];
  let failure: Parameters<GraphApiStub['failWith']>[0] = null;

  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    requests.push({ path: url.pathname, query: url.searchParams });
    const q = url.searchParams;
    const json = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json; charset=UTF-8' });
      res.end(JSON.stringify(body));
    };
    if (failure)
      return graphError(res, failure.status, failure.code, failure.message, failure.type);

    if (url.pathname === `/${version}/debug_token`) {
      if (!q.get('input_token'))
        return graphError(res, 400, 100, '(#100) The parameter input_token is required');
      if (q.get('access_token') !== `${appId}|${appSecret}`) {
        return graphError(res, 400, 190, 'Invalid OAuth access token signature.');
      }
      const user = users.get(q.get('input_token')!);
      if (!user) {
        return json({
          data: {
            error: { code: 190, message: 'Invalid OAuth access token.' },
            is_valid: false,
            scopes: [],
          },
        });
      }
      const expiresAt = user.expiresAt ?? 0;
      const expired = expiresAt > 0 && expiresAt * 1000 <= Date.now();
      return json({
        data: {
          app_id: user.appId ?? appId,
          type: 'USER',
          application: 'Chorus',
          data_access_expires_at: Math.floor(Date.now() / 1000) + 90 * 86400,
          expires_at: expiresAt,
          is_valid: !expired,
          ...(expired
            ? {
                error: {
                  code: 190,
                  message: 'Error validating access token: Session has expired.',
                  subcode: 463,
                },
              }
            : {}),
          scopes: user.email ? ['email', 'public_profile'] : ['public_profile'],
          user_id: user.id,
        },
      });
    }

    if (url.pathname === `/${version}/me`) {
      const token = q.get('access_token') ?? '';
      const user = users.get(token);
      if (!user || user.revokedForProfile) {
        return graphError(
          res,
          400,
          190,
          'Error validating access token: The session has been invalidated.',
        );
      }
      const proof = createHmac('sha256', appSecret).update(token).digest('hex');
      if (q.get('appsecret_proof') !== proof) {
        return graphError(
          res,
          400,
          100,
          'Invalid appsecret_proof provided in the API argument',
          'GraphMethodException',
        );
      }
      const fields = (q.get('fields') ?? 'id,name').split(',');
      const profile: Record<string, string> = { id: user.id };
      if (fields.includes('name') && user.name) profile.name = user.name;
      if (fields.includes('email') && user.email) profile.email = user.email;
      return json(profile);
    }

    graphError(res, 400, 2500, 'Unknown path components: ' + url.pathname);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    appId,
    appSecret,
    version,
    users,
    requests,
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
