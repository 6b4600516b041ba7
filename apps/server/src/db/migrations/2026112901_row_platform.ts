import { sql, type Kysely } from 'kysely';

/**
 * Every analysis and report belongs to one platform (`youtube`, `instagram`). Rows written before
 * are given the platform their report key names: `ig_<media id>` (9 to 30 digits) is Instagram's, every other key
 * (a YouTube video id, a sample video) YouTube's. The allowed values are the contracts' `Platform`
 * (no check constraint, so a new platform needs no migration).
 */
const TABLES = ['analysis_jobs', 'analysis_reports'] as const;

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) {
    await db.schema.alterTable(table).addColumn('platform', 'text').execute();
    await sql`update ${sql.table(table)}
      set platform = case when video_id ~ '^ig_[0-9]{9,30}$' then 'instagram' else 'youtube' end`.execute(
      db,
    );
    await sql`alter table ${sql.table(table)} alter column platform set not null`.execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of TABLES) await db.schema.alterTable(table).dropColumn('platform').execute();
}
