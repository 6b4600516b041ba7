import { sql, type Kysely } from 'kysely';

/**
 * Deletion requests that reach Chorus from Meta (a person removes the app in their Facebook
 * settings and asks for their data to be deleted). Meta shows the person the confirmation code and
 * a link to check the status; the row keeps only that, never who asked (their data is gone).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('data_deletion_requests')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('facebook')`))
    .addColumn('outcome', 'text', (c) =>
      c.notNull().check(sql`outcome in ('account_deleted', 'no_account')`),
    )
    .addColumn('requested_at', 'timestamptz', (c) => c.notNull())
    .addColumn('completed_at', 'timestamptz', (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('data_deletion_requests').execute();
}
