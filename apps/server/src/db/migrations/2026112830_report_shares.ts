import { sql, type Kysely } from 'kysely';

/**
 * Read-only links to a report. Only the SHA-256 of each link's token is stored; a link shows the
 * analysis it was made from (`job_id`) and goes with it, and with its owner (ON DELETE CASCADE).
 * Revoking a link deletes its row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_shares')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('job_id', 'uuid', (c) =>
      c.notNull().references('analysis_jobs.id').onDelete('cascade'),
    )
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('expires_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('report_shares_user_video_idx')
    .on('report_shares')
    .columns(['user_id', 'video_id'])
    .execute();
  await db.schema
    .createIndex('report_shares_job_idx')
    .on('report_shares')
    .column('job_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_shares').ifExists().execute();
}
