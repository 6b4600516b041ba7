import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { InsufficientCreditsError } from '../errors';
import { describeEachDatabase } from '../test/databases';
import { createCreditLedgerRepository } from './credit-ledger.repository';
import { createUserRepository } from './user.repository';

describeEachDatabase('credit ledger repository', (t) => {
  const newUser = async () => {
    const user = await createUserRepository(t.db).create({
      email: `ledger-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    return user!.id;
  };
  const key = () => randomUUID();

  it('derives the balance from the rows, starting at zero', async () => {
    const ledger = createCreditLedgerRepository(t.db);
    const userId = await newUser();
    expect(await ledger.getBalance(userId)).toBe(0);

    const grant = await ledger.append({
      userId,
      delta: 3,
      kind: 'signup_grant',
      idempotencyKey: key(),
    });
    expect(grant).toMatchObject({ balance: 3, replayed: false });
    expect(grant.entry).toMatchObject({ userId, delta: 3, kind: 'signup_grant', jobId: null });
    expect(grant.entry.createdAt).toBeInstanceOf(Date);

    const jobId = randomUUID();
    await ledger.append({ userId, delta: -2, kind: 'reservation', idempotencyKey: key(), jobId });
    await ledger.append({ userId, delta: 1, kind: 'settlement', idempotencyKey: key(), jobId });
    expect(await ledger.getBalance(userId)).toBe(2);
    expect((await ledger.listForUser(userId)).map((e) => e.delta)).toEqual([1, -2, 3]);
  });

  it('is idempotent: the same key returns the existing row and writes nothing', async () => {
    const ledger = createCreditLedgerRepository(t.db);
    const userId = await newUser();
    const idempotencyKey = `purchase:${randomUUID()}`;
    const first = await ledger.append({ userId, delta: 500, kind: 'purchase', idempotencyKey });
    const again = await ledger.append({ userId, delta: 500, kind: 'purchase', idempotencyKey });
    expect(again.replayed).toBe(true);
    expect(again.entry.id).toBe(first.entry.id);
    expect(again.balance).toBe(500);
    expect(await ledger.getBalance(userId)).toBe(500);
    expect(await ledger.findByIdempotencyKey(idempotencyKey)).toMatchObject({ id: first.entry.id });
  });

  it('never lets the balance go negative', async () => {
    const ledger = createCreditLedgerRepository(t.db);
    const userId = await newUser();
    await ledger.append({ userId, delta: 2, kind: 'signup_grant', idempotencyKey: key() });
    const overdraw = ledger.append({
      userId,
      delta: -3,
      kind: 'reservation',
      idempotencyKey: key(),
    });
    await expect(overdraw).rejects.toBeInstanceOf(InsufficientCreditsError);
    await expect(overdraw).rejects.toMatchObject({ statusCode: 402, balance: 2, required: 3 });
    expect(await ledger.getBalance(userId)).toBe(2);
    expect(await ledger.listForUser(userId)).toHaveLength(1);
  });

  it('takes part in an outer transaction, and rolls back with it', async () => {
    const userId = await newUser();
    await expect(
      t.db.transaction().execute(async (trx) => {
        const inner = createCreditLedgerRepository(trx);
        await inner.append({ userId, delta: 5, kind: 'adjustment', idempotencyKey: key() });
        expect(await inner.getBalance(userId)).toBe(5);
        throw new Error('abort');
      }),
    ).rejects.toThrow('abort');
    expect(await createCreditLedgerRepository(t.db).getBalance(userId)).toBe(0);

    await t.db.transaction().execute(async (trx) => {
      await createCreditLedgerRepository(t.db).append(
        { userId, delta: 4, kind: 'adjustment', idempotencyKey: key() },
        trx,
      );
    });
    expect(await createCreditLedgerRepository(t.db).getBalance(userId)).toBe(4);
  });

  it('keeps the balance exact and non-negative under 20 concurrent spends', async () => {
    const ledger = createCreditLedgerRepository(t.db);
    const userId = await newUser();
    await ledger.append({ userId, delta: 10, kind: 'purchase', idempotencyKey: key() });
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, () =>
        ledger.append({ userId, delta: -1, kind: 'reservation', idempotencyKey: key() }),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled');
    const refused = results.filter((r) => r.status === 'rejected');
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(10);
    for (const r of refused) expect(r.reason).toBeInstanceOf(InsufficientCreditsError);
    expect(await ledger.getBalance(userId)).toBe(0);
  });

  it('replays one key sent 20 times at once as a single movement', async () => {
    const ledger = createCreditLedgerRepository(t.db);
    const userId = await newUser();
    const idempotencyKey = key();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        ledger.append({ userId, delta: 7, kind: 'purchase', idempotencyKey }),
      ),
    );
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(new Set(results.map((r) => r.entry.id)).size).toBe(1);
    expect(await ledger.getBalance(userId)).toBe(7);
  });

  it('rejects a kind outside the list at the database too', async () => {
    const userId = await newUser();
    await expect(
      sql`insert into credit_ledger (user_id, delta, kind, idempotency_key) values (${userId}, 1, 'gift', ${key()})`.execute(
        t.db,
      ),
    ).rejects.toThrow(/check/i);
  });
});
