import type { Kysely } from 'kysely';

/**
 * Language-model calls made for an account's cluster chats, deep analyses and retags, for
 * LLM_CALLS_PER_USER_PER_HOUR: each costs the operator money, and nothing else bounds them. Rows
 * older than the hour are pruned; they go with the account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('llm_calls')
    .addColumn('id', 'bigint', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('llm_calls_user_created_idx')
    .on('llm_calls')
    .columns(['user_id', 'created_at'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('llm_calls').execute();
}
