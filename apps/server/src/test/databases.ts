import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { createDatabase, type Database, type DatabaseKind } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { PGliteDialect } from '../db/pglite-dialect';

/** The PostgreSQL server tests use; a fresh database is created on it per suite. */
export const TEST_DATABASE_URL =
  process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** In CI (or with REQUIRE_POSTGRES=1) a missing PostgreSQL server fails the run instead of skipping. */
export const POSTGRES_REQUIRED = process.env.CI === 'true' || process.env.REQUIRE_POSTGRES === '1';

/** What a suite body gets: the open, migrated database (available from `beforeAll` on). */
export interface TestDatabase {
  readonly kind: DatabaseKind;
  readonly database: Database;
  readonly db: Database['db'];
}

/**
 * Whether the PostgreSQL server answers, for a suite that runs on PostgreSQL only (skipped when it
 * does not); throws instead when CI=true / REQUIRE_POSTGRES=1.
 */
export async function postgresForSuite(): Promise<boolean> {
  const up = await postgresReachable();
  if (!up && POSTGRES_REQUIRED)
    throw new Error(`PostgreSQL is required but not reachable at ${TEST_DATABASE_URL}.`);
  return up;
}

let reachable: Promise<boolean> | undefined;
/** Whether the PostgreSQL server answers (asked once per test file). */
export function postgresReachable(): Promise<boolean> {
  reachable ??= (async () => {
    const client = new pg.Client({
      connectionString: TEST_DATABASE_URL,
      connectionTimeoutMillis: 3000,
    });
    try {
      await client.connect();
      await client.query('select 1');
      return true;
    } catch {
      return false;
    } finally {
      await client.end().catch(() => undefined);
    }
  })();
  return reachable;
}

const MIGRATIONS_DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), '../db/migrations');

let snapshot: Promise<Blob> | undefined;
/**
 * A data directory with every migration applied, cached in the OS temp folder under a hash of the
 * migration files and the PGlite version: a fresh PGlite from it starts several times faster than
 * initdb + migrations. Any change to a migration makes a new snapshot.
 */
function migratedPGliteSnapshot(): Promise<Blob> {
  snapshot ??= (async () => {
    const hash = createHash('sha256');
    const pkg = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../package.json');
    hash.update(fs.readFileSync(pkg));
    for (const file of fs.readdirSync(MIGRATIONS_DIR).sort()) {
      hash.update(file).update(fs.readFileSync(path.join(MIGRATIONS_DIR, file)));
    }
    const file = path.join(os.tmpdir(), `chorus-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
    if (fs.existsSync(file)) return new Blob([fs.readFileSync(file)]);

    const pglite = await PGlite.create();
    const db = new Kysely<unknown>({
      dialect: new PGliteDialect(pglite),
      plugins: [new CamelCasePlugin()],
    });
    await migrateToLatest(db);
    const blob = await pglite.dumpDataDir('none');
    await db.destroy();
    // Write then rename, so a parallel test file never reads half a snapshot.
    const tmp = `${file}.${process.pid}.tmp`;
    fs.writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
    fs.renameSync(tmp, file);
    return blob;
  })();
  return snapshot;
}

async function adminQuery(sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * Opens a fresh migrated database: PGlite in memory, or a new uniquely named database on the
 * PostgreSQL server (so parallel test files never see each other's rows). `close()` also drops it.
 */
export async function createTestDatabase(kind: DatabaseKind): Promise<Database> {
  if (kind === 'pglite') {
    const database = await createDatabase({
      kind: 'pglite',
      dataDir: undefined,
      loadDataDir: await migratedPGliteSnapshot(),
    });
    // Migrations added since the snapshot was taken still run (normally none).
    await migrateToLatest(database.db);
    return database;
  }
  const name = `chorus_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(`create database ${name}`);
  const url = new URL(TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  const database = await createDatabase({
    kind: 'postgres',
    url: url.toString(),
    maxConnections: 25,
  });
  await migrateToLatest(database.db);
  return {
    ...database,
    close: async () => {
      await database.close();
      await adminQuery(`drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Declares the suite twice: on PGlite (always) and on the PostgreSQL server at TEST_DATABASE_URL.
 * When the server is unreachable the PostgreSQL copy is skipped with a visible note, or fails when
 * CI=true / REQUIRE_POSTGRES=1. Inside `fn`, read `t.db` / `t.database` in hooks and tests.
 *
 *   describeEachDatabase('credit ledger', (t) => {
 *     it('starts at zero', async () => { ... createCreditLedgerRepository(t.db) ... });
 *   });
 */
export function describeEachDatabase(title: string, fn: (t: TestDatabase) => void): void {
  for (const kind of ['pglite', 'postgres'] as const) {
    describe(`${title} [${kind}]`, async () => {
      if (kind === 'postgres' && !(await postgresReachable())) {
        const note = `PostgreSQL is not reachable at ${TEST_DATABASE_URL}`;
        if (POSTGRES_REQUIRED) {
          it(`needs PostgreSQL (CI=true or REQUIRE_POSTGRES=1): ${note}`, () => {
            throw new Error(`${note}. Start it or set TEST_DATABASE_URL.`);
          });
        } else {
          console.warn(`[tests] ${note}: skipping "${title} [postgres]"`);
          it.skip(`${note}: skipped (set REQUIRE_POSTGRES=1 to fail instead)`, () => undefined);
        }
        return;
      }

      let database: Database | undefined;
      const t: TestDatabase = {
        kind,
        get database() {
          if (!database)
            throw new Error('The test database opens in beforeAll; use it inside hooks and tests.');
          return database;
        },
        get db() {
          return this.database.db;
        },
      };
      beforeAll(async () => {
        database = await createTestDatabase(kind);
      });
      afterAll(async () => {
        await database?.close();
      });
      fn(t);
    });
  }
}
