import { sql, type Kysely } from 'kysely';

/** Analysis jobs, their reports and comments, the PostgreSQL job queue, and app counters. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('analysis_jobs')
    .addColumn('id', 'uuid', (c) => c.primaryKey().defaultTo(sql`gen_random_uuid()`))
    .addColumn('user_id', 'uuid', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(
          sql`status in ('pending', 'fetching', 'embedding', 'discovering', 'saving', 'complete', 'failed')`,
        ),
    )
    .addColumn('progress_percent', 'real', (c) => c.notNull().defaultTo(0))
    .addColumn('eta_seconds', 'real')
    .addColumn('error', 'text')
    .addColumn('title', 'text')
    .addColumn('thumbnail_url', 'text')
    .addColumn('channel_title', 'text')
    .addColumn('video_comment_count', 'integer')
    .addColumn('comment_limit', 'integer', (c) => c.notNull())
    .addColumn('reserved_credits', 'integer', (c) => c.notNull())
    .addColumn('charged_credits', 'integer')
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('started_at', 'timestamptz')
    .addColumn('finished_at', 'timestamptz')
    .addColumn('comments_expired_at', 'timestamptz')
    .execute();
  await db.schema
    .createIndex('analysis_jobs_user_created_idx')
    .on('analysis_jobs')
    .columns(['user_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('analysis_jobs_user_video_idx')
    .on('analysis_jobs')
    .columns(['user_id', 'video_id', 'status'])
    .execute();

  await db.schema
    .createTable('analysis_reports')
    .addColumn('job_id', 'uuid', (c) =>
      c.primaryKey().references('analysis_jobs.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'uuid', (c) => c.notNull())
    .addColumn('video_id', 'text', (c) => c.notNull())
    .addColumn('report', 'jsonb', (c) => c.notNull())
    .addColumn('executive_summary', 'jsonb', (c) => c.notNull())
    .addColumn('total_comments', 'integer', (c) => c.notNull())
    .addColumn('processing_seconds', 'real', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('analysis_comments')
    .addColumn('job_id', 'uuid', (c) =>
      c.notNull().references('analysis_jobs.id').onDelete('cascade'),
    )
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('comment_id', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('author', 'text')
    .addColumn('like_count', 'integer', (c) => c.notNull())
    .addColumn('published_at', 'timestamptz')
    .addColumn('parent_id', 'text')
    .addColumn('reply_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('cluster_id', 'integer', (c) => c.notNull())
    .addColumn('intent', 'text', (c) => c.notNull())
    .addColumn('sentiment_score', 'real', (c) => c.notNull())
    .addColumn('sentiment_label', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addPrimaryKeyConstraint('analysis_comments_pk', ['job_id', 'position'])
    .execute();
  await db.schema
    .createIndex('analysis_comments_cluster_idx')
    .on('analysis_comments')
    .columns(['job_id', 'cluster_id'])
    .execute();
  await db.schema
    .createIndex('analysis_comments_created_idx')
    .on('analysis_comments')
    .column('created_at')
    .execute();

  await db.schema
    .createTable('queue_jobs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('queue', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('payload', 'jsonb', (c) => c.notNull())
    .addColumn('priority', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('status', 'text', (c) =>
      c.notNull().check(sql`status in ('queued', 'active', 'done', 'failed')`),
    )
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('max_attempts', 'integer', (c) => c.notNull())
    .addColumn('run_after', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('lease_owner', 'text')
    .addColumn('lease_expires_at', 'timestamptz')
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('queue_jobs_claim_idx')
    .on('queue_jobs')
    .columns(['queue', 'status', 'priority', 'created_at'])
    .execute();

  await db.schema
    .createTable('app_counters')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('value', 'bigint', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const t of [
    'app_counters',
    'queue_jobs',
    'analysis_comments',
    'analysis_reports',
    'analysis_jobs',
  ]) {
    await db.schema.dropTable(t).ifExists().execute();
  }
}
