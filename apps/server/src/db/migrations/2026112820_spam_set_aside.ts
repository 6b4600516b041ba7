import { sql, type Kysely } from 'kysely';

/**
 * Spam is set aside, in no cluster: a stored comment the analysis flagged as spam has `spam` true
 * and, while it stays set aside, `cluster_id` -1. When the creator restores it to the topics,
 * `spam_restored_at` records when and `cluster_id` names the cluster it joined. Earlier rows read
 * false and null: their spam was clustered with the rest when analysed, and stays so.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analysis_comments')
    .addColumn('spam', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .addColumn('spam_restored_at', 'timestamptz')
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analysis_comments')
    .dropColumn('spam_restored_at')
    .dropColumn('spam')
    .execute();
}
