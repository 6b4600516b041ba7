import { createHmac } from 'node:crypto';
import type { Clock } from '../../clock';
import {
  IdentityTokenError,
  normaliseProviderEmail,
  type VerifiedIdentity,
} from '../identity/identity-provider.port';
import type { FacebookTokenVerifier } from './facebook-token-verifier.port';

export interface GraphApiFacebookTokenVerifierOptions {
  appId: string;
  appSecret: string;
  /** e.g. v23.0 */
  apiVersion: string;
  /** https://graph.facebook.com, or a local server in tests. */
  graphUrl: string;
  clock: Clock;
  timeoutMs?: number;
}

/** A Graph API error body: `{ "error": { "message", "type", "code", "error_subcode"?, "fbtrace_id" } }`. */
interface GraphErrorBody {
  error?: {
    message?: string;
    type?: string;
    code?: number;
    error_subcode?: number;
    fbtrace_id?: string;
  };
}

interface DebugTokenData {
  app_id?: string | number;
  type?: string;
  is_valid?: boolean;
  expires_at?: number;
  user_id?: string | number;
  error?: { code?: number; message?: string; subcode?: number };
}

/** Graph codes that mean "try again later": unknown/service errors and the rate limits. */
const TEMPORARY_CODES = new Set([1, 2, 4, 17, 32, 341, 368, 613]);

/**
 * FacebookTokenVerifier over the Graph API (Meta publishes no server SDK for Node):
 *  1. GET {graph}/{version}/debug_token?input_token=TOKEN&access_token=APP_ID|APP_SECRET must say
 *     is_valid, app_id = ours, a USER token, not expired (expires_at 0 means "never");
 *  2. GET {graph}/{version}/me?fields=id,name,email with the user's token and appsecret_proof
 *     (HMAC-SHA256 of the token with the app secret, required when the app enables "Require App
 *     Secret") gives the app-scoped id and, when the person shares it, their confirmed e-mail.
 * The tokens travel in query strings, as Graph expects; they are never logged.
 */
export class GraphApiFacebookTokenVerifier implements FacebookTokenVerifier {
  constructor(private readonly options: GraphApiFacebookTokenVerifierOptions) {}

  async verify(accessToken: string): Promise<VerifiedIdentity> {
    const { appId, appSecret } = this.options;
    const debug = await this.get<{ data?: DebugTokenData }>('debug_token', '/debug_token', {
      input_token: accessToken,
      access_token: `${appId}|${appSecret}`,
    });
    const data = debug.data;
    if (!data || data.is_valid !== true) {
      const code = data?.error?.code;
      throw new IdentityTokenError(
        'rejected',
        `token not valid${code ? ` (Graph code ${code}${data?.error?.subcode ? `/${data.error.subcode}` : ''})` : ''}`,
      );
    }
    if (String(data.app_id ?? '') !== appId) {
      throw new IdentityTokenError('rejected', 'token issued to another app');
    }
    if (data.type !== undefined && data.type !== 'USER') {
      throw new IdentityTokenError('rejected', `not a user token (${String(data.type)})`);
    }
    const expiresAt = Number(data.expires_at ?? 0);
    if (expiresAt > 0 && expiresAt * 1000 <= this.options.clock.now().getTime()) {
      throw new IdentityTokenError('rejected', 'expired');
    }

    const me = await this.get<{ id?: string | number; name?: string; email?: string }>(
      'me',
      '/me',
      {
        fields: 'id,name,email',
        access_token: accessToken,
        appsecret_proof: createHmac('sha256', appSecret).update(accessToken).digest('hex'),
      },
    );
    if (me.id === undefined || String(me.id) === '') {
      throw new IdentityTokenError('rejected', 'no user id');
    }
    if (data.user_id !== undefined && String(data.user_id) !== String(me.id)) {
      throw new IdentityTokenError('rejected', 'token and profile disagree on the user');
    }
    return {
      provider: 'facebook',
      subject: String(me.id),
      email: normaliseProviderEmail(me.email),
      name: typeof me.name === 'string' ? me.name : null,
    };
  }

  private async get<T>(
    step: 'debug_token' | 'me',
    path: string,
    params: Record<string, string>,
  ): Promise<T> {
    const { graphUrl, apiVersion, timeoutMs = 10_000 } = this.options;
    const url = `${graphUrl}/${apiVersion}${path}?${new URLSearchParams(params).toString()}`;
    let res: Response;
    let body: unknown;
    try {
      res = await fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(timeoutMs),
      });
      body = await res.json().catch(() => null);
    } catch {
      // Deliberately no cause: fetch errors can carry the URL, and the URL carries the secrets.
      throw new IdentityTokenError('unavailable', `Graph API ${step} could not be reached`);
    }
    const error = (body as GraphErrorBody | null)?.error;
    if (error || !res.ok) throw graphFailure(step, res.status, error);
    if (body === null || typeof body !== 'object') {
      throw new IdentityTokenError('unavailable', `Graph API ${step} sent no JSON`);
    }
    return body as T;
  }
}

function graphFailure(
  step: 'debug_token' | 'me',
  status: number,
  error: GraphErrorBody['error'],
): IdentityTokenError {
  const code = error?.code;
  const where = `Graph API ${step}: HTTP ${status}${code !== undefined ? `, code ${code}` : ''}${
    error?.fbtrace_id ? `, fbtrace_id ${error.fbtrace_id}` : ''
  }`;
  if (status >= 500 || (code !== undefined && TEMPORARY_CODES.has(code))) {
    return new IdentityTokenError('unavailable', where);
  }
  // debug_token is called with OUR app token (an invalid input_token is a 200 with is_valid false):
  // an access-token error there means our app id or secret is wrong, which the person cannot fix.
  if (step === 'debug_token' && (code === 190 || code === 102)) {
    return new IdentityTokenError('unavailable', `${where} (app id or secret rejected)`);
  }
  return new IdentityTokenError('rejected', where);
}
