import type { VerifiedIdentity } from '../identity/identity-provider.port';

/**
 * Verifies a Google ID token (the JWT Google Identity Services hands the page): signature against
 * Google's published keys, issuer, audience (our client id), expiry, and a verified e-mail.
 * Throws IdentityTokenError (`rejected` or `unavailable`).
 */
export interface GoogleIdTokenVerifier {
  verify(idToken: string): Promise<VerifiedIdentity>;
}
