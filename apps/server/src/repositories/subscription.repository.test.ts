import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDatabase } from '../test/databases';
import { createSubscriptionRepository } from './subscription.repository';
import { createUserRepository } from './user.repository';

describeEachDatabase('subscription repository', (t) => {
  it('reports a plan only while an active subscription is in its period', async () => {
    const user = await createUserRepository(t.db).create({
      email: `sub-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    const userId = user!.id;
    const subs = createSubscriptionRepository(t.db);
    const now = new Date('2026-06-01T00:00:00Z');
    expect(await subs.findActivePlan(userId, now)).toBeNull();

    const periodEnd = new Date('2026-07-01T00:00:00Z');
    await subs.upsert({ userId, plan: 'pro', status: 'active', currentPeriodEnd: periodEnd }, now);
    expect(await subs.findActivePlan(userId, now)).toBe('pro');
    expect(await subs.findActivePlan(userId, new Date('2026-07-02T00:00:00Z'))).toBeNull();

    await subs.upsert(
      { userId, plan: 'advanced', status: 'canceled', currentPeriodEnd: periodEnd },
      now,
    );
    expect(await subs.findActivePlan(userId, now)).toBeNull();
    expect(await subs.findByUserId(userId)).toEqual({
      userId,
      plan: 'advanced',
      status: 'canceled',
      currentPeriodEnd: periodEnd,
      provider: null,
      providerSubscriptionId: null,
      cancelAtPeriodEnd: false,
      lastEventAt: null,
    });

    // The payment provider's side is stored with it and kept when an update does not name it.
    const eventAt = new Date('2026-06-01T00:00:05Z');
    await subs.upsert(
      {
        userId,
        plan: 'pro',
        status: 'active',
        currentPeriodEnd: periodEnd,
        provider: 'stripe',
        providerSubscriptionId: `sub_${userId}`,
        cancelAtPeriodEnd: true,
        lastEventAt: eventAt,
      },
      now,
    );
    await subs.upsert(
      { userId, plan: 'pro', status: 'past_due', currentPeriodEnd: periodEnd },
      now,
    );
    expect(await subs.findByProviderSubscriptionId(`sub_${userId}`)).toEqual({
      userId,
      plan: 'pro',
      status: 'past_due',
      currentPeriodEnd: periodEnd,
      provider: 'stripe',
      providerSubscriptionId: `sub_${userId}`,
      cancelAtPeriodEnd: true,
      lastEventAt: eventAt,
    });
  });
});
