import { sql, type Kysely } from 'kysely';

/**
 * Workspaces (a named group of one YouTube channel and, later, one Instagram business account), the
 * catalogue of each workspace's channel videos, and the workspace an analysis was started from.
 * Everything cascades from users, so deleting an account removes its workspaces and catalogues.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('workspaces')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('youtube_channel_id', 'text')
    .addColumn('youtube_channel_title', 'text')
    .addColumn('youtube_avatar_url', 'text')
    .addColumn('youtube_linked_at', 'timestamptz')
    .addColumn('youtube_synced_at', 'timestamptz')
    .addColumn('instagram_business_id', 'text')
    .addColumn('instagram_username', 'text')
    .addColumn('instagram_profile_picture_url', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('workspaces_user_created_idx')
    .on('workspaces')
    .columns(['user_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('workspace_videos')
    .addColumn('id', 'integer', (c) => c.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('workspace_id', 'integer', (c) =>
      c.notNull().references('workspaces.id').onDelete('cascade'),
    )
    .addColumn('youtube_video_id', 'text', (c) => c.notNull())
    .addColumn('title', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('published_at', 'timestamptz')
    .addColumn('is_added', 'boolean', (c) => c.notNull().defaultTo(false))
    .addColumn('added_at', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addUniqueConstraint('workspace_videos_workspace_video_key', [
      'workspace_id',
      'youtube_video_id',
    ])
    .execute();
  // The catalogue screen and the posts tab read a workspace's rows newest first.
  await db.schema
    .createIndex('workspace_videos_workspace_published_idx')
    .on('workspace_videos')
    .columns(['workspace_id', 'published_at'])
    .execute();

  // Which workspace an analysis was started from (batch analysis); a deleted workspace leaves the
  // analysis in the user's history.
  await db.schema
    .alterTable('analysis_jobs')
    .addColumn('workspace_id', 'integer', (c) => c.references('workspaces.id').onDelete('set null'))
    .execute();
  await db.schema
    .createIndex('analysis_jobs_workspace_idx')
    .on('analysis_jobs')
    .columns(['workspace_id', 'video_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('analysis_jobs').dropColumn('workspace_id').execute();
  await db.schema.dropTable('workspace_videos').ifExists().execute();
  await db.schema.dropTable('workspaces').ifExists().execute();
}
