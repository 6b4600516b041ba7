import type { Kysely } from 'kysely';

/**
 * E-mail verification. `users.email_verified_at` is set when the account's address was proven: an
 * e-mailed confirmation link opened, a password reset link used, or Google or Facebook vouching for
 * it. Accounts that existed before stay unverified (nothing proved their address).
 *
 * The links get a table of their own rather than a `purpose` column on `password_reset_tokens`:
 * a reset link sets a password and opens a session, a confirmation link only marks the address, and
 * they live 1 and 24 hours. In one table every query of either kind would have to filter on the
 * purpose, and one forgotten filter would let a day-long confirmation link choose a password (or
 * asking for a reset void the confirmation link). Apart, neither can be used as the other.
 * Only the SHA-256 of each token is stored; rows go with the account (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').addColumn('email_verified_at', 'timestamptz').execute();
  await db.schema
    .createTable('email_verification_tokens')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('email_verification_tokens_user_idx')
    .on('email_verification_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('email_verification_tokens_expires_idx')
    .on('email_verification_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('email_verification_tokens').execute();
  await db.schema.alterTable('users').dropColumn('email_verified_at').execute();
}
