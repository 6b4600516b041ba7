import { INVALID_CREDENTIALS_MESSAGE, type TokenReply } from '@app/contracts';
import { TooManyRequestsError, UnauthorizedError } from '../../errors';
import type { AuthDeps } from './auth-deps';
import { createSession } from './create-session';

/** One address may fail this many times more often than one (address, e-mail) pair. */
export const PER_IP_FAILURE_MULTIPLIER = 4;

const dummyHashes = new WeakMap<object, Promise<string>>();

/**
 * Checks e-mail and password and opens a session. Unknown e-mail and wrong password give the same
 * 401 after the same work (a dummy hash is verified), so replies do not reveal who has an account.
 * Failures are counted per (address, e-mail) and per address; past the limit the reply is 429.
 */
export async function logIn(
  deps: Pick<AuthDeps, 'repos' | 'hasher' | 'clock' | 'authConfig'>,
  input: { email: string; password: string; ip: string },
): Promise<TokenReply> {
  const { repos, clock, authConfig } = deps;
  const now = clock.now();
  const windowMs = authConfig.loginWindowMinutes * 60_000;
  const since = new Date(now.getTime() - windowMs);

  const [pair, address] = await Promise.all([
    repos.loginAttempts.failuresSince({ ip: input.ip, email: input.email, since }),
    repos.loginAttempts.failuresSince({ ip: input.ip, since }),
  ]);
  const blocked =
    pair.count >= authConfig.loginMaxFailures
      ? pair
      : address.count >= authConfig.loginMaxFailures * PER_IP_FAILURE_MULTIPLIER
        ? address
        : null;
  if (blocked) {
    const freeAt = (blocked.oldest ?? now).getTime() + windowMs;
    const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
    const minutes = Math.ceil(retryAfterSeconds / 60);
    throw new TooManyRequestsError(
      `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
      retryAfterSeconds,
      'too_many_login_attempts',
    );
  }

  const user = await repos.users.findByEmail(input.email);
  let ok = false;
  if (user?.passwordHash) {
    ok = await deps.hasher.verify(user.passwordHash, input.password);
  } else {
    // Same work as a real check, so the reply time does not tell whether the account exists.
    await deps.hasher.verify(await dummyHash(deps.hasher), input.password);
  }

  if (!user || !ok) {
    await repos.loginAttempts.recordFailure({ ip: input.ip, email: input.email, at: now });
    // Keep the table small: nothing older than the window is ever read.
    await repos.loginAttempts.pruneBefore(since);
    throw new UnauthorizedError(INVALID_CREDENTIALS_MESSAGE, 'invalid_credentials');
  }

  await repos.loginAttempts.clear({ ip: input.ip, email: input.email });
  const token = await createSession({ ...deps, sessions: repos.sessions }, user.id);
  return { token };
}

function dummyHash(hasher: AuthDeps['hasher']): Promise<string> {
  let pending = dummyHashes.get(hasher);
  if (!pending) {
    pending = hasher.hash('timing-equaliser-not-a-password');
    dummyHashes.set(hasher, pending);
  }
  return pending;
}
