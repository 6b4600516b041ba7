import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createLoginAttemptRepository } from './login-attempt.repository';

describeEachDatabase('login attempt repository', (t) => {
  it('tallies failures and pending attempts per pair, address, account and device', async () => {
    const attempts = createLoginAttemptRepository(t.db);
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}-${Date.now()}`;
    const email = `a-${Date.now()}@example.com`;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    const failed = async (row: { ip: string; email: string; device?: string }, minute: number) =>
      attempts.markFailed(await attempts.recordPending({ device: null, ...row, at: at(minute) }));
    await failed({ ip, email }, 0);
    await failed({ ip, email }, 5);
    await failed({ ip, email: `b-${email}` }, 6);
    await failed({ ip: `${ip}-other`, email }, 6);
    await failed({ ip, email, device: 'device-one-abcdefgh' }, 7);
    await attempts.recordPending({ ip, email, device: null, at: at(8) });

    const tally = (since: number) =>
      attempts.tally({
        ip,
        email,
        device: 'device-one-abcdefgh',
        since: at(since),
        accountSince: at(0),
        staleBefore: at(8),
      });
    const first = await tally(0);
    expect(first.pair).toEqual({ count: 2, pending: 1, oldest: at(0), latest: at(5) });
    expect(first.address).toEqual({ count: 3, pending: 1, oldest: at(0), latest: at(6) });
    expect(first.account).toEqual({ count: 3, pending: 1, oldest: at(0), latest: at(6) });
    expect(first.device).toEqual({ count: 1, pending: 0, oldest: at(7), latest: at(7) });
    expect((await tally(1)).pair).toEqual({ count: 1, pending: 1, oldest: at(5), latest: at(5) });

    // a pending attempt older than staleBefore was lost with its process: it counts as failed
    const stale = await attempts.tally({
      ip,
      email,
      device: null,
      since: at(0),
      accountSince: at(0),
      staleBefore: at(9),
    });
    expect(stale.pair).toMatchObject({ count: 3, pending: 0 });
    expect(stale.device).toEqual({ count: 0, pending: 0, oldest: null, latest: null });

    await attempts.clearAfterSuccess({ ip, email, device: null });
    const cleared = await tally(0);
    expect(cleared.pair).toMatchObject({ count: 0, pending: 1 });
    expect(cleared.account.count).toBe(1); // another address's failure is not this one's to forget
    expect(cleared.device.count).toBe(1);

    await attempts.pruneBefore(at(10));
    expect((await tally(0)).address).toMatchObject({ count: 0, pending: 0 });
  });
});
