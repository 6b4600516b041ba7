import { sql, type Kysely } from 'kysely';

/**
 * Cached cluster deep analyses were worded with counts of their own (a question was a comment whose
 * words read as one, not a Question-intent comment; tone shares counted again from the comments).
 * They are dropped, so each is composed again, on its next request, from the report's stored
 * figures.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`delete from cluster_analyses`.execute(db);
}

/** Nothing to restore: the cache fills again on request. */
export async function down(): Promise<void> {}
