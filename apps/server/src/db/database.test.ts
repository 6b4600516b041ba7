import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresForSuite, TEST_DATABASE_URL } from '../test/databases';
import type { Database } from './database';

const up = await postgresForSuite();

/** Ends every other connection to `name` from the server side, as a restart or failover does. */
async function terminateBackends(name: string, match: string): Promise<number> {
  const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
  await admin.connect();
  try {
    const r = await admin.query<{ pid: number }>(
      `select pid from pg_stat_activity
        where datname = $1 and pid <> pg_backend_pid() and query like $2`,
      [name, match],
    );
    for (const row of r.rows) await admin.query('select pg_terminate_backend($1)', [row.pid]);
    return r.rows.length;
  } finally {
    await admin.end();
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe.skipIf(!up)('a PostgreSQL server that ends connections in use [postgres]', () => {
  let database: Database;
  let name: string;
  // What would have killed a server process (vitest reports it too, but after the tests).
  const uncaught: unknown[] = [];
  const record = (error: unknown) => void uncaught.push(error);
  beforeAll(async () => {
    process.on('uncaughtException', record);
    database = await createTestDatabase('postgres');
    name = new URL(database.location).pathname.slice(1);
  });
  afterAll(async () => {
    process.off('uncaughtException', record);
    await database.close();
  });

  // Before the fix the checked-out connection emitted 'error' with no listener: an uncaught
  // exception that killed the process (every worker and API on a PostgreSQL restart).
  it('fails the running query, keeps the process alive and serves the next query', async () => {
    const running = sql`select pg_sleep(20)`.execute(database.db).then(
      () => null,
      (error: unknown) => error,
    );
    let ended = 0;
    for (let i = 0; i < 100 && ended === 0; i++) {
      await sleep(50);
      ended = await terminateBackends(name, 'select pg_sleep%');
    }
    expect(ended).toBe(1);
    expect(String(await running)).toMatch(/terminat/i);
    // The pool drops the ended connection once its socket closes; the next query opens a new one.
    await sleep(200);
    const r = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(r.rows[0]?.one).toBe(1);
    expect(uncaught).toEqual([]);
  });

  it('fails a transaction whose connection was ended between two statements', async () => {
    const tx = database.db.transaction().execute(async (trx) => {
      await sql`select 'between statements'`.execute(trx);
      await terminateBackends(name, "select 'between statements'");
      await sleep(300);
      await sql`select 2`.execute(trx);
    });
    await expect(tx).rejects.toThrow();
    await sleep(200);
    const r = await sql<{ one: number }>`select 1 as one`.execute(database.db);
    expect(r.rows[0]?.one).toBe(1);
    expect(uncaught).toEqual([]);
  });
});
