import type { Kysely } from 'kysely';

/**
 * The intent classifier's answer per comment, before the creator's context rules. A retag starts
 * again from it: it was made with the comments' embeddings, which a retag does not recompute.
 * Nullable: analyses stored earlier are classified again from their words on retag.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_comments').addColumn('classified_intent', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_comments').dropColumn('classified_intent').execute();
}
