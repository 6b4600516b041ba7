import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { PaymentProviderName } from '../db/tables/billing';

export type PaymentCustomerRepository = ReturnType<typeof createPaymentCustomerRepository>;

/** The payment provider's customer id per user and provider. */
export function createPaymentCustomerRepository(db: Kysely<DB>) {
  return {
    async find(userId: string, provider: PaymentProviderName): Promise<string | null> {
      const row = await db
        .selectFrom('paymentCustomers')
        .select('customerId')
        .where('userId', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirst();
      return row?.customerId ?? null;
    },

    /**
     * Stores the user's customer id unless one is already stored; returns the stored one (so two
     * concurrent first checkouts end up using the same customer).
     */
    async save(userId: string, provider: PaymentProviderName, customerId: string): Promise<string> {
      await db
        .insertInto('paymentCustomers')
        .values({ userId, provider, customerId })
        .onConflict((oc) => oc.columns(['userId', 'provider']).doNothing())
        .execute();
      const row = await db
        .selectFrom('paymentCustomers')
        .select('customerId')
        .where('userId', '=', userId)
        .where('provider', '=', provider)
        .executeTakeFirstOrThrow();
      return row.customerId;
    },

    /** The user a provider's customer belongs to, or null. */
    async findUserId(
      provider: PaymentProviderName,
      customerId: string,
      trx: Kysely<DB> = db,
    ): Promise<string | null> {
      const row = await trx
        .selectFrom('paymentCustomers')
        .select('userId')
        .where('provider', '=', provider)
        .where('customerId', '=', customerId)
        .executeTakeFirst();
      return row?.userId ?? null;
    },
  };
}
