import { sql, type Kysely } from 'kysely';

/**
 * Alert rules and notifications. A rule belongs to a workspace (and goes with it): when an analysis
 * in the workspace finishes, a metric of its report at or above the threshold fires the rule, at
 * most once per rule per 6 hours (`last_fired_at`, moved forward by one conditional UPDATE, so two
 * finishing analyses cannot both fire it). A firing becomes a notification of the workspace's owner
 * (`user_id` cascades from users); its rule, workspace and analysis may go later, the notification
 * keeps its text and the video it is about.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('alert_rules')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('metric', 'text', (c) =>
      c.notNull().check(sql`metric in ('criticism_share', 'negative_share', 'question_count')`),
    )
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('enabled', 'boolean', (c) => c.notNull().defaultTo(true))
    .addColumn('last_fired_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('alert_rules_workspace_idx')
    .on('alert_rules')
    .columns(['workspace_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('set null'))
    .addColumn('rule_id', 'uuid', (c) => c.references('alert_rules.id').onDelete('set null'))
    .addColumn('job_id', 'uuid', (c) => c.references('analysis_jobs.id').onDelete('set null'))
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('metric', 'text', (c) => c.notNull())
    .addColumn('threshold', 'double precision', (c) => c.notNull())
    .addColumn('value', 'double precision', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .addColumn('read_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('notifications_user_created_idx')
    .on('notifications')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('notifications_rule_idx')
    .on('notifications')
    .column('rule_id')
    .execute();
  await db.schema
    .createIndex('notifications_job_idx')
    .on('notifications')
    .column('job_id')
    .execute();
  await db.schema
    .createIndex('notifications_workspace_idx')
    .on('notifications')
    .column('workspace_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('notifications').ifExists().execute();
  await db.schema.dropTable('alert_rules').ifExists().execute();
}
