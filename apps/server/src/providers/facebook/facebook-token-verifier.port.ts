import type { VerifiedIdentity } from '../identity/identity-provider.port';

/**
 * Verifies a Facebook user access token (from the JavaScript SDK's login): the Graph API's
 * debug_token must call it valid, issued to our app id and not expired; then /me says who it is.
 * Throws IdentityTokenError (`rejected` or `unavailable`).
 */
export interface FacebookTokenVerifier {
  verify(accessToken: string): Promise<VerifiedIdentity>;
}
