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

export interface BillingTables {
  paymentCustomers: PaymentCustomersTable;
  paymentEvents: PaymentEventsTable;
}
