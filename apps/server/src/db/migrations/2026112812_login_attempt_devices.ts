import { sql, type Kysely } from 'kysely';

/**
 * Sign-in attempts gain what the limits need beyond the address and e-mail:
 *  - `outcome`: 'pending' while the password (or provider token) is being checked, 'failed' once it
 *    was wrong. A pending attempt holds a place against the limits but is not a failure, so correct
 *    sign-ins in flight are never counted as failed ones. Rows from before were all failures.
 *  - `device`: the known device (signed cookie) the attempt came from, null otherwise. A known
 *    device is held only to its own limit, and its failures do not count against its address or
 *    its account, so nobody else's guessing locks it out and its typos lock out nobody else.
 * The account index serves the per-account count across all addresses.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('login_attempts')
    .addColumn('outcome', 'text', (c) => c.notNull().defaultTo('failed'))
    .execute();
  await db.schema.alterTable('login_attempts').addColumn('device', 'text').execute();
  await db.schema
    .createIndex('login_attempts_email_created_idx')
    .on('login_attempts')
    .columns(['email', 'created_at'])
    .execute();
  await db.schema
    .createIndex('login_attempts_device_created_idx')
    .on('login_attempts')
    .columns(['device', 'created_at'])
    .where(sql.ref('device'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('login_attempts_device_created_idx').execute();
  await db.schema.dropIndex('login_attempts_email_created_idx').execute();
  await db.schema.alterTable('login_attempts').dropColumn('device').execute();
  await db.schema.alterTable('login_attempts').dropColumn('outcome').execute();
}
