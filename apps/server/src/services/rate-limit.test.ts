import { expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { createRateLimitEventRepository } from '../repositories/rate-limit-event.repository';
import { describeEachDatabase } from '../test/databases';
import { rateKeys, reserveInWindow } from './rate-limit';

const MINUTE = 60_000;

describeEachDatabase('windowed limits (rate_limit_events)', (t) => {
  it('reserves up to the limit, refuses past it without counting, and frees as the window moves', async () => {
    const events = createRateLimitEventRepository(t.db);
    const key = rateKeys.ip(`198.51.100.${Math.floor(Math.random() * 250)}-${randomUUID()}`);
    const start = new Date('2026-03-01T10:00:00Z');
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    const reserve = (minutes: number) =>
      reserveInWindow(events, {
        scope: 'signup',
        at: at(minutes),
        windowMs: 60 * MINUTE,
        limits: [{ key, max: 3 }],
      });

    for (const minute of [0, 10, 20]) expect((await reserve(minute)).ok).toBe(true);
    const refused = await reserve(30);
    expect(refused).toEqual({
      ok: false,
      blocked: { key, window: { count: 4, oldest: at(0) } },
    });
    // the refused one was taken back: still three counted
    expect((await events.since({ scope: 'signup', key, since: at(-60) })).count).toBe(3);
    // another scope with the same key counts apart
    expect(
      (
        await reserveInWindow(events, {
          scope: 'password_reset',
          at: at(30),
          windowMs: 60 * MINUTE,
          limits: [{ key, max: 1 }],
        })
      ).ok,
    ).toBe(true);
    // past an hour after the first, it has left the window (and is pruned): one more fits
    expect((await reserve(61)).ok).toBe(true);
    expect((await reserve(62)).ok).toBe(false);
  });

  it('lets no more than the limit through when a burst arrives at once', async () => {
    const events = createRateLimitEventRepository(t.db);
    const key = rateKeys.user(randomUUID());
    const at = new Date('2026-03-02T10:00:00Z');
    const results = await Promise.all(
      Array.from({ length: 12 }, () =>
        reserveInWindow(events, {
          scope: 'llm_call',
          at,
          windowMs: 60 * MINUTE,
          limits: [{ key, max: 5 }],
        }),
      ),
    );
    expect(results.filter((r) => r.ok).length).toBeLessThanOrEqual(5);
    expect((await events.since({ scope: 'llm_call', key, since: at })).count).toBe(
      results.filter((r) => r.ok).length,
    );
  });

  it('checks every limit of a request, names the first broken one, and takes back all its rows', async () => {
    const events = createRateLimitEventRepository(t.db);
    const email = rateKeys.email(`${randomUUID()}@example.com`);
    const ip = rateKeys.ip(randomUUID());
    const at = new Date('2026-03-03T10:00:00Z');
    const reserve = (limits: { key: string; max: number }[]) =>
      reserveInWindow(events, { scope: 'password_reset', at, windowMs: 60 * MINUTE, limits });

    expect(
      (
        await reserve([
          { key: email, max: 1 },
          { key: ip, max: 5 },
        ])
      ).ok,
    ).toBe(true);
    const second = await reserve([
      { key: email, max: 1 },
      { key: ip, max: 5 },
    ]);
    expect(second.ok).toBe(false);
    expect(second.ok ? null : second.blocked.key).toBe(email);
    // neither of its two rows stayed
    expect((await events.since({ scope: 'password_reset', key: ip, since: at })).count).toBe(1);

    // an account's rows go when it is deleted, in every scope, and nobody else's
    const other = rateKeys.email(`${randomUUID()}@example.com`);
    await reserve([{ key: other, max: 1 }]);
    await events.deleteForKeys([email, ip]);
    expect((await events.since({ scope: 'password_reset', key: email, since: at })).count).toBe(0);
    expect((await events.since({ scope: 'password_reset', key: other, since: at })).count).toBe(1);
  });
});
