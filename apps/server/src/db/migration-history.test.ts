import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, sql, type Kysely, type Migration } from 'kysely';
import { expect, it } from 'vitest';
import { createDatabase } from './database';
import { migrateToLatest } from './migrate';

const MIGRATIONS = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Password reset's migration as first committed under 2026112807 (renamed to 2026112808 later). */
const firstPasswordResets: Migration = {
  async up(db: Kysely<unknown>) {
    await sql`create table password_reset_tokens (
      id bigint generated always as identity primary key,
      user_id uuid not null references users(id) on delete cascade,
      token_hash text not null unique,
      created_at timestamptz not null,
      expires_at timestamptz not null,
      used_at timestamptz)`.execute(db);
    await sql`create index password_reset_tokens_user_idx on password_reset_tokens (user_id)`.execute(
      db,
    );
    await sql`create index password_reset_tokens_expires_idx on password_reset_tokens (expires_at)`.execute(
      db,
    );
    await sql`create table password_reset_attempts (
      id bigint generated always as identity primary key,
      ip text not null, email text not null, created_at timestamptz not null default now())`.execute(
      db,
    );
  },
};

it('migrates a database that ran password reset under its first name (2026112807)', async () => {
  const database = await createDatabase({ kind: 'pglite', dataDir: undefined });
  try {
    // The migrations as they were at that commit: everything up to 2026112807, with the first
    // version of password reset.
    const files = (await fs.readdir(MIGRATIONS)).filter((f) => /^\d+_.+\.ts$/.test(f)).sort();
    const then: Record<string, Migration> = {};
    for (const file of files) {
      const name = file.replace(/\.ts$/, '');
      if (name > '2026112807_zzz') continue;
      then[name] =
        name === '2026112807_password_resets'
          ? firstPasswordResets
          : ((await import(pathToFileURL(path.join(MIGRATIONS, file)).href)) as Migration);
    }
    const old = await new Migrator({
      db: database.db,
      provider: { getMigrations: () => Promise.resolve(then) },
      allowUnorderedMigrations: true,
    }).migrateToLatest();
    expect(old.error).toBeUndefined();

    const applied = await migrateToLatest(database.db);
    expect(applied).toContain('2026112808_password_resets');
    expect(applied).toContain('2026112810_rate_limit_events');
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public'`.execute(
      database.db,
    );
    const names = tables.rows.map((r) => r.name);
    expect(names).toContain('password_reset_tokens');
    expect(names).toContain('rate_limit_events');
    expect(names).not.toContain('password_reset_attempts');
    expect(names).not.toContain('signup_attempts');
  } finally {
    await database.close();
  }
});
