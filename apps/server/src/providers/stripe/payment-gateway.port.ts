import type { Plan, SubscriptionStatus } from '@app/contracts';

/**
 * The PaymentGateway port: starting a checkout (credit packs or a monthly plan), opening the
 * billing portal, and turning the provider's signed webhook deliveries into PaymentEvents.
 * Adapters: StripePaymentGateway (the official SDK) and DemoPaymentGateway (a built-in checkout
 * page where no card is charged). Fulfilment (services/billing) reads PaymentEvents only, never
 * the provider's own objects.
 */

export type PaymentProvider = 'stripe' | 'demo';

/** What a checkout sells: credit packs (the buyer may change the quantity) or a plan. */
export type CheckoutItem = { kind: 'packs'; packs: number } | { kind: 'plan'; plan: Plan };

/** Prices as configured (CREDIT_PACK_*, PAYMENTS_CURRENCY, STRIPE_PRICE_*). */
export interface PaymentCatalogue {
  creditPackCredits: number;
  creditPackPriceCents: number;
  /** ISO 4217, lower case (usd). */
  currency: string;
  /** The provider's price id per plan; undefined: the plan's price is described inline. */
  planPriceIds: Record<Plan, string | undefined>;
}

export interface CheckoutInput {
  userId: string;
  /** Null for an account made by a Facebook login that shared no e-mail address. */
  email: string | null;
  /** The user's customer at the provider (PaymentGateway.createCustomer). */
  customerId: string;
  item: CheckoutItem;
  /** Absolute addresses the provider sends the browser back to. */
  successUrl: string;
  cancelUrl: string;
  /** The sign-in session opening the checkout (the demo binds its page to it; Stripe ignores it). */
  authSessionId?: number;
}

export interface PortalInput {
  userId: string;
  customerId: string;
  returnUrl: string;
  /** The sign-in session opening the portal (the demo binds its page to it; Stripe ignores it). */
  authSessionId?: number;
  /** Open the confirmation of switching this subscription to `plan` instead of the portal's home. */
  switchTo?: { subscriptionId: string; plan: Plan };
}

interface EventBase {
  /** The provider's event id; deliveries of one event share it. */
  eventId: string;
  /** The provider's event type as sent (checkout.session.completed, ...). */
  providerType: string;
  /** When the provider created the event. */
  occurredAt: Date;
}

/** A one-off credit-pack payment that has been paid (card charged, or an async method settled). */
export interface CreditsPaidEvent extends EventBase {
  type: 'credits_paid';
  /** The checkout session; the ledger key is built from it, so each checkout grants once. */
  checkoutId: string;
  userId: string | null;
  customerId: string | null;
  packs: number;
  /** Credits per pack as sold at checkout time (a later price change does not alter it). */
  creditsPerPack: number;
  /** The payment (Stripe PaymentIntent), so a refund or dispute of it finds these credits. */
  paymentIntentId: string | null;
}

/** A paid subscription invoice: the first month (subscription_create) or a renewal (subscription_cycle). */
export interface PlanInvoicePaidEvent extends EventBase {
  type: 'plan_invoice_paid';
  invoiceId: string;
  reason: 'subscription_create' | 'subscription_cycle';
  userId: string | null;
  customerId: string | null;
  subscriptionId: string | null;
  /** The plan billed; null when the invoice names no price or plan we know. */
  plan: Plan | null;
  /**
   * The payment, when the invoice names it (Stripe API versions before 2025-03-31 do; later ones
   * leave it to the refund's own lookup of the invoice).
   */
  paymentIntentId: string | null;
  chargeId: string | null;
}

/** The subscription's state after a creation, update (plan change, cancel at period end) or deletion. */
export interface SubscriptionChangedEvent extends EventBase {
  type: 'subscription_changed';
  subscriptionId: string;
  userId: string | null;
  customerId: string | null;
  plan: Plan | null;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/** The provider's ids of the payment a refund or dispute concerns; any may be unknown. */
export interface PaymentReference {
  /** Stripe charge (`ch_...`). */
  chargeId: string | null;
  /** Stripe PaymentIntent (`pi_...`). */
  paymentIntentId: string | null;
  /** The checkout session it paid (credit packs), when the provider says. */
  checkoutId: string | null;
  /** The invoice it paid (a plan's month), when the provider says. */
  invoiceId: string | null;
}

/**
 * A charge was refunded, in full or in part. Amounts are cumulative (everything refunded of this
 * charge so far), so each delivery says the whole state and repeats or reordering are harmless.
 */
export interface PaymentRefundedEvent extends EventBase {
  type: 'payment_refunded';
  chargeId: string;
  payment: PaymentReference;
  /** The charge's amount, in the currency's smallest unit. */
  amount: number;
  /** Everything refunded of it so far, same unit. */
  amountRefunded: number;
  currency: string;
}

/**
 * A dispute (chargeback) moved money: `withdrawn` when it was opened (or closed as lost without an
 * opening we saw), `reinstated` when it was won and the funds came back. Inquiries, which withdraw
 * nothing, are ignored by the adapter.
 */
export interface PaymentDisputedEvent extends EventBase {
  type: 'payment_disputed';
  disputeId: string;
  payment: PaymentReference;
  funds: 'withdrawn' | 'reinstated';
  /** The provider's dispute status (needs_response, won, lost...), for the outcome and the note. */
  status: string;
}

/** Verified, but nothing to do (another event type, an unpaid checkout, a proration invoice). */
export interface IgnoredPaymentEvent extends EventBase {
  type: 'ignored';
  reason: string;
}

export type PaymentEvent =
  | CreditsPaidEvent
  | PlanInvoicePaidEvent
  | SubscriptionChangedEvent
  | PaymentRefundedEvent
  | PaymentDisputedEvent
  | IgnoredPaymentEvent;

export interface PaymentGateway {
  readonly provider: PaymentProvider;
  /** Creates the provider's customer for a user (called once per user; the id is stored). */
  createCustomer(input: { userId: string; email: string | null }): Promise<string>;
  /**
   * Opens a checkout. A plan checkout makes the customer's other open plan checkouts unpayable
   * (Stripe expires them; the demo refuses a plan to anyone who already has one), so a plan left
   * open in a second tab cannot become a second billed subscription.
   */
  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }>;
  /**
   * The customer's subscription the provider still bills (active, trialing or past due), if any.
   * Asked before a plan checkout, so a subscription whose webhook has not arrived yet is not
   * bought twice.
   */
  findLiveSubscription(
    customerId: string,
  ): Promise<{ subscriptionId: string; plan: Plan | null } | null>;
  /**
   * Cancels at once every subscription the provider still bills this customer for (the account is
   * being deleted). Answers how many were cancelled.
   */
  cancelSubscriptions(customerId: string): Promise<number>;
  /**
   * Expires every checkout of this customer that is still open (the account is being deleted), so
   * a checkout tab left open cannot take a payment for an account that no longer exists. Answers
   * how many were expired.
   */
  expireOpenCheckouts(customerId: string): Promise<number>;
  /** The billing portal: change plan, update the card, see invoices, cancel. */
  createPortal(input: PortalInput): Promise<{ url: string }>;
  /**
   * Verifies a webhook delivery (signature over the raw body, and age against `receivedAt`) and
   * translates it. Throws WebhookSignatureError when it cannot be trusted.
   */
  parseWebhook(
    payload: Buffer,
    signature: string | undefined,
    receivedAt: Date,
  ): Promise<PaymentEvent>;
}

/** A webhook whose signature is missing, wrong or too old. Nothing in it may be used. */
export class WebhookSignatureError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookSignatureError';
  }
}

/**
 * The provider refused or could not be reached. `userMessage` is safe to show; `status` is the
 * provider's HTTP status when it answered.
 */
export class PaymentProviderError extends Error {
  constructor(
    message: string,
    readonly userMessage: string,
    readonly status: number | null,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

// --- the demo checkout -------------------------------------------------------------------------

/** Where this server serves the demo provider's pages (stripe.routes.ts); ids are appended. */
export const DEMO_CHECKOUT_PATH = '/api/v1/stripe/demo/checkout';
export const DEMO_PORTAL_PATH = '/api/v1/stripe/demo/portal';

/** A demo checkout or portal session, as its signed id says. */
export type DemoSession =
  | {
      kind: 'checkout';
      /** The random part, unique per session (the events and ledger key are built from it). */
      sid: string;
      userId: string;
      customerId: string;
      item: CheckoutItem;
      /** Credits per pack when the session was created (the price list may change meanwhile). */
      creditsPerPack: number;
      successUrl: string;
      cancelUrl: string;
      expiresAt: Date;
      /** The sign-in session that opened it: only that session may use the page. */
      authSessionId: number | null;
    }
  | {
      kind: 'portal';
      sid: string;
      userId: string;
      authSessionId: number | null;
      customerId: string;
      returnUrl: string;
      switchTo: { subscriptionId: string; plan: Plan } | null;
      expiresAt: Date;
    };

/** The subscription as the demo portal changes it. */
export interface DemoSubscriptionState {
  subscriptionId: string;
  plan: Plan;
  status: SubscriptionStatus;
  currentPeriodEnd: Date | null;
  cancelAtPeriodEnd: boolean;
}

/**
 * What the demo gateway adds for its own pages: reading its signed session ids and producing the
 * PaymentEvents a real provider would send, which go through the same fulfilment as webhooks.
 */
export interface DemoCheckoutDesk {
  /** The session a signed id stands for; throws DemoSessionError when forged or expired. */
  readSession(id: string, now: Date): DemoSession;
  /**
   * The events of a paid demo checkout: credits_paid for packs (`packs` is the buyer's final
   * quantity); subscription_changed and plan_invoice_paid for a new plan.
   */
  completeCheckout(
    session: Extract<DemoSession, { kind: 'checkout' }>,
    input: { packs: number; now: Date },
  ): PaymentEvent[];
  /** The event of a demo portal action (switch plan, cancel at period end, resume). */
  changeSubscription(
    session: Extract<DemoSession, { kind: 'portal' }>,
    current: DemoSubscriptionState,
    action: { kind: 'switch'; plan: Plan } | { kind: 'cancel' } | { kind: 'resume' },
    now: Date,
  ): PaymentEvent;
}

/** A demo session id that is forged, malformed or expired. */
export class DemoSessionError extends Error {
  constructor(
    message: string,
    readonly reason: 'invalid' | 'expired',
  ) {
    super(message);
    this.name = 'DemoSessionError';
  }
}
