import { type Kysely } from 'kysely';

/**
 * The theme vectors of a finished analysis (per cluster: its whole text, then its heading), stored
 * once per report and embedder so workspace insights match themes across videos without embedding
 * them again after a restart. `texts_hash` is the hash of the texts they were embedded from (a
 * retag or the retention purge changes it). Goes with its analysis (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('report_theme_vectors')
    .addColumn('job_id', 'uuid', (c) =>
      c.notNull().references('analysis_jobs.id').onDelete('cascade'),
    )
    .addColumn('embedder', 'text', (c) => c.notNull())
    .addColumn('texts_hash', 'text', (c) => c.notNull())
    .addColumn('dims', 'integer', (c) => c.notNull())
    .addColumn('vectors', 'bytea', (c) => c.notNull())
    .addPrimaryKeyConstraint('report_theme_vectors_pkey', ['job_id', 'embedder'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('report_theme_vectors').ifExists().execute();
}
