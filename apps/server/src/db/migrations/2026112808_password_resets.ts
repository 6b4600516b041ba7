import type { Kysely } from 'kysely';

/**
 * Password reset by e-mail. `password_reset_tokens` keeps only the SHA-256 of each e-mailed token,
 * valid for an hour and usable once; the rows go with the account (ON DELETE CASCADE). Requests
 * are counted for the rate limit in `rate_limit_events` (2026112810). Its tables are made only if
 * absent: a database may have them from this migration's first name (see 2026112807_password_resets).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('password_reset_tokens')
    .ifNotExists()
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .addColumn('used_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .ifNotExists()
    .on('password_reset_tokens')
    .column('user_id')
    .execute();
  await db.schema
    .createIndex('password_reset_tokens_expires_idx')
    .ifNotExists()
    .on('password_reset_tokens')
    .column('expires_at')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('password_reset_tokens').execute();
}
