import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createLoginAttemptRepository } from './login-attempt.repository';

describeEachDatabase('login attempt repository', (t) => {
  it('counts failures per address and per (address, e-mail) inside the window', async () => {
    const attempts = createLoginAttemptRepository(t.db);
    const ip = `10.0.0.${Math.floor(Math.random() * 250)}-${Date.now()}`;
    const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 12, minute));
    await attempts.recordFailure({ ip, email: 'a@example.com', at: at(0) });
    await attempts.recordFailure({ ip, email: 'a@example.com', at: at(5) });
    await attempts.recordFailure({ ip, email: 'b@example.com', at: at(6) });
    await attempts.recordFailure({ ip: `${ip}-other`, email: 'a@example.com', at: at(6) });

    expect(await attempts.failuresSince({ ip, email: 'a@example.com', since: at(0) })).toEqual({
      count: 2,
      oldest: at(0),
    });
    expect(await attempts.failuresSince({ ip, since: at(1) })).toEqual({ count: 2, oldest: at(5) });
    expect(await attempts.failuresSince({ ip, email: 'c@example.com', since: at(0) })).toEqual({
      count: 0,
      oldest: null,
    });

    await attempts.clear({ ip, email: 'a@example.com' });
    expect((await attempts.failuresSince({ ip, since: at(0) })).count).toBe(1);

    await attempts.pruneBefore(at(10));
    expect((await attempts.failuresSince({ ip, since: at(0) })).count).toBe(0);
  });
});
