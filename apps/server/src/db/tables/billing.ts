import type { Generated } from 'kysely';
import type { CreatedAt, Timestamp } from './auth';

export const PAYMENT_PROVIDERS = ['stripe', 'demo'] as const;
export type PaymentProviderName = (typeof PAYMENT_PROVIDERS)[number];

/** The payment provider's customer for a user (one per provider, created before the first checkout). */
export interface PaymentCustomersTable {
  userId: string;
  provider: PaymentProviderName;
  customerId: string;
  createdAt: CreatedAt;
}

/** Every verified payment event, once: a repeated or concurrent delivery finds its row and stops. */
export interface PaymentEventsTable {
  /** The provider's event id (Stripe `evt_...`; the demo checkout's own ids). */
  eventId: string;
  provider: string;
  type: string;
  /** The account it concerned, when known (no foreign key: the record outlives the account). */
  userId: string | null;
  /** What fulfilment did: granted, updated, ignored (and why). */
  outcome: string;
  receivedAt: Timestamp;
}

/**
 * A credit grant a payment bought (a credit-pack `purchase` or a plan invoice's `plan_renewal`),
 * with the provider's ids of that payment, so a refund or dispute finds what it paid for.
 */
export interface PaymentGrantsTable {
  /** The grant's ledger idempotency key (`stripe:checkout:cs_...`, `stripe:invoice:in_...`). */
  grantKey: string;
  userId: string;
  provider: PaymentProviderName;
  /** Credits the grant added. */
  credits: number;
  /** Stripe PaymentIntent (`pi_...`). */
  paymentIntentId: string | null;
  /** Stripe charge (`ch_...`), when the event named it (invoices of older API versions). */
  chargeId: string | null;
  checkoutId: string | null;
  invoiceId: string | null;
  createdAt: CreatedAt;
}

export const REVERSAL_KINDS = ['payment_refund', 'chargeback', 'chargeback_reversal'] as const;
export type ReversalKind = (typeof REVERSAL_KINDS)[number];

/** One movement a refund or dispute made against a grant. */
export interface PaymentReversalsTable {
  id: Generated<number>;
  userId: string;
  grantKey: string;
  /** This movement's ledger idempotency key. */
  ledgerKey: string;
  kind: ReversalKind;
  /** The refunded charge (`ch_...`) or the dispute (`dp_...`). */
  sourceId: string;
  /** Credits it accounts for against the grant; a chargeback reversal: minus the chargeback's. */
  claimed: number;
  /** Credits it moved: taken back (refund, chargeback) or given back (reversal). */
  taken: number;
  createdAt: CreatedAt;
}

export interface BillingTables {
  paymentCustomers: PaymentCustomersTable;
  paymentEvents: PaymentEventsTable;
  paymentGrants: PaymentGrantsTable;
  paymentReversals: PaymentReversalsTable;
}
