import { sql, type Kysely } from 'kysely';

/**
 * The token-renewal sweep asks for the linked workspaces whose Instagram token expires within a
 * window, soonest first (workspace.repository `listInstagramTokensExpiring`): a partial index on the expiry
 * of linked tokens answers it without reading every workspace.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('workspaces_instagram_token_expires_at_idx')
    .on('workspaces')
    .column('instagram_token_expires_at')
    .where(sql.ref('instagram_token_expires_at'), 'is not', null)
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('workspaces_instagram_token_expires_at_idx').execute();
}
