import { sql, type Kysely } from 'kysely';

/**
 * One table for the counted events of every windowed limit that reserves a slot before its work:
 * sign-ups per address (`signup`), language-model calls per account (`llm_call`) and password reset
 * requests per e-mail and per address (`password_reset`). Each had kept a table, repository and
 * service of the same shape. `key` names what is counted ("ip:…", "user:…", "email:…"); rows older
 * than a window are pruned as events are recorded. The rows of `signup_attempts` and `llm_calls`,
 * at most an hour of counts, are not carried over: the limits start afresh once.
 * (Failed sign-ins keep `login_attempts`: they are forgotten on success and counted per pair.)
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('rate_limit_events')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('rate_limit_events_scope_key_created_idx')
    .on('rate_limit_events')
    .columns(['scope', 'key', 'created_at'])
    .execute();
  await db.schema
    .createIndex('rate_limit_events_scope_created_idx')
    .on('rate_limit_events')
    .columns(['scope', 'created_at'])
    .execute();
  await db.schema.dropTable('signup_attempts').ifExists().execute();
  await db.schema.dropTable('llm_calls').ifExists().execute();
  // made by password reset's first version (see 2026112807_password_resets)
  await db.schema.dropTable('password_reset_attempts').ifExists().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('rate_limit_events').execute();
  await db.schema
    .createTable('signup_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createTable('llm_calls')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
}
