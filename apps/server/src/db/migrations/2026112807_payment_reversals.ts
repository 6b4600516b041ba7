import { sql, type Kysely } from 'kysely';

/**
 * Refunds and disputes take back what they paid for. `payment_grants` links each credit grant a
 * payment bought (a credit-pack `purchase`, a plan invoice's `plan_renewal`) to the provider's ids
 * of that payment (PaymentIntent, charge, checkout session, invoice), so a refund or dispute, which
 * names only the charge and its PaymentIntent, finds the credits it paid for. `payment_reversals`
 * records each movement a refund or dispute made against a grant: the credits it accounts for
 * (`claimed`) and those the balance could give (`taken`; spent credits stay spent), so a replayed or
 * out-of-order event never takes back twice and a dispute won gives back exactly what it took.
 * The ledger gets three kinds for these movements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table credit_ledger drop constraint credit_ledger_kind_check`.execute(db);
  await sql`alter table credit_ledger add constraint credit_ledger_kind_check check (kind in ('signup_grant', 'purchase', 'plan_renewal', 'reservation', 'settlement', 'refund', 'adjustment', 'payment_refund', 'chargeback', 'chargeback_reversal'))`.execute(
    db,
  );

  await db.schema
    .createTable('payment_grants')
    // The grant's ledger entry (its idempotency key): credits and account come from there.
    .addColumn('grant_key', 'text', (c) =>
      c.primaryKey().references('credit_ledger.idempotency_key').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('credits', 'integer', (c) => c.notNull())
    .addColumn('payment_intent_id', 'text')
    .addColumn('charge_id', 'text')
    .addColumn('checkout_id', 'text')
    .addColumn('invoice_id', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  for (const column of ['payment_intent_id', 'charge_id', 'checkout_id', 'invoice_id']) {
    await db.schema
      .createIndex(`payment_grants_${column}_idx`)
      .on('payment_grants')
      .columns(['provider', column])
      .where(sql.ref(column), 'is not', null)
      .execute();
  }
  await db.schema
    .createIndex('payment_grants_user_id_idx')
    .on('payment_grants')
    .column('user_id')
    .execute();

  await db.schema
    .createTable('payment_reversals')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('grant_key', 'text', (c) =>
      c.notNull().references('payment_grants.grant_key').onDelete('cascade'),
    )
    // The movement's own ledger entry.
    .addColumn('ledger_key', 'text', (c) =>
      c.notNull().unique().references('credit_ledger.idempotency_key').onDelete('cascade'),
    )
    .addColumn('kind', 'text', (c) =>
      c.notNull().check(sql`kind in ('payment_refund', 'chargeback', 'chargeback_reversal')`),
    )
    // The refunded charge, or the dispute.
    .addColumn('source_id', 'text', (c) => c.notNull())
    // Credits this movement accounts for against the grant (a reversal: minus the dispute's).
    .addColumn('claimed', 'integer', (c) => c.notNull())
    // Credits it moved (taken back, or given back for a reversal); claimed - taken was spent.
    .addColumn('taken', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('payment_reversals_grant_key_idx')
    .on('payment_reversals')
    .columns(['grant_key', 'source_id'])
    .execute();
  await db.schema
    .createIndex('payment_reversals_user_id_idx')
    .on('payment_reversals')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('payment_reversals').ifExists().execute();
  await db.schema.dropTable('payment_grants').ifExists().execute();
  await sql`alter table credit_ledger drop constraint credit_ledger_kind_check`.execute(db);
  await sql`alter table credit_ledger add constraint credit_ledger_kind_check check (kind in ('signup_grant', 'purchase', 'plan_renewal', 'reservation', 'settlement', 'refund', 'adjustment'))`.execute(
    db,
  );
}
