import type { ColumnType, Generated } from 'kysely';

/** timestamptz: read as a Date, written as a Date (or an ISO string). */
export type Timestamp = ColumnType<Date, Date | string, Date | string>;
/** timestamptz with a database default (now()). */
export type CreatedAt = ColumnType<Date, Date | string | undefined, never>;

export const CREDIT_KINDS = [
  'signup_grant',
  'purchase',
  'plan_renewal',
  'reservation',
  'settlement',
  'refund',
  'adjustment',
  /** Credits taken back because the payment that bought them was refunded. */
  'payment_refund',
  /** Credits taken back because the payment was disputed (funds withdrawn). */
  'chargeback',
  /** A dispute won: what its chargeback took comes back. */
  'chargeback_reversal',
] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

export const SUBSCRIPTION_STATUSES = [
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export interface UsersTable {
  /** uuid, visible outside the server. */
  id: Generated<string>;
  /**
   * Lower-cased and trimmed (the contract schema normalises it). Null only for an account made
   * through Facebook by someone who shares no e-mail (it signs in through that identity alone).
   */
  email: string | null;
  /** argon2id PHC string; null for accounts that only sign in through a provider. */
  passwordHash: string | null;
  createdAt: CreatedAt;
  /**
   * When the address was proven (a confirmation or reset link opened, or Google or Facebook vouched
   * for it); null while unproven.
   */
  emailVerifiedAt: Generated<Date | null>;
}

export interface SessionsTable {
  id: Generated<number>;
  userId: string;
  /** SHA-256 (hex) of the bearer token; the token itself is never stored. */
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  revokedAt: Timestamp | null;
}

export interface CreditLedgerTable {
  id: Generated<number>;
  userId: string;
  /** Positive adds credits, negative spends them. The balance is SUM(delta). */
  delta: number;
  kind: CreditKind;
  /** Unique: replaying a movement with the same key changes nothing. */
  idempotencyKey: string;
  /** The analysis job a reservation/settlement/refund belongs to (no FK: jobs live elsewhere). */
  jobId: string | null;
  note: string | null;
  createdAt: CreatedAt;
}

/** Sign-in attempts being checked or failed, for rate limiting across processes. */
export interface LoginAttemptsTable {
  id: Generated<number>;
  ip: string;
  /** The e-mail tried (the account), or `provider:google` / `provider:facebook`. */
  email: string;
  /** 'pending' while being checked, 'failed' once wrong (successes are deleted). */
  outcome: Generated<'pending' | 'failed'>;
  /** The known device's id (from its signed cookie), or null. */
  device: string | null;
  createdAt: Timestamp;
}

/**
 * Counted events of the windowed limits that reserve a slot before their work (sign-ups per address,
 * language-model calls per account, password reset requests per e-mail and per address).
 */
export interface RateLimitEventsTable {
  id: Generated<number>;
  scope: string;
  key: string;
  createdAt: Timestamp;
}

/**
 * E-mailed one-time links (password reset, e-mail confirmation; one table each), by the SHA-256
 * (hex) of their token; the token is never stored.
 */
export interface OneTimeLinksTable {
  id: Generated<number>;
  userId: string;
  tokenHash: string;
  createdAt: Timestamp;
  expiresAt: Timestamp;
  /** Set when the link was used, or made void (a newer link was asked for, or another was used). */
  usedAt: Timestamp | null;
}

export interface SubscriptionsTable {
  id: Generated<number>;
  userId: string;
  plan: 'basic' | 'pro' | 'advanced';
  status: SubscriptionStatus;
  currentPeriodEnd: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: Timestamp;
  /** The payment provider that bills it (stripe or demo); null for rows written without one. */
  provider: Generated<string | null>;
  /** The provider's subscription id (Stripe `sub_...`). */
  providerSubscriptionId: Generated<string | null>;
  /** The subscriber cancelled: the plan ends at currentPeriodEnd. */
  cancelAtPeriodEnd: Generated<boolean>;
  /** When the provider produced the latest state applied here (older events are not applied). */
  lastEventAt: Generated<Date | null>;
}

export interface AuthTables {
  users: UsersTable;
  sessions: SessionsTable;
  creditLedger: CreditLedgerTable;
  loginAttempts: LoginAttemptsTable;
  rateLimitEvents: RateLimitEventsTable;
  passwordResetTokens: OneTimeLinksTable;
  emailVerificationTokens: OneTimeLinksTable;
  subscriptions: SubscriptionsTable;
}
