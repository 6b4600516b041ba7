import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { FacebookTokenVerifier } from '../../providers/facebook/facebook-token-verifier.port';
import type { GoogleIdTokenVerifier } from '../../providers/google/google-id-token-verifier.port';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { PasswordHasher } from './password-hasher';

/** What the auth use-cases need; each takes only the fields it uses. */
export interface AuthDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  hasher: PasswordHasher;
  clock: Clock;
  authConfig: Config['auth'];
  /** Signs and checks the known-device cookie (the container's cookieKey). */
  cookieKey: Buffer;
  /** null when GOOGLE_CLIENT_ID is not set: Google sign-in answers 503. */
  googleVerifier: GoogleIdTokenVerifier | null;
  /** null when FACEBOOK_APP_ID / FACEBOOK_APP_SECRET are not set: Facebook sign-in answers 503. */
  facebookVerifier: FacebookTokenVerifier | null;
}

/** The signed-in user as the HTTP layer sees it. */
export interface AuthUser {
  id: string;
  /** Null only for an account made through Facebook without a shared e-mail. */
  email: string | null;
  sessionId: number;
}
