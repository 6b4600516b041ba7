import { OAuth2Client, gaxios } from 'google-auth-library';
import {
  IdentityTokenError,
  normaliseProviderEmail,
  type VerifiedIdentity,
} from '../identity/identity-provider.port';
import type { GoogleIdTokenVerifier } from './google-id-token-verifier.port';

/** The two spellings of Google's issuer that Google documents for ID tokens. */
export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];

/** Google's signing certificates (PEM), the format google-auth-library reads under Node. */
export const GOOGLE_PEM_CERTS_URL = 'https://www.googleapis.com/oauth2/v1/certs';

export interface GoogleIdTokenVerifierOptions {
  /** Our OAuth client id: the only audience accepted. */
  clientId: string;
  /** Where the signing certificates are fetched (tests: a local server). */
  certsUrl?: string;
  /** Per request to the certificates URL. */
  timeoutMs?: number;
}

/**
 * The messages google-auth-library 10's verifySignedJwtWithCertsAsync throws, mapped to reasons
 * for our logs. Its messages embed the whole token or payload, so they are never logged as they are.
 */
const LIBRARY_FAILURES: [RegExp, string][] = [
  [/^Wrong number of segments/, 'malformed token'],
  [/^Can't parse token/, 'malformed token'],
  [/^No pem found/, 'unknown signing key'],
  [/^Invalid token signature/, 'bad signature'],
  [/^No issue time|^iat field/, 'no issue time'],
  [/^No expiration time|^exp field/, 'no expiry'],
  [/^Expiration time too far/, 'lifetime too long'],
  [/^Token used too early/, 'not yet valid'],
  [/^Token used too late/, 'expired'],
  [/^Invalid issuer/, 'wrong issuer'],
  [/^Wrong recipient/, 'wrong audience'],
];

/**
 * GoogleIdTokenVerifier on Google's official google-auth-library: OAuth2Client.verifyIdToken checks
 * the RS256 signature against Google's certificates (cached for their max-age), the issuer, the
 * audience and the expiry (with the library's 5-minute clock skew); we also require a verified
 * e-mail. Fetching the certificates is the only network call.
 */
export class GoogleAuthLibraryIdTokenVerifier implements GoogleIdTokenVerifier {
  private readonly client: OAuth2Client;

  constructor(private readonly options: GoogleIdTokenVerifierOptions) {
    this.client = new OAuth2Client({
      clientId: options.clientId,
      // The library's default list also accepts its universe domain; Google documents only these.
      issuers: GOOGLE_ISSUERS,
      endpoints: { oauth2FederatedSignonPemCertsUrl: options.certsUrl ?? GOOGLE_PEM_CERTS_URL },
      transporterOptions: { timeout: options.timeoutMs ?? 10_000 },
    });
  }

  async verify(idToken: string): Promise<VerifiedIdentity> {
    let payload;
    try {
      const ticket = await this.client.verifyIdToken({ idToken, audience: this.options.clientId });
      payload = ticket.getPayload();
    } catch (error) {
      throw toIdentityError(error);
    }
    if (!payload?.sub) throw new IdentityTokenError('rejected', 'no subject');
    const email = normaliseProviderEmail(payload.email);
    // A token for an unverified address could claim someone else's e-mail and take over their account.
    const verified = payload.email_verified === true || String(payload.email_verified) === 'true';
    if (!email || !verified) throw new IdentityTokenError('rejected', 'e-mail not verified');
    return { provider: 'google', subject: payload.sub, email, name: payload.name ?? null };
  }
}

function toIdentityError(error: unknown): IdentityTokenError {
  const message = error instanceof Error ? error.message : '';
  // Certificates could not be fetched (network, timeout, a 5xx): the library rethrows gaxios' error.
  if (error instanceof gaxios.GaxiosError || /^Failed to retrieve verification/.test(message)) {
    const status = error instanceof gaxios.GaxiosError ? error.status : undefined;
    return new IdentityTokenError(
      'unavailable',
      `Google certificates could not be fetched${status ? ` (HTTP ${status})` : ''}`,
    );
  }
  const known = LIBRARY_FAILURES.find(([pattern]) => pattern.test(message));
  return new IdentityTokenError('rejected', known?.[1] ?? 'not a valid Google ID token');
}
