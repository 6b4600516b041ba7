import { INVALID_CREDENTIALS_MESSAGE, type TokenReply } from '@app/contracts';
import { UnauthorizedError } from '../../errors';
import type { AuthDeps } from './auth-deps';
import { createSession } from './create-session';
import { issueDeviceToken, knownDeviceOf } from './device-token';
import { normalisePassword } from './password-policy';
import { beginAttempt } from './sign-in-rate-limit';

const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * Checks e-mail and password and opens a session. Unknown e-mail and wrong password give the same
 * 401 after the same work (a dummy hash is verified), so replies do not reveal who has an account.
 * Attempts are limited (see sign-in-rate-limit): a device holding a valid known-device token for
 * this account (`deviceToken`, from its cookie) only by its own limit. A successful sign-in answers
 * a fresh `deviceToken` for the cookie (same device id when the device was known).
 */
export async function logIn(
  deps: Pick<AuthDeps, 'repos' | 'transaction' | 'hasher' | 'clock' | 'authConfig' | 'cookieKey'>,
  input: { email: string; password: string; ip: string; deviceToken?: string | undefined },
): Promise<TokenReply & { deviceToken: string }> {
  const { repos } = deps;
  const user = await repos.users.findByEmail(input.email);
  const device = knownDeviceOf(deps.cookieKey, input.deviceToken, user?.id, deps.clock.now());
  const attempt = await beginAttempt(deps, { ip: input.ip, key: input.email, device });

  let ok;
  try {
    ok = await checkPassword(deps.hasher, user?.passwordHash ?? null, input.password);
  } catch (error) {
    await attempt.abandon();
    throw error;
  }
  if (!user || !ok) {
    await attempt.fail();
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  }

  // The session is opened only if the password checked is still the account's: a Google or
  // Facebook sign-in may have removed it (and revoked every session) while it was being verified.
  // The row lock orders this after such a change, or that change's revocation after this session.
  const verifiedHash = user.passwordHash;
  const token = await deps.transaction(async (trx) => {
    const current = await trx.users.lockForSignIn(user.id);
    if (!current || current.passwordHash !== verifiedHash) return null;
    return createSession({ ...deps, sessions: trx.sessions }, user.id);
  });
  if (token === null) {
    await attempt.fail();
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  }
  await attempt.succeed();
  return {
    token,
    deviceToken: issueDeviceToken(deps.cookieKey, {
      userId: user.id,
      deviceId: device,
      now: deps.clock.now(),
    }),
  };
}

/**
 * Verifies a password against the stored hash. Without a hash (no such account, or one that signs
 * in only through a provider) a dummy hash is verified, so the time taken gives nothing away.
 * Passwords are stored in their normal form (NFKC), which is tried first; a password chosen before
 * that, stored as typed, is tried as typed when that differs. No password rule applies here.
 */
export async function checkPassword(
  hasher: AuthDeps['hasher'],
  passwordHash: string | null,
  password: string,
): Promise<boolean> {
  if (passwordHash) {
    const normal = normalisePassword(password);
    if (await hasher.verify(passwordHash, normal)) return true;
    return normal !== password && hasher.verify(passwordHash, password);
  }
  await hasher.verify(await dummyHash(hasher), password);
  return false;
}

function dummyHash(hasher: AuthDeps['hasher']): Promise<string> {
  let pending = dummyHashes.get(hasher);
  if (!pending) {
    pending = hasher.hash('timing-equaliser-not-a-password');
    dummyHashes.set(hasher, pending);
  }
  return pending;
}
