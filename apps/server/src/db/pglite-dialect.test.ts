import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from './database';
import { createTestDatabase } from '../test/databases';

describe('PGlite dialect', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await sql`create table probe (id int primary key, v text)`.execute(database.db);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('never lets another query run inside someone else’s transaction', async () => {
    const db = database.db;
    const order: string[] = [];
    const tx = db.transaction().execute(async (trx) => {
      order.push('tx:begin');
      await sql`insert into probe values (1, 'inside')`.execute(trx);
      await new Promise((r) => setTimeout(r, 200));
      order.push('tx:end');
      throw new Error('roll back');
    });
    // Queued while the transaction holds the connection: must run after it, and must not see
    // (or be rolled back with) the transaction's insert.
    await new Promise((r) => setTimeout(r, 20));
    const outside = sql<{ n: number }>`select count(*)::int as n from probe`
      .execute(db)
      .then((r) => {
        order.push('outside');
        return r.rows[0]!.n;
      });
    await expect(tx).rejects.toThrow('roll back');
    expect(await outside).toBe(0);
    expect(order).toEqual(['tx:begin', 'tx:end', 'outside']);
  });

  it('reports affected rows and supports savepoints', async () => {
    const db = database.db;
    const res = await sql`insert into probe values (10, 'a'), (11, 'b')`.execute(db);
    expect(res.numAffectedRows).toBe(2n);
    const trx = await db.startTransaction().execute();
    const sp = await trx.savepoint('before_delete').execute();
    await sql`delete from probe where id = 10`.execute(sp);
    await sp.rollbackToSavepoint('before_delete').execute();
    await trx.commit().execute();
    const rows = await sql<{ id: number }>`select id from probe where id >= 10 order by id`.execute(
      db,
    );
    expect(rows.rows.map((r) => r.id)).toEqual([10, 11]);
  });

  it('reads bigint, timestamptz and jsonb as numbers, Dates and objects', async () => {
    const { rows } = await sql<{ big: number; at: Date; doc: unknown }>`
      select 42::int8 as big, '2026-01-02T03:04:05Z'::timestamptz as at,
        '{"cluster_id":[1,2],"nested":{"snake_key":true}}'::jsonb as doc
    `.execute(database.db);
    // Keys inside jsonb are data, not column names: they come back unchanged.
    expect(rows[0]).toEqual({
      big: 42,
      at: new Date('2026-01-02T03:04:05Z'),
      doc: { cluster_id: [1, 2], nested: { snake_key: true } },
    });
  });

  it('has run every migration and has nothing left to apply', async () => {
    const { migrateToLatest } = await import('./migrate');
    expect(await migrateToLatest(database.db)).toEqual([]);
    const tables = await sql<{ name: string }>`
      select table_name as name from information_schema.tables where table_schema = 'public'
    `.execute(database.db);
    expect(tables.rows.map((t) => t.name)).toEqual(
      expect.arrayContaining([
        'users',
        'sessions',
        'credit_ledger',
        'login_attempts',
        'subscriptions',
      ]),
    );
  });
});
