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

/** A deletion request Meta sent for a Facebook user: only its code and outcome, never who asked. */
export interface DataDeletionRequestsTable {
  code: string;
  source: 'facebook';
  outcome: 'account_deleted' | 'no_account';
  requestedAt: Timestamp;
  completedAt: Timestamp;
}

/** Tables of Google and Facebook sign-in. */
export interface IdentityTables {
  userIdentities: UserIdentitiesTable;
  dataDeletionRequests: DataDeletionRequestsTable;
}
