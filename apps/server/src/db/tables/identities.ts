import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './auth';

/** An outside sign-in (Google, Facebook) linked to an account; unique per (provider, subject). */
export interface UserIdentitiesTable {
  id: Generated<number>;
  userId: string;
  provider: 'google' | 'facebook';
  /** The provider's stable id for the person (Google `sub`, Facebook app-scoped user id). */
  subject: string;
  /** The e-mail the provider vouched for at the last sign-in, or null. */
  email: string | null;
  createdAt: CreatedAt;
  lastSignInAt: Timestamp;
}

/** Tables of Google and Facebook sign-in. */
export interface IdentityTables {
  userIdentities: UserIdentitiesTable;
}
