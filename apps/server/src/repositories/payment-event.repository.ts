import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type PaymentEventRepository = ReturnType<typeof createPaymentEventRepository>;

/** Verified payment events, one row per event id: the webhook's idempotency. */
export function createPaymentEventRepository(db: Kysely<DB>) {
  return {
    /**
     * Records the event as being handled. Returns false when its id is already recorded (a repeated
     * delivery). Inside a transaction, a concurrent claim of the same id waits on this row's unique
     * key until the first transaction ends, then returns false (or true if the first rolled back).
     */
    async claim(
      event: { eventId: string; provider: string; type: string },
      at: Date,
      trx: Kysely<DB> = db,
    ): Promise<boolean> {
      const row = await trx
        .insertInto('paymentEvents')
        .values({ ...event, outcome: 'processing', receivedAt: at })
        .onConflict((oc) => oc.column('eventId').doNothing())
        .returning('eventId')
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Writes what handling the event did. */
    async finish(
      eventId: string,
      result: { userId: string | null; outcome: string },
      trx: Kysely<DB> = db,
    ): Promise<void> {
      await trx
        .updateTable('paymentEvents')
        .set({ userId: result.userId, outcome: result.outcome })
        .where('eventId', '=', eventId)
        .execute();
    },

    async find(eventId: string, trx: Kysely<DB> = db) {
      const row = await trx
        .selectFrom('paymentEvents')
        .selectAll()
        .where('eventId', '=', eventId)
        .executeTakeFirst();
      return row ?? null;
    },
  };
}
