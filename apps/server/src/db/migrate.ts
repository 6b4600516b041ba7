import { promises as fs } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Migrator, type Kysely, type Migration, type MigrationProvider } from 'kysely';

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations');

/** `2026112101_auth.ts`: a sortable timestamp, an underscore, a name. Tests and .d.ts are ignored. */
const MIGRATION_FILE = /^\d{10,14}_[a-z0-9_-]+\.(ts|js|mjs)$/;

/**
 * Lists db/migrations, so a new migration is just a new file there. Append only: never edit a
 * migration that has been committed; add a new one.
 */
class FolderMigrationProvider implements MigrationProvider {
  /** `before`: only the migrations whose name sorts before it (a database as it was before that one). */
  constructor(
    private readonly folder: string,
    private readonly before?: string,
  ) {}

  async getMigrations(): Promise<Record<string, Migration>> {
    const files = (await fs.readdir(this.folder))
      .filter((f) => MIGRATION_FILE.test(f) && !f.endsWith('.d.ts'))
      .filter((f) => this.before === undefined || f < this.before)
      .sort();
    const migrations: Record<string, Migration> = {};
    for (const file of files) {
      const mod = (await import(pathToFileURL(path.join(this.folder, file)).href)) as Migration;
      if (typeof mod.up !== 'function') throw new Error(`Migration ${file} exports no up()`);
      migrations[file.replace(/\.(ts|js|mjs)$/, '')] = mod;
    }
    return migrations;
  }
}

/** Applies every pending migration; throws with the failing migration's name on error. */
export function migrateToLatest<T>(db: Kysely<T>): Promise<string[]> {
  return migrate(db, new FolderMigrationProvider(MIGRATIONS_DIR));
}

/**
 * Applies the migrations that sort before `name` (e.g. `2026112901_row_platform`), so a test can store
 * rows as they were before that migration and then check what `migrateToLatest` makes of them.
 */
export function migrateBefore<T>(db: Kysely<T>, name: string): Promise<string[]> {
  return migrate(db, new FolderMigrationProvider(MIGRATIONS_DIR, name));
}

async function migrate<T>(db: Kysely<T>, provider: MigrationProvider): Promise<string[]> {
  const migrator = new Migrator({
    db,
    provider,
    // Branches add migrations side by side; one dated earlier may land after a later one ran.
    allowUnorderedMigrations: true,
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const name = failed ? ` (${failed.migrationName})` : '';
    throw new Error(`Database migration failed${name}: ${String(error)}`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
