import { sql, type Kysely } from 'kysely';

/**
 * Google and Facebook sign-in: one row per (provider, the provider's id for the person), pointing
 * at the account it signs in to. Deleting the account deletes its identities (cascade). An account
 * made through Facebook by someone who shares no e-mail has none, so users.email becomes nullable
 * (still unique among the accounts that have one).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('user_identities')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) =>
      c.notNull().check(sql`provider in ('google', 'facebook')`),
    )
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('email', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('last_sign_in_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('user_identities_provider_subject_key', ['provider', 'subject'])
    .execute();
  await db.schema
    .createIndex('user_identities_user_id_idx')
    .on('user_identities')
    .column('user_id')
    .execute();
  await db.schema
    .alterTable('users')
    .alterColumn('email', (c) => c.dropNotNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('user_identities').ifExists().execute();
  // Accounts without an e-mail cannot survive the old NOT NULL.
  await sql`delete from users where email is null`.execute(db);
  await db.schema
    .alterTable('users')
    .alterColumn('email', (c) => c.setNotNull())
    .execute();
}
