import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { DB } from '../db/schema';

export interface FailureWindow {
  /** Failures since the window start. */
  count: number;
  /** The oldest failure in the window (when the count next drops), or null when count is 0. */
  oldest: Date | null;
}

/** One limit's view of the attempts: failures, attempts still being checked, and when. */
export interface AttemptWindow extends FailureWindow {
  /** Attempts admitted and still being checked (not yet known to be right or wrong). */
  pending: number;
  /** The newest failure in the window, or null when count is 0. */
  latest: Date | null;
}

/** What each sign-in limit counts for one attempt. */
export interface AttemptTally {
  /** This address and this e-mail (or provider), known devices left out. */
  pair: AttemptWindow;
  /** This address, any e-mail, known devices left out. */
  address: AttemptWindow;
  /** This e-mail from any address (its own, longer window), known devices left out. */
  account: AttemptWindow;
  /** This known device and this e-mail (all zero without a device). */
  device: AttemptWindow;
}

export type LoginAttemptRepository = ReturnType<typeof createLoginAttemptRepository>;

const DIMENSIONS = ['pair', 'address', 'account', 'device'] as const;

/**
 * Sign-in attempts, kept in SQL so every API process sees the same counts. An attempt is written
 * as pending before its password or token is checked, then marked failed or deleted.
 */
export function createLoginAttemptRepository(db: Kysely<DB>) {
  return {
    /**
     * Takes transaction-scoped advisory locks on the keys (sorted, so two callers never wait on
     * each other in opposite orders): admissions under one key run one at a time.
     */
    async lockKeys(keys: string[]): Promise<void> {
      for (const key of [...new Set(keys)].sort()) {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`login:${key}`}, 0))`.execute(db);
      }
    },

    /**
     * Counts the attempts each limit looks at. A pending attempt older than `staleBefore` (its
     * process died while checking it) counts as a failure.
     */
    async tally(input: {
      ip: string;
      email: string;
      device: string | null;
      since: Date;
      accountSince: Date;
      staleBefore: Date;
    }): Promise<AttemptTally> {
      const failed = sql`(outcome = 'failed' or created_at < ${input.staleBefore})`;
      const pending = sql`(outcome = 'pending' and created_at >= ${input.staleBefore})`;
      const conditions: Record<(typeof DIMENSIONS)[number], RawBuilder<unknown>> = {
        pair: sql`ip = ${input.ip} and email = ${input.email} and device is null and created_at >= ${input.since}`,
        address: sql`ip = ${input.ip} and device is null and created_at >= ${input.since}`,
        account: sql`email = ${input.email} and device is null and created_at >= ${input.accountSince}`,
        device:
          input.device === null
            ? sql`false`
            : sql`device = ${input.device} and email = ${input.email} and created_at >= ${input.since}`,
      };
      const columns = DIMENSIONS.flatMap((d) => {
        const on = conditions[d];
        return [
          sql`count(*) filter (where ${on} and ${failed})::int`.as(`${d}Failed`),
          sql`count(*) filter (where ${on} and ${pending})::int`.as(`${d}Pending`),
          sql`min(created_at) filter (where ${on} and ${failed})`.as(`${d}Oldest`),
          sql`max(created_at) filter (where ${on} and ${failed})`.as(`${d}Latest`),
        ];
      });
      const earliest = input.since < input.accountSince ? input.since : input.accountSince;
      // (the camel-case plugin hands these columns back as pairFailed, pairPending, ...)
      const row = (await db
        .selectFrom('loginAttempts')
        .select(columns)
        .where('createdAt', '>=', earliest)
        .where((eb) =>
          eb.or([
            eb('ip', '=', input.ip),
            eb('email', '=', input.email),
            ...(input.device === null ? [] : [eb('device', '=', input.device)]),
          ]),
        )
        .executeTakeFirstOrThrow()) as Record<string, unknown>;
      const date = (v: unknown) => (v ? new Date(v as string | Date) : null);
      const window = (d: string): AttemptWindow => ({
        count: Number(row[`${d}Failed`]),
        pending: Number(row[`${d}Pending`]),
        oldest: date(row[`${d}Oldest`]),
        latest: date(row[`${d}Latest`]),
      });
      return {
        pair: window('pair'),
        address: window('address'),
        account: window('account'),
        device: window('device'),
      };
    },

    /** Writes an attempt that is about to be checked; its id settles it later. */
    async recordPending(input: {
      ip: string;
      email: string;
      device: string | null;
      at: Date;
    }): Promise<number> {
      const row = await db
        .insertInto('loginAttempts')
        .values({
          ip: input.ip,
          email: input.email,
          device: input.device,
          outcome: 'pending',
          createdAt: input.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    /** The attempt's password or token was wrong: it now counts as a failure. */
    async markFailed(id: number): Promise<void> {
      await db
        .updateTable('loginAttempts')
        .set({ outcome: 'failed' })
        .where('id', '=', id)
        .execute();
    },

    /** Takes an attempt back (it succeeded, or was never judged). */
    async deleteById(id: number): Promise<void> {
      await db.deleteFrom('loginAttempts').where('id', '=', id).execute();
    },

    /**
     * A successful sign-in forgets its own earlier failures: the device's for that e-mail, or,
     * without a device, that address's for that e-mail. Other addresses' failures for the account
     * are not its own and stay counted.
     */
    async clearAfterSuccess(input: {
      ip: string;
      email: string;
      device: string | null;
    }): Promise<void> {
      let query = db.deleteFrom('loginAttempts').where('email', '=', input.email);
      query =
        input.device === null
          ? query.where('ip', '=', input.ip).where('device', 'is', null)
          : query.where('device', '=', input.device);
      await query.where('outcome', '=', 'failed').execute();
    },

    /** Forgets every attempt recorded for the e-mail (the account is being deleted). */
    async deleteForEmail(email: string): Promise<void> {
      await db.deleteFrom('loginAttempts').where('email', '=', email).execute();
    },

    /** Drops rows older than any window can look at. */
    async pruneBefore(before: Date): Promise<void> {
      await db.deleteFrom('loginAttempts').where('createdAt', '<', before).execute();
    },
  };
}
