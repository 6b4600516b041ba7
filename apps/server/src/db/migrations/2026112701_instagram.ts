import { sql, type Kysely } from 'kysely';

/**
 * Instagram on workspaces: the linked account's access token (AES-256-GCM ciphertext, never the
 * plain token), when it expires and how it was obtained; and the account's posts per workspace.
 * Posts cascade from workspaces, which cascade from users, so deleting an account removes them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('workspaces')
    .addColumn('instagram_token_ciphertext', 'text')
    .addColumn('instagram_token_expires_at', 'timestamptz')
    .addColumn('instagram_token_source', 'text', (c) =>
      c.check(sql`instagram_token_source in ('instagram_login', 'facebook')`),
    )
    .addColumn('instagram_linked_at', 'timestamptz')
    .addColumn('instagram_synced_at', 'timestamptz')
    .execute();

  await db.schema
    .createTable('instagram_posts')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('media_id', 'text', (c) => c.notNull())
    .addColumn('media_type', 'text', (c) => c.notNull())
    .addColumn('media_url', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('caption', 'text')
    .addColumn('timestamp', 'timestamptz')
    .addColumn('permalink', 'text')
    .addColumn('comments_count', 'integer')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('instagram_posts_workspace_media_key', ['workspace_id', 'media_id'])
    .execute();
  await db.schema
    .createIndex('instagram_posts_workspace_timestamp_idx')
    .on('instagram_posts')
    .columns(['workspace_id', 'timestamp'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('instagram_posts').ifExists().execute();
  await db.schema
    .alterTable('workspaces')
    .dropColumn('instagram_token_ciphertext')
    .dropColumn('instagram_token_expires_at')
    .dropColumn('instagram_token_source')
    .dropColumn('instagram_linked_at')
    .dropColumn('instagram_synced_at')
    .execute();
}
