import type { Kysely } from 'kysely';
import type { Plan } from '@app/contracts';
import type { DB } from '../db/schema';
import type { SubscriptionStatus } from '../db/tables/auth';

export interface Subscription {
  userId: string;
  plan: Plan;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;

/** One subscription row per user (the current one). */
export function createSubscriptionRepository(db: Kysely<DB>) {
  return {
    async findByUserId(userId: string): Promise<Subscription | null> {
      const row = await db
        .selectFrom('subscriptions')
        .select(['userId', 'plan', 'status', 'currentPeriodEnd'])
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The plan in force at `now`: an active (or trialing) subscription whose period has not ended. */
    async findActivePlan(userId: string, now: Date): Promise<Plan | null> {
      const row = await db
        .selectFrom('subscriptions')
        .select('plan')
        .where('userId', '=', userId)
        .where('status', 'in', ['active', 'trialing'])
        .where((eb) =>
          eb.or([eb('currentPeriodEnd', 'is', null), eb('currentPeriodEnd', '>', now)]),
        )
        .executeTakeFirst();
      return row?.plan ?? null;
    },

    /** Creates or replaces the user's subscription (from a verified payment webhook). */
    async upsert(input: Subscription, at: Date, trx: Kysely<DB> = db): Promise<void> {
      await trx
        .insertInto('subscriptions')
        .values({ ...input, updatedAt: at })
        .onConflict((oc) =>
          oc.column('userId').doUpdateSet({
            plan: input.plan,
            status: input.status,
            currentPeriodEnd: input.currentPeriodEnd,
            updatedAt: at,
          }),
        )
        .execute();
    },
  };
}
