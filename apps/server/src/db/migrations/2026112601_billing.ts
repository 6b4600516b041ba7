import { sql, type Kysely } from 'kysely';

/**
 * Payments: the payment provider's customer per user, every verified payment event (one row per
 * event id, so a repeated delivery is recognised), and the provider's ids on the subscription row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_customers')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().check(sql`provider in ('stripe', 'demo')`))
    .addColumn('customer_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('payment_customers_pkey', ['user_id', 'provider'])
    .addUniqueConstraint('payment_customers_provider_customer_key', ['provider', 'customer_id'])
    .execute();

  await db.schema
    .createTable('payment_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    // Only set for an event applied to an existing account; deleting the account deletes its events
    // (Stripe keeps the payment records), and a later redelivery is then ignored as unknown.
    .addColumn('user_id', 'uuid', (c) => c.references('users.id').onDelete('cascade'))
    .addColumn('outcome', 'text', (c) => c.notNull())
    .addColumn('received_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .alterTable('subscriptions')
    .addColumn('provider', 'text')
    .addColumn('provider_subscription_id', 'text', (c) => c.unique())
    .addColumn('cancel_at_period_end', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('last_event_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('subscriptions')
    .dropColumn('last_event_at')
    .dropColumn('cancel_at_period_end')
    .dropColumn('provider_subscription_id')
    .dropColumn('provider')
    .execute();
  await db.schema.dropTable('payment_events').ifExists().execute();
  await db.schema.dropTable('payment_customers').ifExists().execute();
}
