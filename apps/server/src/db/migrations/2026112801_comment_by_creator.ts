import { sql, type Kysely } from 'kysely';

/**
 * Whether a stored comment was posted by the video's own channel. Such comments are never spam
 * (a pinned link to the merch is the creator's to post), and a retag prepares the comments again,
 * so it needs to know. Earlier rows read false: their creator comments are treated like any other,
 * as they were when analysed.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('analysis_comments')
    .addColumn('by_creator', 'boolean', (c) => c.notNull().defaultTo(sql`false`))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_comments').dropColumn('by_creator').execute();
}
