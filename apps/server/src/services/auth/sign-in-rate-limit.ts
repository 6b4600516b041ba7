import { TooManyRequestsError } from '../../errors';
import type { AttemptWindow, FailureWindow } from '../../repositories/login-attempt.repository';
import type { AuthDeps } from './auth-deps';

/**
 * The sign-in limits (L = LOGIN_MAX_FAILURES, 5 by default; W = LOGIN_WINDOW_MINUTES, 15):
 *  - one address and one e-mail: L failures in W;
 *  - one address, any e-mails (credential stuffing): 4 x L failures in W;
 *  - one e-mail from any addresses (guesses spread over many addresses): 2 x L failures in
 *    ACCOUNT_WINDOW_MS are free, then each further attempt waits for a delay after the newest
 *    failure that doubles from ACCOUNT_BACKOFF_BASE_MS up to ACCOUNT_BACKOFF_MAX_MS. It slows
 *    guessing down and never locks the account for longer than that delay;
 *  - a known device (a signed cookie set at a successful sign-in to that account): L failures in
 *    W for that device alone. Its attempts skip the three limits above, which other people's
 *    failures fill, and its own failures do not count against them.
 * Only failures count: an attempt is written as pending while it is checked and deleted if right.
 */
export const PER_IP_FAILURE_MULTIPLIER = 4;
export const ACCOUNT_FREE_FAILURE_MULTIPLIER = 2;
export const ACCOUNT_WINDOW_MS = 24 * 60 * 60_000;
export const ACCOUNT_BACKOFF_BASE_MS = 60_000;
export const ACCOUNT_BACKOFF_MAX_MS = 30 * 60_000;
/** A pending attempt older than this was lost with its process: it counts as a failure. */
export const STALE_PENDING_MS = 60_000;
/** How long an attempt waits for others in flight to be judged before it gives up with 429. */
export const ADMISSION_WAIT_MS = 10_000;
const ADMISSION_POLL_MS = 15;

type LimitDeps = Pick<AuthDeps, 'repos' | 'transaction' | 'clock' | 'authConfig'>;

/**
 * The key attempts are counted under besides the address: the e-mail for password sign-in and
 * deletion, `provider:google` / `provider:facebook` for provider sign-in (never an e-mail: no @).
 */
export type FailureKey = string;

export const providerFailureKey = (provider: string): FailureKey => `provider:${provider}`;

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
  return waitUntil(freeAt, now);
}

function waitUntil(freeAt: number, now: Date): { retryAfterSeconds: number; text: string } {
  const retryAfterSeconds = Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000));
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return { retryAfterSeconds, text: `${minutes} minute${minutes === 1 ? '' : 's'}` };
}

/** The wait the account limit asks for after `failures` failures (0 while some are still free). */
export function accountBackoffMs(failures: number, freeFailures: number): number {
  if (failures < freeFailures) return 0;
  return Math.min(
    ACCOUNT_BACKOFF_BASE_MS * 2 ** Math.min(failures - freeFailures, 30),
    ACCOUNT_BACKOFF_MAX_MS,
  );
}

function tooMany(wait: { retryAfterSeconds: number; text: string }): TooManyRequestsError {
  return new TooManyRequestsError(
    `Too many failed sign-in attempts. Please wait ${wait.text} and try again.`,
    wait.retryAfterSeconds,
    'too_many_login_attempts',
  );
}

/** An attempt admitted and counted as pending while its password or token is checked. */
export interface PendingAttempt {
  /** It failed: it now counts as a failure (and rows no window can see any more are dropped). */
  fail(): Promise<void>;
  /** It succeeded: it is taken back, with its own earlier failures (see clearAfterSuccess). */
  succeed(): Promise<void>;
  /** It was never judged (the provider was down, or our side failed): it does not count. */
  abandon(): Promise<void>;
}

type Admission = { admitted: number } | { refused: TooManyRequestsError } | { wait: true };

/**
 * Admits an attempt *before* the slow check it guards (argon2, a provider's token check), or
 * throws 429 with Retry-After. Admission runs under advisory locks on the address, the key and the
 * device, so attempts sent in parallel are admitted one after another, each seeing the ones before
 * it: an attempt is refused when the failures alone reach a limit, and waits (briefly) when the
 * failures plus the attempts still being checked do, since those may yet fail. So no more
 * passwords than a limit allows are ever checked in a window, and correct sign-ins in flight,
 * which will not fail, never cause a refusal.
 * `device` is the id of a known device of this key's account (a verified cookie), or null.
 */
export async function beginAttempt(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey; device?: string | null },
): Promise<PendingAttempt> {
  const { repos } = deps;
  const device = input.device ?? null;
  const startedAt = Date.now();
  let id: number;
  for (;;) {
    const admission = await deps.transaction((trx) =>
      admit({ ...deps, repos: trx }, input, device),
    );
    if ('admitted' in admission) {
      id = admission.admitted;
      break;
    }
    if ('refused' in admission) throw admission.refused;
    if (Date.now() - startedAt > ADMISSION_WAIT_MS) {
      throw tooMany({ retryAfterSeconds: 5, text: 'a few seconds' });
    }
    await new Promise((resolve) => setTimeout(resolve, ADMISSION_POLL_MS));
  }
  const longestWindow = Math.max(ACCOUNT_WINDOW_MS, deps.authConfig.loginWindowMinutes * 60_000);
  return {
    fail: async () => {
      await repos.loginAttempts.markFailed(id);
      await repos.loginAttempts.pruneBefore(new Date(deps.clock.now().getTime() - longestWindow));
    },
    succeed: async () => {
      await repos.loginAttempts.deleteById(id);
      await repos.loginAttempts.clearAfterSuccess({ ip: input.ip, email: input.key, device });
    },
    abandon: () => repos.loginAttempts.deleteById(id),
  };
}

async function admit(
  deps: LimitDeps,
  input: { ip: string; key: FailureKey },
  device: string | null,
): Promise<Admission> {
  const { repos, authConfig } = deps;
  const now = deps.clock.now();
  const windowMs = authConfig.loginWindowMinutes * 60_000;
  await repos.loginAttempts.lockKeys(
    device === null ? [`ip:${input.ip}`, `key:${input.key}`] : [`device:${device}`],
  );
  const tally = await repos.loginAttempts.tally({
    ip: input.ip,
    email: input.key,
    device,
    since: new Date(now.getTime() - windowMs),
    accountSince: new Date(now.getTime() - ACCOUNT_WINDOW_MS),
    staleBefore: new Date(now.getTime() - STALE_PENDING_MS),
  });
  const max = authConfig.loginMaxFailures;
  const windowed: Array<[AttemptWindow, number]> =
    device === null
      ? [
          [tally.pair, max],
          [tally.address, max * PER_IP_FAILURE_MULTIPLIER],
        ]
      : [[tally.device, max]];

  for (const [counted, limit] of windowed) {
    if (counted.count >= limit) return { refused: tooMany(retryAfter(counted, now, windowMs)) };
  }
  // Provider sign-in has no account to guess at before the token is verified.
  const account = device === null && !input.key.startsWith('provider:') ? tally.account : null;
  const freeFailures = max * ACCOUNT_FREE_FAILURE_MULTIPLIER;
  if (account && account.count >= freeFailures) {
    const readyAt =
      (account.latest ?? now).getTime() + accountBackoffMs(account.count, freeFailures);
    if (readyAt > now.getTime()) return { refused: tooMany(waitUntil(readyAt, now)) };
  }
  for (const [counted, limit] of windowed) {
    if (counted.count + counted.pending >= limit) return { wait: true };
  }
  // In backoff, one attempt at a time; before it, no more in flight than the free failures left.
  if (account && account.pending > 0 && account.count + account.pending >= freeFailures) {
    return { wait: true };
  }
  return {
    admitted: await repos.loginAttempts.recordPending({
      ip: input.ip,
      email: input.key,
      device,
      at: now,
    }),
  };
}
