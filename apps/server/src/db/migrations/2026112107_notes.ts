import { sql, type Kysely } from 'kysely';

/** Notes per user and video, and the cache of per-cluster deep analyses. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notes')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('html', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('notes_pk', ['user_id', 'video_id'])
    .execute();

  await db.schema
    .createTable('cluster_analyses')
    .addColumn('job_id', 'uuid', (c) =>
      c.notNull().references('analysis_jobs.id').onDelete('cascade'),
    )
    .addColumn('cluster_id', 'integer', (c) => c.notNull())
    .addColumn('analysis', 'jsonb', (c) => c.notNull())
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('offline', 'llm')`))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('cluster_analyses_pk', ['job_id', 'cluster_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('cluster_analyses').ifExists().execute();
  await db.schema.dropTable('notes').ifExists().execute();
}
