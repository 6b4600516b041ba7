import { TooManyRequestsError } from '../errors';
import type { FailureWindow } from '../repositories/login-attempt.repository';
import type {
  RateLimitEventRepository,
  RateLimitScope,
} from '../repositories/rate-limit-event.repository';
import { retryAfter } from './auth/sign-in-rate-limit';

/** Keys of the counted things, one spelling everywhere. */
export const rateKeys = {
  ip: (ip: string) => `ip:${ip}`,
  user: (userId: string) => `user:${userId}`,
  email: (email: string) => `email:${email}`,
};

export interface WindowLimit {
  key: string;
  /** Events allowed under the key in the window; this one included. */
  max: number;
}

export type Reservation =
  { ok: true; ids: number[] } | { ok: false; blocked: { key: string; window: FailureWindow } };

/**
 * Counts one event under every limit's key *before* the work it guards, then checks each limit with
 * it included, so requests sent in parallel cannot all pass a check made before any was counted:
 * the n-th of a burst sees at least n rows. Past a limit the event is taken back (a refused request
 * uses nothing up) and the first limit it broke is returned, with its window for Retry-After.
 * Rows the window no longer sees are pruned first. The caller takes `ids` back with
 * `deleteByIds` when the work, once done, should not count after all.
 */
export async function reserveInWindow(
  events: RateLimitEventRepository,
  input: { scope: RateLimitScope; at: Date; windowMs: number; limits: WindowLimit[] },
): Promise<Reservation> {
  const since = new Date(input.at.getTime() - input.windowMs);
  await events.pruneBefore({ scope: input.scope, before: since });
  const ids = await events.record({
    scope: input.scope,
    keys: input.limits.map((l) => l.key),
    at: input.at,
  });
  for (const limit of input.limits) {
    const window = await events.since({ scope: input.scope, key: limit.key, since });
    if (window.count > limit.max) {
      await events.deleteByIds(ids);
      return { ok: false, blocked: { key: limit.key, window } };
    }
  }
  return { ok: true, ids };
}

/**
 * `reserveInWindow` for a request a person made: past a limit it throws 429 with Retry-After and
 * the sentence `refusal` words for the broken limit's key and the wait ("3 minutes"). Returns the
 * counted rows' ids.
 */
export async function reserveOrRefuse(
  events: RateLimitEventRepository,
  input: { scope: RateLimitScope; at: Date; windowMs: number; limits: WindowLimit[] },
  refusal: { code: string; message: (blockedKey: string, wait: string) => string },
): Promise<number[]> {
  const reserved = await reserveInWindow(events, input);
  if (reserved.ok) return reserved.ids;
  const wait = retryAfter(reserved.blocked.window, input.at, input.windowMs);
  throw new TooManyRequestsError(
    refusal.message(reserved.blocked.key, wait.text),
    wait.retryAfterSeconds,
    refusal.code,
  );
}
