import type { IdentityProvider } from '@app/contracts';

/** Who an outside sign-in provider says the person is, once their token has been verified. */
export interface VerifiedIdentity {
  provider: IdentityProvider;
  /** The provider's stable id for the person: Google's `sub`, Facebook's app-scoped user id. */
  subject: string;
  /**
   * An e-mail address the provider vouches for (lower-cased), or null: Google's must be verified
   * (`email_verified`); Facebook shares only a confirmed address, and only when the person allows it.
   */
  email: string | null;
  /** Display name, when the provider gives one (not stored; for logs and greetings). */
  name: string | null;
}

/**
 * `rejected`: the token is not valid for us (forged, expired, another app's, unverified e-mail):
 * the person is told to try again. `unavailable`: the provider could not be asked (network, outage,
 * rate limit) or refused our own app credentials: nothing the person can fix, so it is a 503.
 */
export type IdentityTokenFailure = 'rejected' | 'unavailable';

/**
 * Thrown by the verifiers. `reason` is short, fixed-vocabulary text for logs; it never contains
 * the token, the app secret or the person's data.
 */
export class IdentityTokenError extends Error {
  constructor(
    readonly failure: IdentityTokenFailure,
    readonly reason: string,
  ) {
    super(`${failure}: ${reason}`);
    this.name = 'IdentityTokenError';
  }
}

/** Lower-cases and trims a provider's e-mail; anything that is not an address becomes null. */
export function normaliseProviderEmail(email: unknown): string | null {
  if (typeof email !== 'string') return null;
  const value = email.trim().toLowerCase();
  return /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value) && value.length <= 254 ? value : null;
}
