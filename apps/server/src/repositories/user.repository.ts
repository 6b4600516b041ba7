import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface User {
  id: string;
  /** Null only for an account made through Facebook without a shared e-mail. */
  email: string | null;
  passwordHash: string | null;
  createdAt: Date;
  /** When the address was proven; null while unproven. */
  emailVerifiedAt: Date | null;
}

export type UserRepository = ReturnType<typeof createUserRepository>;

/** Accounts. E-mails are stored as given; callers pass them normalised by the contract schema. */
export function createUserRepository(db: Kysely<DB>) {
  /** The user's row, locked until the transaction ends (FOR UPDATE or FOR NO KEY UPDATE). */
  async function lockRow(id: string, mode: 'update' | 'no key update'): Promise<User | null> {
    const query = db.selectFrom('users').selectAll().where('id', '=', id);
    const row = await (
      mode === 'update' ? query.forUpdate() : query.forNoKeyUpdate()
    ).executeTakeFirst();
    return row ?? null;
  }

  return {
    /** Inserts the user, or returns null when the e-mail is already registered. */
    async create(
      input: { email: string | null; passwordHash: string | null },
      trx: Kysely<DB> = db,
    ) {
      const row = await trx
        .insertInto('users')
        .values({ email: input.email, passwordHash: input.passwordHash })
        .onConflict((oc) => oc.column('email').doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    async findByEmail(email: string): Promise<User | null> {
      const row = await db
        .selectFrom('users')
        .selectAll()
        .where('email', '=', email)
        .executeTakeFirst();
      return row ?? null;
    },

    async findById(id: string): Promise<User | null> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },

    /** Locks the user's row until the transaction ends (pass a transaction-bound repository). */
    async lockById(id: string): Promise<User | null> {
      return lockRow(id, 'update');
    },

    /**
     * Locks the user row for a sign-in that depends on its password (FOR NO KEY UPDATE): a password
     * sign-in and a provider link that removes the password wait for each other, while rows that
     * only reference the user (a new session, a ledger entry) need no wait. FOR UPDATE would make
     * those wait too, and two provider sign-ins of one new person could deadlock: one holding the
     * user and waiting for the identity row the other updates, the other waiting on the user to
     * insert its session.
     */
    async lockForSignIn(id: string): Promise<User | null> {
      return lockRow(id, 'no key update');
    },

    /** Sets the account's password (an argon2id PHC string), e.g. from a password reset link. */
    async setPassword(id: string, passwordHash: string): Promise<void> {
      await db.updateTable('users').set({ passwordHash }).where('id', '=', id).execute();
    },

    /**
     * Records that the account's address was proven at `at` (kept as the first time if it already
     * was). With `email`, only while the account still has that address: a provider vouches for the
     * address it names, not for another one the account may have.
     */
    async markEmailVerified(id: string, at: Date, email?: string): Promise<void> {
      let query = db
        .updateTable('users')
        .set({ emailVerifiedAt: at })
        .where('id', '=', id)
        .where('emailVerifiedAt', 'is', null);
      if (email !== undefined) query = query.where('email', '=', email);
      await query.execute();
    },

    /** Removes the account's password: from then on it signs in only through its linked providers. */
    async clearPassword(id: string): Promise<void> {
      await db.updateTable('users').set({ passwordHash: null }).where('id', '=', id).execute();
    },

    /**
     * Deletes the account. Every table that holds the user's data references users.id with
     * ON DELETE CASCADE (directly or through analysis_jobs), so this one statement removes it all;
     * a test counts every user_id table to keep that true. Returns false when there was no such user.
     */
    async deleteById(id: string): Promise<boolean> {
      const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
