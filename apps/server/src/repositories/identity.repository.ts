import type { Kysely } from 'kysely';
import type { DB } from '../db/schema';

export type IdentityProviderName = 'google' | 'facebook';

export interface UserIdentity {
  id: number;
  userId: string;
  provider: IdentityProviderName;
  subject: string;
  email: string | null;
  createdAt: Date;
  lastSignInAt: Date;
}

export type IdentityRepository = ReturnType<typeof createIdentityRepository>;

/** Google and Facebook identities linked to accounts. */
export function createIdentityRepository(db: Kysely<DB>) {
  return {
    async find(provider: IdentityProviderName, subject: string): Promise<UserIdentity | null> {
      const row = await db
        .selectFrom('userIdentities')
        .selectAll()
        .where('provider', '=', provider)
        .where('subject', '=', subject)
        .executeTakeFirst();
      return row ?? null;
    },

    /**
     * Links the identity to the user, or returns null when that (provider, subject) is already
     * linked (to anyone): a concurrent first sign-in won the race.
     */
    async link(input: {
      userId: string;
      provider: IdentityProviderName;
      subject: string;
      email: string | null;
      at: Date;
    }): Promise<UserIdentity | null> {
      const row = await db
        .insertInto('userIdentities')
        .values({
          userId: input.userId,
          provider: input.provider,
          subject: input.subject,
          email: input.email,
          lastSignInAt: input.at,
        })
        .onConflict((oc) => oc.columns(['provider', 'subject']).doNothing())
        .returningAll()
        .executeTakeFirst();
      return row ?? null;
    },

    /** Records a sign-in and the e-mail the provider vouches for now. */
    async touch(id: number, input: { email: string | null; at: Date }): Promise<void> {
      await db
        .updateTable('userIdentities')
        .set({ email: input.email, lastSignInAt: input.at })
        .where('id', '=', id)
        .execute();
    },

    /** The providers the user signs in with, sorted and without repeats. */
    async providersOf(userId: string): Promise<IdentityProviderName[]> {
      const rows = await db
        .selectFrom('userIdentities')
        .select('provider')
        .distinct()
        .where('userId', '=', userId)
        .orderBy('provider')
        .execute();
      return rows.map((r) => r.provider);
    },
  };
}
