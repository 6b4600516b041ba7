import { sql, type Kysely } from 'kysely';

/**
 * The state a creator gives a question of a workspace's questions inbox (answered, dismissed, or
 * open again), keyed by a hash of the question's normalised wording so it survives a new analysis
 * of its videos. Goes with its owner and its workspace (ON DELETE CASCADE).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('question_states')
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('question_key', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().check(sql`state in ('open', 'answered', 'dismissed')`),
    )
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull())
    .addPrimaryKeyConstraint('question_states_pkey', ['user_id', 'workspace_id', 'question_key'])
    .execute();
  await db.schema
    .createIndex('question_states_workspace_idx')
    .on('question_states')
    .column('workspace_id')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('question_states').ifExists().execute();
}
