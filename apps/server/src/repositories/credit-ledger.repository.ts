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

/**
 * One ledger row as the credit history needs it: the running balance after it, and what it
 * belongs to (the analysis job of a reservation/settlement/refund; for a payment refund, chargeback
 * or its reversal, the grant it reversed and what it took).
 */
export interface CreditHistoryRow {
  id: number;
  delta: number;
  kind: CreditKind;
  note: string | null;
  createdAt: Date;
  /** SUM(delta) of the user's rows up to and including this one (ordered by id). */
  balanceAfter: number;
  /** The analysis job, when the row has one and it is still this user's. */
  job: {
    videoId: string;
    title: string | null;
    reservedCredits: number;
    chargedCredits: number | null;
  } | null;
  /** For payment_refund, chargeback and chargeback_reversal rows: the payment_reversals row. */
  reversal: {
    claimed: number;
    taken: number;
    /** The reversed grant's kind (purchase or plan_renewal) and note (what it bought). */
    grantKind: CreditKind | null;
    grantNote: string | null;
  } | null;
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

    /**
     * A page of the user's movements for the credit history, newest first: rows with an id below
     * `before` (all when absent), at most `limit`. The balance after each row is a window sum over
     * all of the user's rows in id order (ids grow with each append, and a user's appends are
     * serialised by the lock on their user row), so it is exact on every page.
     */
    async listHistory(
      userId: string,
      page: { before?: number | undefined; limit: number },
    ): Promise<CreditHistoryRow[]> {
      let query = db
        .with('running', (w) =>
          w
            .selectFrom('creditLedger')
            .select([
              'id',
              'delta',
              'kind',
              'note',
              'createdAt',
              'jobId',
              'idempotencyKey',
              sql<string>`sum(delta) over (order by id rows between unbounded preceding and current row)`.as(
                'balanceAfter',
              ),
            ])
            .where('userId', '=', userId),
        )
        .selectFrom('running as l')
        // Only this user's job (job_id has no foreign key): never another account's title.
        .leftJoin('analysisJobs as j', (join) =>
          join.onRef('j.id', '=', 'l.jobId').on('j.userId', '=', userId),
        )
        .leftJoin('paymentReversals as r', (join) =>
          join.onRef('r.ledgerKey', '=', 'l.idempotencyKey').on('r.userId', '=', userId),
        )
        .leftJoin('creditLedger as g', (join) =>
          join.onRef('g.idempotencyKey', '=', 'r.grantKey').on('g.userId', '=', userId),
        )
        .select([
          'l.id',
          'l.delta',
          'l.kind',
          'l.note',
          'l.createdAt',
          'l.balanceAfter',
          'j.id as jobId',
          'j.videoId',
          'j.title',
          'j.reservedCredits',
          'j.chargedCredits',
          'r.id as reversalId',
          'r.claimed',
          'r.taken',
          'g.kind as grantKind',
          'g.note as grantNote',
        ])
        .orderBy('l.id', 'desc')
        .limit(page.limit);
      if (page.before !== undefined) query = query.where('l.id', '<', page.before);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        delta: row.delta,
        kind: row.kind,
        note: row.note,
        createdAt: row.createdAt,
        balanceAfter: Number(row.balanceAfter),
        job:
          row.jobId !== null && row.videoId !== null && row.reservedCredits !== null
            ? {
                videoId: row.videoId,
                title: row.title,
                reservedCredits: row.reservedCredits,
                chargedCredits: row.chargedCredits,
              }
            : null,
        reversal:
          row.reversalId !== null && row.claimed !== null && row.taken !== null
            ? {
                claimed: row.claimed,
                taken: row.taken,
                grantKind: row.grantKind,
                grantNote: row.grantNote,
              }
            : null,
      }));
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
