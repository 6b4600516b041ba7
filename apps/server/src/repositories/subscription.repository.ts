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

/** The subscription row with the payment provider's side of it. */
export interface ProviderSubscription extends Subscription {
  /** stripe or demo; null for rows written without a provider. */
  provider: string | null;
  providerSubscriptionId: string | null;
  cancelAtPeriodEnd: boolean;
  /** When the provider produced the state stored here. */
  lastEventAt: Date | null;
}

export type SubscriptionRepository = ReturnType<typeof createSubscriptionRepository>;

const PROVIDER_COLUMNS = [
  'userId',
  'plan',
  'status',
  'currentPeriodEnd',
  'provider',
  'providerSubscriptionId',
  'cancelAtPeriodEnd',
  'lastEventAt',
] as const;

/** One subscription row per user (the current one). */
export function createSubscriptionRepository(db: Kysely<DB>) {
  return {
    async findByUserId(userId: string, trx: Kysely<DB> = db): Promise<ProviderSubscription | null> {
      const row = await trx
        .selectFrom('subscriptions')
        .select(PROVIDER_COLUMNS)
        .where('userId', '=', userId)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The row holding this provider subscription id, if any. */
    async findByProviderSubscriptionId(
      providerSubscriptionId: string,
      trx: Kysely<DB> = db,
    ): Promise<ProviderSubscription | null> {
      const row = await trx
        .selectFrom('subscriptions')
        .select(PROVIDER_COLUMNS)
        .where('providerSubscriptionId', '=', providerSubscriptionId)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * The user's row locked until the transaction ends (`trx` must be one): payment events for one
     * user are applied one at a time.
     */
    async lockByUserId(userId: string, trx: Kysely<DB>): Promise<ProviderSubscription | null> {
      const row = await trx
        .selectFrom('subscriptions')
        .select(PROVIDER_COLUMNS)
        .where('userId', '=', userId)
        .forUpdate()
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

    /**
     * Creates or replaces the user's subscription (from a verified payment webhook). The provider
     * fields are kept as they are when not given.
     */
    async upsert(
      input: Subscription & Partial<Omit<ProviderSubscription, keyof Subscription>>,
      at: Date,
      trx: Kysely<DB> = db,
    ): Promise<void> {
      const provider = {
        ...(input.provider !== undefined ? { provider: input.provider } : {}),
        ...(input.providerSubscriptionId !== undefined
          ? { providerSubscriptionId: input.providerSubscriptionId }
          : {}),
        ...(input.cancelAtPeriodEnd !== undefined
          ? { cancelAtPeriodEnd: input.cancelAtPeriodEnd }
          : {}),
        ...(input.lastEventAt !== undefined ? { lastEventAt: input.lastEventAt } : {}),
      };
      const fields = {
        plan: input.plan,
        status: input.status,
        currentPeriodEnd: input.currentPeriodEnd,
        ...provider,
        updatedAt: at,
      };
      await trx
        .insertInto('subscriptions')
        .values({ userId: input.userId, ...fields })
        .onConflict((oc) => oc.column('userId').doUpdateSet(fields))
        .execute();
    },
  };
}
