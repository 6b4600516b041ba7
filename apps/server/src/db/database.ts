import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { CamelCasePlugin, Kysely, PostgresDialect, sql, type Dialect } from 'kysely';
import pg from 'pg';
import { lockDataDir } from './data-dir-lock';
import { PGliteDialect } from './pglite-dialect';
import { WithoutNulPlugin } from './storable-text';
import type { DB } from './schema';

export type DatabaseKind = 'pglite' | 'postgres';

export interface Database {
  db: Kysely<DB>;
  kind: DatabaseKind;
  /** Where the data lives, for the boot log (never includes a password). */
  location: string;
  /** Throws when the database does not answer (health checks). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export type DatabaseOptions =
  | { kind: 'postgres'; url: string; maxConnections?: number }
  /**
   * `dataDir: undefined` keeps everything in memory (tests); `loadDataDir` starts from a snapshot
   * (tests start from an already migrated one).
   */
  | { kind: 'pglite'; dataDir: string | undefined; loadDataDir?: Blob };

/** Picks PostgreSQL when a URL is configured, else PGlite under `<dataDir>/pglite`. */
export function databaseOptionsFromConfig(config: {
  databaseUrl: string | undefined;
  dataDir: string;
}): DatabaseOptions {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') };
}

/**
 * Opens the database. Both modes are PostgreSQL, so one set of migrations and queries serves both.
 * bigint columns are read as JS numbers in both modes (ids and sums stay far below 2^53).
 */
export async function createDatabase(options: DatabaseOptions): Promise<Database> {
  let dialect: Dialect;
  let location: string;
  // PGlite in a folder: one process at a time (see lockDataDir)
  let releaseLock = (): void => undefined;
  if (options.kind === 'postgres') {
    const pool = new pg.Pool({
      connectionString: options.url,
      max: options.maxConnections ?? 10,
      types: { getTypeParser: pgTypeParser },
    });
    // An idle connection dropped by the server (restart, failover) must not crash the process;
    // the pool discards it and opens a new one on the next query.
    pool.on('error', (error) => {
      console.error(`PostgreSQL connection lost: ${error.message}`);
    });
    // The pool listens for errors only on idle connections. One that is checked out (a query or
    // a transaction running) when the server ends it (restart, failover, pg_terminate_backend)
    // emits 'error' with no listener, which would crash the process: its query already fails
    // with that error and the pool drops the connection when it is released, so nothing more to do.
    pool.on('connect', (client) => {
      client.on('error', () => undefined);
    });
    dialect = new PostgresDialect({ pool });
    location = redactUrl(options.url);
  } else {
    if (options.dataDir) {
      fs.mkdirSync(options.dataDir, { recursive: true });
      releaseLock = lockDataDir(options.dataDir);
    }
    let pglite: PGlite;
    try {
      pglite = await PGlite.create({
        dataDir: options.dataDir ?? 'memory://',
        ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
      });
    } catch (error) {
      releaseLock();
      throw error;
    }
    dialect = new PGliteDialect(pglite);
    location = options.dataDir ? `PGlite at ${options.dataDir}` : 'PGlite in memory';
  }
  // maintainNestedObjectKeys: only column names are mapped; keys inside jsonb values come back
  // exactly as stored (cluster_id stays cluster_id).
  const db = new Kysely<DB>({
    dialect,
    plugins: [new CamelCasePlugin({ maintainNestedObjectKeys: true }), new WithoutNulPlugin()],
  });
  return {
    db,
    kind: options.kind,
    location,
    ping: async () => {
      await sql`select 1`.execute(db);
    },
    close: async () => {
      try {
        await db.destroy();
      } finally {
        releaseLock();
      }
    },
  };
}

const INT8_OID = 20;
function pgTypeParser(oid: number, format?: string): (value: string) => unknown {
  if (oid === INT8_OID) return (value: string) => Number(value);
  return pg.types.getTypeParser(oid, format as 'text') as (value: string) => unknown;
}

/** postgres://user:secret@host/db -> postgres://user:***@host/db */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return '(unparseable URL)';
  }
}
