import { sql, type Kysely } from 'kysely';

/**
 * Auto-analysis of new uploads: a workspace may turn it on (`auto_analyze`, with `auto_analyze_since`
 * the moment it was turned on: only videos and posts published after it are new) under an optional
 * monthly credit cap. `workspace_auto_analyses` holds one row per new video or post the scheduled
 * sync considered; its unique (workspace_id, video_key) is what makes two concurrent syncs start a
 * video's analysis once. `job_id` has no foreign key: deleting the analysis from the history must not
 * make the video "new" again, and the credits it spent stay counted through the ledger's job_id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('auto_analyze', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('auto_analyze_since', 'timestamptz')
    .addColumn('monthly_credit_cap', 'integer', (c) => c.check(sql`monthly_credit_cap > 0`))
    .execute();
  await db.schema
    .createIndex('workspaces_auto_analyze_idx')
    .on('workspaces')
    .column('id')
    .where(sql.ref('auto_analyze'), '=', true)
    .execute();

  await db.schema
    .createTable('workspace_auto_analyses')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    // a YouTube video id, or ig_<media id> for an Instagram post (the report key)
    .addColumn('video_key', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('published_at', 'timestamptz')
    // starting (claimed, hold being made) | started (job queued) | held_back | skipped
    .addColumn('status', 'text', (c) => c.notNull())
    // held_back: cap | balance | error; skipped: already_analysed
    .addColumn('reason', 'text')
    .addColumn('message', 'text')
    // the credits the hold takes, counted against the cap until the ledger holds the reservation
    .addColumn('planned_credits', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('job_id', 'uuid')
    // when the analysis was started: the calendar month whose cap it counts against
    .addColumn('started_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('workspace_auto_analyses_workspace_video_key', [
      'workspace_id',
      'video_key',
    ])
    .execute();
  await db.schema
    .createIndex('workspace_auto_analyses_user_idx')
    .on('workspace_auto_analyses')
    .column('user_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('workspace_auto_analyses').ifExists().execute();
  await db.schema.dropIndex('workspaces_auto_analyze_idx').ifExists().execute();
  await db.schema
    .alterTable('workspaces')
    .dropColumn('auto_analyze')
    .dropColumn('auto_analyze_since')
    .dropColumn('monthly_credit_cap')
    .execute();
}
