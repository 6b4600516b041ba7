import { TooManyRequestsError } from '../../errors';
import type { FailureWindow } from '../../repositories/login-attempt.repository';
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
 * `own` is how many of the counted rows are the caller's own pending attempt.
 */
export async function assertNotRateLimited(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey },
  own = 0,
): Promise<void> {
  const { repos, authConfig } = deps;
  const { now, windowMs, since } = window(deps);
  const [pair, address] = await Promise.all([
    repos.loginAttempts.failuresSince({ ip: input.ip, email: input.key, since }),
    repos.loginAttempts.failuresSince({ ip: input.ip, since }),
  ]);
  const blocked =
    pair.count - own >= authConfig.loginMaxFailures
      ? pair
      : address.count - own >= authConfig.loginMaxFailures * PER_IP_FAILURE_MULTIPLIER
        ? address
        : null;
  if (!blocked) return;
  const wait = retryAfter(blocked, now, windowMs);
  throw new TooManyRequestsError(
    `Too many failed sign-in attempts. Please wait ${wait.text} and try again.`,
    wait.retryAfterSeconds,
    'too_many_login_attempts',
  );
}

/**
 * How long until the oldest counted row leaves the window, so the count drops below the limit:
 * the Retry-After seconds and the same in words ("3 minutes").
 */
export function retryAfter(
  counted: FailureWindow,
  now: Date,
  windowMs: number,
): { retryAfterSeconds: number; text: string } {
  const freeAt = (counted.oldest ?? now).getTime() + windowMs;
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return { retryAfterSeconds, text: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

/** An attempt already counted as a failure while its password or token is checked. */
export interface PendingAttempt {
  /** It failed: its row stays as the failure (and rows no window can see any more are dropped). */
  fail(): Promise<void>;
  /** It succeeded: the address's failures for that key are forgotten, this one too. */
  succeed(): Promise<void>;
  /** It was never judged (the provider was down, or our side failed): it does not count. */
  abandon(): Promise<void>;
}

/**
 * Counts an attempt as a failure *before* the slow check it guards (argon2, a provider's token
 * check), then checks the limit with it included. Checking first and recording after let every
 * guess sent in parallel pass the check before any failure was written (30 parallel guesses got
 * 18 passwords checked against a limit of 5); now the n-th attempt of a burst sees at least n rows,
 * so no more than the limit are ever checked in a window.
 */
export async function beginAttempt(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey },
): Promise<PendingAttempt> {
  await assertNotRateLimited(deps, input);
  const { repos } = deps;
  const { now, since } = window(deps);
  const id = await repos.loginAttempts.recordFailure({ ip: input.ip, email: input.key, at: now });
  try {
    await assertNotRateLimited(deps, input, 1);
  } catch (error) {
    await repos.loginAttempts.deleteById(id);
    throw error;
  }
  return {
    fail: () => repos.loginAttempts.pruneBefore(since),
    succeed: () => repos.loginAttempts.clear({ ip: input.ip, email: input.key }),
    abandon: () => repos.loginAttempts.deleteById(id),
  };
}
