import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../db/schema';
import type {
  PaymentGrantsTable,
  PaymentProviderName,
  PaymentReversalsTable,
} from '../db/tables/billing';

export type PaymentGrant = Omit<Selectable<PaymentGrantsTable>, 'createdAt'>;
export type PaymentReversal = Selectable<PaymentReversalsTable>;

/** The provider's ids of one payment; any of them may be unknown. */
export interface PaymentIds {
  paymentIntentId: string | null;
  chargeId: string | null;
  checkoutId: string | null;
  invoiceId: string | null;
}

/** A grant's columns as read back (every one but when it was made). */
const GRANT_COLUMNS = [
  'grantKey',
  'userId',
  'provider',
  'credits',
  'paymentIntentId',
  'chargeId',
  'checkoutId',
  'invoiceId',
] as const;

export type PaymentGrantRepository = ReturnType<typeof createPaymentGrantRepository>;

/**
 * Which payment bought which credit grant (payment_grants), and what refunds and disputes took
 * back from each grant (payment_reversals).
 */
export function createPaymentGrantRepository(db: Kysely<DB>) {
  return {
    /** Links a grant to its payment; a repeat (the grant replayed) changes nothing. */
    async record(grant: PaymentGrant): Promise<void> {
      await db
        .insertInto('paymentGrants')
        .values(grant)
        .onConflict((oc) => oc.column('grantKey').doNothing())
        .execute();
    },

    findByKey(grantKey: string): Promise<PaymentGrant | null> {
      return db
        .selectFrom('paymentGrants')
        .select(GRANT_COLUMNS)
        .where('grantKey', '=', grantKey)
        .executeTakeFirst()
        .then((row) => row ?? null);
    },

    /**
     * The grant a payment bought, found by the most specific id known: the charge, the
     * PaymentIntent, then the checkout session or the invoice.
     */
    async findByPayment(
      provider: PaymentProviderName,
      ids: PaymentIds,
    ): Promise<PaymentGrant | null> {
      for (const column of ['chargeId', 'paymentIntentId', 'checkoutId', 'invoiceId'] as const) {
        const value = ids[column];
        if (!value) continue;
        const row = await db
          .selectFrom('paymentGrants')
          .select(GRANT_COLUMNS)
          .where('provider', '=', provider)
          .where(column, '=', value)
          .orderBy('createdAt')
          .executeTakeFirst();
        if (row) return row;
      }
      return null;
    },

    /** Every refund and dispute movement against a grant, oldest first. */
    listReversals(grantKey: string): Promise<PaymentReversal[]> {
      return db
        .selectFrom('paymentReversals')
        .selectAll()
        .where('grantKey', '=', grantKey)
        .orderBy('id')
        .execute();
    },

    async addReversal(reversal: Omit<PaymentReversal, 'id' | 'createdAt'>): Promise<void> {
      await db.insertInto('paymentReversals').values(reversal).execute();
    },
  };
}
