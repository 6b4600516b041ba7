import { sql, type Kysely } from 'kysely';

/** Accounts, sessions, the credit ledger, sign-in failures and subscriptions. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('users')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('email', 'text', (c) => c.notNull().unique())
    .addColumn('password_hash', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('revoked_at', 'timestamptz')
    .execute();
  await db.schema.createIndex('sessions_user_id_idx').on('sessions').column('user_id').execute();

  await db.schema
    .createTable('credit_ledger')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('delta', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) =>
      c
        .notNull()
        .check(
          sql`kind in ('signup_grant', 'purchase', 'plan_renewal', 'reservation', 'settlement', 'refund', 'adjustment')`,
        ),
    )
    .addColumn('idempotency_key', 'text', (c) => c.notNull().unique())
    .addColumn('job_id', 'uuid')
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('credit_ledger_user_id_idx')
    .on('credit_ledger')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('credit_ledger_job_id_idx')
    .on('credit_ledger')
    .column('job_id')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('ip', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_created_idx')
    .on('login_attempts')
    .columns(['ip', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_ip_email_created_idx')
    .on('login_attempts')
    .columns(['ip', 'email', 'created_at'])
    .execute();

  await db.schema
    .createTable('subscriptions')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) =>
      c.notNull().unique().references('users.id').onDelete('cascade'),
    )
    .addColumn('plan', 'text', (c) => c.notNull().check(sql`plan in ('basic', 'pro', 'advanced')`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .check(sql`status in ('active', 'trialing', 'past_due', 'canceled', 'incomplete')`),
    )
    .addColumn('current_period_end', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['subscriptions', 'login_attempts', 'credit_ledger', 'sessions', 'users']) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
