import {
  IdentityTokenError,
  normaliseProviderEmail,
  type VerifiedIdentity,
} from '../identity/identity-provider.port';
import type { GoogleIdTokenVerifier } from './google-id-token-verifier.port';

const PREFIX = 'fake-google.';

export interface FakeGoogleClaims {
  sub: string;
  email: string;
  email_verified?: boolean;
  name?: string;
}

/**
 * A deterministic stand-in for tests and demos: a token is `fake-google.` + base64url(JSON claims),
 * made with `FakeGoogleIdTokenVerifier.token()`. Anything else is rejected; `unavailable = true`
 * makes every call fail as if Google could not be reached.
 */
export class FakeGoogleIdTokenVerifier implements GoogleIdTokenVerifier {
  unavailable = false;
  readonly verified: string[] = [];

  static token(claims: FakeGoogleClaims): string {
    return PREFIX + Buffer.from(JSON.stringify(claims)).toString('base64url');
  }

  verify(idToken: string): Promise<VerifiedIdentity> {
    if (this.unavailable) {
      return Promise.reject(new IdentityTokenError('unavailable', 'fake Google is down'));
    }
    if (!idToken.startsWith(PREFIX)) {
      return Promise.reject(new IdentityTokenError('rejected', 'not a fake Google token'));
    }
    let claims: Partial<FakeGoogleClaims>;
    try {
      claims = JSON.parse(
        Buffer.from(idToken.slice(PREFIX.length), 'base64url').toString('utf8'),
      ) as Partial<FakeGoogleClaims>;
    } catch {
      return Promise.reject(new IdentityTokenError('rejected', 'malformed token'));
    }
    const email = normaliseProviderEmail(claims.email);
    if (!claims.sub) return Promise.reject(new IdentityTokenError('rejected', 'no subject'));
    if (!email || claims.email_verified === false) {
      return Promise.reject(new IdentityTokenError('rejected', 'e-mail not verified'));
    }
    this.verified.push(claims.sub);
    return Promise.resolve({
      provider: 'google',
      subject: claims.sub,
      email,
      name: claims.name ?? null,
    });
  }
}
