import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export interface User {
  id: string;
  email: string;
  passwordHash: string | null;
  createdAt: Date;
}

export type UserRepository = ReturnType<typeof createUserRepository>;

/** Accounts. E-mails are stored as given; callers pass them normalised by the contract schema. */
export function createUserRepository(db: Kysely<DB>) {
  return {
    /** Inserts the user, or returns null when the e-mail is already registered. */
    async create(input: { email: string; passwordHash: string | null }, trx: Kysely<DB> = db) {
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

    /**
     * Locks the user's row until the transaction ends (`db` must be a transaction): work on one
     * account that must not interleave (applying payment events) queues here. False: no such user.
     */
    async lockById(id: string): Promise<boolean> {
      const row = await db
        .selectFrom('users')
        .select('id')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      return row !== undefined;
    },

    async findById(id: string): Promise<User | null> {
      const row = await db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
      return row ?? null;
    },
  };
}
