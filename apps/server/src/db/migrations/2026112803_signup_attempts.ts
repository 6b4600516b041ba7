import { sql, type Kysely } from 'kysely';

/**
 * Accounts made by e-mail sign-up, by address, for SIGNUP_MAX_PER_ADDRESS: each account gets free
 * credits, so one address must not make them without limit. Rows older than the window are pruned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('signup_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('signup_attempts_ip_created_idx')
    .on('signup_attempts')
    .columns(['ip', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('signup_attempts').execute();
}
