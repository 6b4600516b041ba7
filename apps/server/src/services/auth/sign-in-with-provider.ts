import {
  FACEBOOK_SIGN_IN_FAILED_MESSAGE,
  GOOGLE_SIGN_IN_FAILED_MESSAGE,
  type IdentityProvider,
  type ProviderSignInReply,
} from '@app/contracts';
import { NotConfiguredError, ServiceUnavailableError, UnauthorizedError } from '../../errors';
import type { Logger } from '../../logger';
import {
  IdentityTokenError,
  type VerifiedIdentity,
} from '../../providers/identity/identity-provider.port';
import type { Repositories } from '../../repositories';
import type { AuthDeps } from './auth-deps';
import { createSession } from './create-session';
import { issueDeviceToken, readDeviceToken } from './device-token';
import { beginAttempt, providerFailureKey } from './sign-in-rate-limit';
import { grantSignupCredits } from './sign-up';

const LABELS: Record<IdentityProvider, string> = { google: 'Google', facebook: 'Facebook' };

export const PROVIDER_FAILED_MESSAGES: Record<IdentityProvider, string> = {
  google: GOOGLE_SIGN_IN_FAILED_MESSAGE,
  facebook: FACEBOOK_SIGN_IN_FAILED_MESSAGE,
};

export const providerNotConfiguredMessage = (provider: IdentityProvider) =>
  `${LABELS[provider]} sign-in is not available on this server. Sign in with your e-mail and password instead.`;

export const providerUnavailableMessage = (provider: IdentityProvider) =>
  `${LABELS[provider]} sign-in is not responding right now. Please try again in a few minutes, or sign in with your e-mail and password.`;

type Deps = Pick<
  AuthDeps,
  | 'repos'
  | 'transaction'
  | 'clock'
  | 'authConfig'
  | 'cookieKey'
  | 'googleVerifier'
  | 'facebookVerifier'
> & { logger?: Pick<Logger, 'info' | 'warn'> };

/** A concurrent first sign-in (or sign-up) claimed the identity or the e-mail: start over. */
class LostRace extends Error {}
const MAX_ATTEMPTS = 3;

/**
 * Google or Facebook sign-in: verifies the provider's token, then signs in to
 *  1. the account that identity is already linked to; else
 *  2. the account registered with the same e-mail, which the identity is linked to (an e-mail
 *     already registered links to the same account; the e-mail is one the provider vouches for,
 *     see the verifiers). If that account has a password and its address
 *     was never confirmed, the password is removed and its sessions revoked: the password may be
 *     an impostor's who registered the address first. A confirmed address keeps both; else
 *  3. a new account (no password) with the sign-up credit grant under the same ledger key as an
 *     e-mail sign-up (`signup:<userId>`), linked to the identity; without an e-mail (Facebook)
 *     the identity alone signs in to it.
 * Rejected tokens are counted like failed password sign-ins (per address and provider) and
 * rate-limited the same way; an unconfigured or unreachable provider is a 503. A successful
 * sign-in answers a known-device token for the cookie, like a password sign-in (the same device id
 * when `deviceToken` already named this account).
 */
export async function signInWithProvider(
  deps: Deps,
  input: {
    provider: IdentityProvider;
    token: string;
    ip: string;
    deviceToken?: string | undefined;
  },
): Promise<ProviderSignInReply & { deviceToken: string }> {
  const { provider } = input;
  const verifier = provider === 'google' ? deps.googleVerifier : deps.facebookVerifier;
  if (!verifier) {
    throw new NotConfiguredError(provider, providerNotConfiguredMessage(provider));
  }
  const attempt = await beginAttempt(deps, { ip: input.ip, key: providerFailureKey(provider) });

  let identity: VerifiedIdentity;
  try {
    identity = await verifier.verify(input.token);
  } catch (error) {
    if (!(error instanceof IdentityTokenError) || error.failure === 'unavailable')
      await attempt.abandon();
    if (!(error instanceof IdentityTokenError)) throw error;
    if (error.failure === 'unavailable') {
      deps.logger?.warn({ provider, reason: error.reason }, 'sign-in provider unavailable');
      throw new ServiceUnavailableError(
        providerUnavailableMessage(provider),
        `${provider}_unavailable`,
      );
    }
    deps.logger?.info({ provider, reason: error.reason }, 'provider sign-in rejected');
    await attempt.fail();
    throw new UnauthorizedError(PROVIDER_FAILED_MESSAGES[provider], `${provider}_token_invalid`);
  }

  let signedIn: ProviderSignInReply & { userId: string };
  try {
    signedIn = await signInAs(deps, identity);
  } catch (error) {
    await attempt.abandon();
    throw error;
  }
  await attempt.succeed();
  const { userId, ...reply } = signedIn;
  const now = deps.clock.now();
  const known = readDeviceToken(deps.cookieKey, input.deviceToken, now);
  const deviceToken = issueDeviceToken(deps.cookieKey, {
    userId,
    deviceId: known?.userId === userId ? known.deviceId : null,
    now,
  });
  return { ...reply, deviceToken };
}

async function signInAs(
  deps: Deps,
  identity: VerifiedIdentity,
): Promise<ProviderSignInReply & { userId: string }> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await deps.transaction(async (repos) => {
        const userId = await accountFor(deps, repos, identity);
        const token = await createSession({ ...deps, sessions: repos.sessions }, userId);
        const [balance, plan] = await Promise.all([
          repos.ledger.getBalance(userId),
          repos.subscriptions.findActivePlan(userId, deps.clock.now()),
        ]);
        return {
          token,
          user: { credits_balance: balance, subscription_plan: plan ?? 'basic' },
          userId,
        };
      });
    } catch (error) {
      if (error instanceof LostRace && attempt < MAX_ATTEMPTS) continue;
      throw error;
    }
  }
}

async function accountFor(
  deps: Deps,
  repos: Repositories,
  identity: VerifiedIdentity,
): Promise<string> {
  const at = deps.clock.now();
  const { provider, subject, email } = identity;
  const known = await repos.identities.find(provider, subject);
  if (known) {
    await repos.identities.touch(known.id, { email, at });
    // Proves the account's address when the provider vouches for that same address.
    if (email) await repos.users.markEmailVerified(known.userId, at, email);
    return known.userId;
  }

  if (email) {
    const found = await repos.users.findByEmail(email);
    // Locked first (before the identity row's foreign key share-locks it), so a password sign-in
    // verified meanwhile either opens its session before this (and it is revoked below) or finds
    // the password gone (see logIn).
    const existing = found ? await repos.users.lockForSignIn(found.id) : null;
    if (existing) {
      if (!(await repos.identities.link({ userId: existing.id, provider, subject, email, at }))) {
        throw new LostRace();
      }
      // The provider vouches for this address (the first proof is kept).
      await repos.users.markEmailVerified(existing.id, at, email);
      if (existing.passwordHash && !existing.emailVerifiedAt) {
        // Nobody ever proved that whoever chose this password owns the address (it was never
        // confirmed): it may be someone who registered the address first, waiting for its owner to
        // arrive through Google or Facebook (account pre-hijacking). The provider has now proved
        // ownership, so the unproven password and every session opened with it stop working.
        await repos.users.clearPassword(existing.id);
        const revoked = await repos.sessions.revokeAllForUser(existing.id, at);
        deps.logger?.info(
          { provider, userId: existing.id, revokedSessions: revoked },
          'sign-in identity linked to an unconfirmed password account: password removed, sessions revoked',
        );
        return existing.id;
      }
      // A confirmed address: whoever holds the password (and its sessions) proved the mailbox
      // while signed in (see verifyEmail) or chose it through a reset link, so they are the owner.
      deps.logger?.info({ provider, userId: existing.id }, 'sign-in identity linked to account');
      return existing.id;
    }
  }

  const user = await repos.users.create({ email, passwordHash: null });
  if (!user) throw new LostRace(); // the e-mail was registered a moment ago
  // The provider vouches for the address it gave (Google's email_verified, Facebook's confirmed).
  if (email) await repos.users.markEmailVerified(user.id, at, email);
  await grantSignupCredits(repos, deps.authConfig, user.id);
  if (!(await repos.identities.link({ userId: user.id, provider, subject, email, at }))) {
    throw new LostRace();
  }
  deps.logger?.info({ provider, userId: user.id }, 'account created through sign-in provider');
  return user.id;
}
