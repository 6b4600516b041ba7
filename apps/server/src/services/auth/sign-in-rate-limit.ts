import { TooManyRequestsError } from '../../errors';
import type { AuthDeps } from './auth-deps';

/** One address may fail this many times more often than one (address, key) pair. */
export const PER_IP_FAILURE_MULTIPLIER = 4;

type LimitDeps = Pick<AuthDeps, 'repos' | 'clock' | 'authConfig'>;

/**
 * The key failures are counted under besides the address: the e-mail for password sign-in and
 * deletion, `provider:google` / `provider:facebook` for provider sign-in (never an e-mail: no @).
 */
export type FailureKey = string;

export const providerFailureKey = (provider: string): FailureKey => `provider:${provider}`;

function window(deps: LimitDeps) {
  const now = deps.clock.now();
  const windowMs = deps.authConfig.loginWindowMinutes * 60_000;
  return { now, windowMs, since: new Date(now.getTime() - windowMs) };
}

/**
 * Throws 429 with Retry-After when the address has failed too often for this key
 * (LOGIN_MAX_FAILURES in LOGIN_WINDOW_MINUTES) or too often overall (4 x that, any key).
 */
export async function assertNotRateLimited(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey },
): Promise<void> {
  const { repos, authConfig } = deps;
  const { now, windowMs, since } = window(deps);
  const [pair, address] = await Promise.all([
    repos.loginAttempts.failuresSince({ ip: input.ip, email: input.key, since }),
    repos.loginAttempts.failuresSince({ ip: input.ip, since }),
  ]);
  const blocked =
    pair.count >= authConfig.loginMaxFailures
      ? pair
      : address.count >= authConfig.loginMaxFailures * PER_IP_FAILURE_MULTIPLIER
        ? address
        : null;
  if (!blocked) return;
  const freeAt = (blocked.oldest ?? now).getTime() + windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  throw new TooManyRequestsError(
    `Too many failed sign-in attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    retryAfterSeconds,
    'too_many_login_attempts',
  );
}

/** Counts one failure for (address, key), and drops rows no window can see any more. */
export async function recordFailure(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey },
): Promise<void> {
  const { now, since } = window(deps);
  await deps.repos.loginAttempts.recordFailure({ ip: input.ip, email: input.key, at: now });
  await deps.repos.loginAttempts.pruneBefore(since);
}

/** A success forgets the address's failures for that key. */
export async function clearFailures(
  deps: Pick<AuthDeps, 'repos'>,
  input: { ip: string; key: FailureKey },
): Promise<void> {
  await deps.repos.loginAttempts.clear({ ip: input.ip, email: input.key });
}
