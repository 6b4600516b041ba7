import {
  IdentityTokenError,
  normaliseProviderEmail,
  type VerifiedIdentity,
} from '../identity/identity-provider.port';
import type { FacebookTokenVerifier } from './facebook-token-verifier.port';

const PREFIX = 'fake-facebook.';

export interface FakeFacebookProfile {
  id: string;
  name?: string;
  /** Omitted: the person shares no e-mail with the app. */
  email?: string;
}

/**
 * A deterministic stand-in for tests and demos: a token is `fake-facebook.` + base64url(JSON profile),
 * made with `FakeFacebookTokenVerifier.token()`. Anything else is rejected; `unavailable = true`
 * fails every call as if the Graph API could not be reached.
 */
export class FakeFacebookTokenVerifier implements FacebookTokenVerifier {
  unavailable = false;

  static token(profile: FakeFacebookProfile): string {
    return PREFIX + Buffer.from(JSON.stringify(profile)).toString('base64url');
  }

  verify(accessToken: string): Promise<VerifiedIdentity> {
    if (this.unavailable) {
      return Promise.reject(new IdentityTokenError('unavailable', 'fake Graph API is down'));
    }
    let profile: Partial<FakeFacebookProfile> | null = null;
    if (accessToken.startsWith(PREFIX)) {
      try {
        profile = JSON.parse(
          Buffer.from(accessToken.slice(PREFIX.length), 'base64url').toString('utf8'),
        ) as Partial<FakeFacebookProfile>;
      } catch {
        profile = null;
      }
    }
    if (!profile?.id) return Promise.reject(new IdentityTokenError('rejected', 'token not valid'));
    return Promise.resolve({
      provider: 'facebook',
      subject: profile.id,
      email: normaliseProviderEmail(profile.email),
      name: profile.name ?? null,
    });
  }
}
