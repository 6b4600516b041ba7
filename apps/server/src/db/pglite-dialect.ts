import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/**
 * How long a query may wait for PGlite's single connection. A wait this long almost always means
 * a deadlock: code inside `db.transaction()` used the outer `db` instead of the transaction `trx`,
 * which works on a PostgreSQL pool but can never finish on one connection.
 */
const ACQUIRE_TIMEOUT_MS = 30_000;

/** Kysely dialect for PGlite (PostgreSQL compiled to WebAssembly, one connection per instance). */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new PGliteDriver(this.pglite);
  }
  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }
}

/**
 * PGlite is one session, so the driver hands out one connection at a time: a Kysely transaction
 * holds the connection from BEGIN to COMMIT and no other query can slip in between.
 */
class PGliteDriver implements Driver {
  private readonly connection: PGliteConnection;
  private queue: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {
    this.connection = new PGliteConnection(pglite);
  }

  async init(): Promise<void> {
    await this.pglite.waitReady;
  }

  async acquireConnection(): Promise<DatabaseConnection> {
    let release!: () => void;
    const previous = this.queue;
    this.queue = new Promise<void>((resolve) => (release = resolve));
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(
        () =>
          reject(
            new Error(
              `PGlite: waited ${ACQUIRE_TIMEOUT_MS / 1000}s for the database connection. ` +
                'Inside db.transaction(), use the transaction object, not the outer db.',
            ),
          ),
        ACQUIRE_TIMEOUT_MS,
      );
    });
    try {
      await Promise.race([previous, timeout]);
    } catch (error) {
      // Give our slot back once the earlier holder is done, so the queue keeps moving.
      void previous.then(release);
      throw error;
    } finally {
      clearTimeout(timer);
    }
    this.connection.release = release;
    return this.connection;
  }

  async beginTransaction(conn: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const parts = ['begin'];
    if (settings.isolationLevel) parts.push(`isolation level ${settings.isolationLevel}`);
    if (settings.accessMode) parts.push(settings.accessMode);
    await conn.executeQuery(CompiledQuery.raw(parts.join(' ')));
  }
  async commitTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('commit'));
  }
  async rollbackTransaction(conn: DatabaseConnection): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw('rollback'));
  }
  async savepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`savepoint ${quoteIdent(name)}`));
  }
  async rollbackToSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`rollback to savepoint ${quoteIdent(name)}`));
  }
  async releaseSavepoint(conn: DatabaseConnection, name: string): Promise<void> {
    await conn.executeQuery(CompiledQuery.raw(`release savepoint ${quoteIdent(name)}`));
  }

  releaseConnection(): Promise<void> {
    const release = this.connection.release;
    this.connection.release = undefined;
    release?.();
    return Promise.resolve();
  }

  async destroy(): Promise<void> {
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteConnection implements DatabaseConnection {
  release: (() => void) | undefined;

  constructor(private readonly pglite: PGlite) {}

  async executeQuery<R>(compiledQuery: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.pglite.query<R>(compiledQuery.sql, [...compiledQuery.parameters], {
      rowMode: 'object',
    });
    const changes =
      result.affectedRows !== undefined && /^(INSERT|UPDATE|DELETE|MERGE)/i.test(commandOf(result))
        ? { numAffectedRows: BigInt(result.affectedRows) }
        : {};
    return { rows: result.rows, ...changes };
  }

  async *streamQuery<R>(compiledQuery: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    // PGlite has no cursors over this API; the whole result is already in memory.
    yield await this.executeQuery<R>(compiledQuery);
  }
}

function commandOf(result: unknown): string {
  const command = (result as { command?: unknown }).command;
  return typeof command === 'string' ? command : '';
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}
