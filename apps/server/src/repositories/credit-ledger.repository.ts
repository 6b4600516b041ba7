import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema';
import type { CreditKind } from '../db/tables/auth';
import { ConflictError, InsufficientCreditsError, NotFoundError } from '../errors';

export interface CreditLedgerEntry {
  id: number;
  userId: string;
  delta: number;
  kind: CreditKind;
  idempotencyKey: string;
  jobId: string | null;
  note: string | null;
  createdAt: Date;
}

export interface NewLedgerEntry {
  userId: string;
  /** Credits added (positive) or spent (negative). Zero is allowed (a settlement with nothing to return). */
  delta: number;
  kind: CreditKind;
  /** Unique across the ledger, e.g. `signup:<userId>`, `reserve:<jobId>`, `stripe:<eventId>`. */
  idempotencyKey: string;
  jobId?: string | null;
  note?: string | null;
}

export interface AppendResult {
  entry: CreditLedgerEntry;
  /** The balance after this entry (or, for a replay, the current balance). */
  balance: number;
  /** True when the key was already in the ledger and nothing was written. */
  replayed: boolean;
}

export type CreditLedgerRepository = ReturnType<typeof createCreditLedgerRepository>;

/**
 * The credit ledger: every movement is a row, the balance is SUM(delta) and never goes negative.
 */
export function createCreditLedgerRepository(db: Kysely<DB>) {
  async function balanceOf(executor: Kysely<DB>, userId: string): Promise<number> {
    const row = await executor
      .selectFrom('creditLedger')
      .select(sql<number>`coalesce(sum(delta), 0)::int8`.as('balance'))
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.balance);
  }

  async function appendLocked(trx: Kysely<DB>, entry: NewLedgerEntry): Promise<AppendResult> {
    if (!Number.isInteger(entry.delta)) throw new Error('Credit deltas are whole numbers');
    // Lock the user's row: concurrent appends for one user queue here, so the balance check below
    // and the insert are one step for everyone else.
    const user = await trx
      .selectFrom('users')
      .select('id')
      .where('id', '=', entry.userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) throw new NotFoundError('That account does not exist.');

    const existing = await trx
      .selectFrom('creditLedger')
      .selectAll()
      .where('idempotencyKey', '=', entry.idempotencyKey)
      .executeTakeFirst();
    if (existing) {
      if (existing.userId !== entry.userId) {
        throw new ConflictError('That credit movement belongs to another account.');
      }
      return { entry: existing, balance: await balanceOf(trx, entry.userId), replayed: true };
    }

    const balance = await balanceOf(trx, entry.userId);
    if (balance + entry.delta < 0) throw new InsufficientCreditsError(balance, -entry.delta);

    const row = await trx
      .insertInto('creditLedger')
      .values({
        userId: entry.userId,
        delta: entry.delta,
        kind: entry.kind,
        idempotencyKey: entry.idempotencyKey,
        jobId: entry.jobId ?? null,
        note: entry.note ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    return { entry: row, balance: balance + entry.delta, replayed: false };
  }

  return {
    /**
     * Appends one movement. Idempotent on `idempotencyKey` (a replay returns the existing row and
     * writes nothing). Throws InsufficientCreditsError if the balance would go below zero.
     * Pass `trx` (or build the repository on a transaction) to take part in an outer transaction;
     * otherwise it opens its own.
     */
    append(entry: NewLedgerEntry, trx?: Kysely<DB>): Promise<AppendResult> {
      const executor = trx ?? db;
      return executor.isTransaction
        ? appendLocked(executor, entry)
        : executor.transaction().execute((t) => appendLocked(t, entry));
    },

    /** SUM(delta) for the user; 0 for a user with no movements. */
    getBalance(userId: string, trx?: Kysely<DB>): Promise<number> {
      return balanceOf(trx ?? db, userId);
    },

    async findByIdempotencyKey(key: string, trx?: Kysely<DB>): Promise<CreditLedgerEntry | null> {
      const row = await (trx ?? db)
        .selectFrom('creditLedger')
        .selectAll()
        .where('idempotencyKey', '=', key)
        .executeTakeFirst();
      return row ?? null;
    },

    /** The user's movements, newest first. */
    listForUser(userId: string, limit = 100): Promise<CreditLedgerEntry[]> {
      return db
        .selectFrom('creditLedger')
        .selectAll()
        .where('userId', '=', userId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },
  };
}
