import { z } from 'zod';
import { PlanSchema, wholeNumber, type Plan } from './common';

/**
 * Buying credits and plans.
 * Credit packs are one-off Checkout payments; Basic, Pro and Advanced are monthly subscriptions
 * that grant their credits at every paid renewal. Credits are granted only from verified payment
 * webhooks, never from the browser's return to the page.
 */

/** The plans: monthly price (US cents) and credits granted per paid month. */
export const PLAN_CATALOGUE: Record<
  Plan,
  { priceCents: number; creditsPerMonth: number; commentsCovered: number }
> = {
  basic: { priceCents: 2_900, creditsPerMonth: 500, commentsCovered: 50_000 },
  pro: { priceCents: 7_900, creditsPerMonth: 1_500, commentsCovered: 150_000 },
  advanced: { priceCents: 19_900, creditsPerMonth: 5_000, commentsCovered: 500_000 },
};

/** Most credit packs one checkout sells (the buyer may change the quantity up to this). */
export const MAX_PACKS_PER_CHECKOUT = 100;

export const PacksSchema = wholeNumber(1, MAX_PACKS_PER_CHECKOUT, {
  invalid: 'packs is the number of credit packs to buy.',
  tooSmall: 'Buy at least one credit pack.',
  tooBig: `Buy at most ${MAX_PACKS_PER_CHECKOUT} credit packs at once.`,
});

const planField = z.enum(PlanSchema.options, {
  error: 'plan is one of basic, pro or advanced.',
});

/**
 * GET /api/v1/stripe/checkout: opened in a new browser tab, so the session token comes as a query
 * parameter. Either `packs` (credit packs; 1 when neither is given) or `plan`.
 */
export const CheckoutQuerySchema = z
  .object({
    token: z.string().max(512).optional(),
    packs: PacksSchema.optional(),
    plan: planField.optional(),
  })
  .refine((q) => q.packs === undefined || q.plan === undefined, {
    error: 'Choose either credit packs or a plan, not both.',
    path: ['plan'],
  });
export type CheckoutQuery = z.infer<typeof CheckoutQuerySchema>;

/** POST /api/v1/stripe/checkout-session (the plans modal): what to buy; exactly one of the two. */
export const CheckoutSessionRequestSchema = z
  .object({
    packs: PacksSchema.optional(),
    plan: planField.optional(),
  })
  .refine((b) => (b.packs === undefined) !== (b.plan === undefined), {
    error: 'Choose either credit packs or a plan.',
    path: ['plan'],
  });
export type CheckoutSessionRequest = z.infer<typeof CheckoutSessionRequestSchema>;

/** Where the browser goes next: a checkout page, or the billing portal for an existing subscriber. */
export const RedirectUrlReplySchema = z.object({
  url: z.string().min(1),
  /** checkout: a payment page; portal: the subscription's management page (plan changes, cancel). */
  kind: z.enum(['checkout', 'portal']),
});
export type RedirectUrlReply = z.infer<typeof RedirectUrlReplySchema>;

export const SubscriptionStatusSchema = z.enum([
  'active',
  'trialing',
  'past_due',
  'canceled',
  'incomplete',
]);
export type SubscriptionStatus = z.infer<typeof SubscriptionStatusSchema>;

/** GET /api/v1/stripe/subscription: what the plans modal shows. */
export const BillingReplySchema = z.object({
  /** stripe, demo (the built-in test checkout) or off (no purchases). */
  payments: z.enum(['stripe', 'demo', 'off']),
  /** The plan in force (basic until a subscription is active). */
  plan: PlanSchema,
  /** The latest subscription, or null for someone who never subscribed. */
  subscription: z
    .object({
      plan: PlanSchema,
      status: SubscriptionStatusSchema,
      /** ISO time the paid period ends (the next renewal, or the end when cancelling). */
      current_period_end: z.string().nullable(),
      /** True when the plan was cancelled and ends at current_period_end. */
      cancel_at_period_end: z.boolean(),
      /** True when the billing portal can manage it (change plan, card, cancel). */
      manageable: z.boolean(),
    })
    .nullable(),
  credit_pack: z.object({
    credits: z.number().int().positive(),
    price_cents: z.number().int().positive(),
    currency: z.string(),
  }),
});
export type BillingReply = z.infer<typeof BillingReplySchema>;

/** POST /api/v1/stripe/webhook answers this once an event is verified (handled, repeated or ignored). */
export const WebhookReplySchema = z.object({ received: z.literal(true) });

/**
 * What a credit history entry is, for people and for the web app's wording. Stable: it names what
 * happened, not how the server's ledger records it (several internal kinds may map to one).
 *  - welcome: the free credits of a new account
 *  - credit_pack: credit packs bought
 *  - plan: a plan's monthly credits (first month or a renewal)
 *  - analysis_hold: credits held when an analysis started
 *  - analysis_settled: an analysis finished; the unused part of its hold came back (may be 0)
 *  - analysis_refund: an analysis failed; its whole hold came back
 *  - payment_refund: a payment was refunded; the credits it bought were taken back
 *  - chargeback: a payment was disputed; the credits it bought were taken back
 *  - chargeback_reversal: a dispute was won; what it took came back
 *  - adjustment: a correction made by the people who run this server
 */
export const CreditHistoryKindSchema = z.enum([
  'welcome',
  'credit_pack',
  'plan',
  'analysis_hold',
  'analysis_settled',
  'analysis_refund',
  'payment_refund',
  'chargeback',
  'chargeback_reversal',
  'adjustment',
]);
export type CreditHistoryKind = z.infer<typeof CreditHistoryKindSchema>;

/** Entries one page of the credit history holds at most, and by default. */
export const CREDIT_HISTORY_MAX_LIMIT = 100;
export const CREDIT_HISTORY_DEFAULT_LIMIT = 25;

/** GET /api/v1/billing/history?before=&limit=: a page of the signed-in user's credit movements. */
export const CreditHistoryQuerySchema = z.object({
  /** The `next_cursor` of the previous page; absent for the newest entries. */
  before: wholeNumber(1, Number.MAX_SAFE_INTEGER, {
    invalid: 'before is the next_cursor of the previous page.',
  }).optional(),
  limit: wholeNumber(1, CREDIT_HISTORY_MAX_LIMIT, {
    invalid: `limit is a whole number from 1 to ${CREDIT_HISTORY_MAX_LIMIT}.`,
  }).default(CREDIT_HISTORY_DEFAULT_LIMIT),
});
export type CreditHistoryQuery = z.infer<typeof CreditHistoryQuerySchema>;

export const CreditHistoryEntrySchema = z.object({
  id: z.number().int().positive(),
  /** ISO time of the movement. */
  created_at: z.string(),
  kind: CreditHistoryKindSchema,
  /** Credits added (positive), taken (negative) or 0 (a movement that changed nothing). */
  credits: z.number().int(),
  /** One sentence for people, composed by the server (never a payment provider's id). */
  description: z.string().min(1),
  /** The report an analysis entry belongs to (a YouTube id or `ig_<media id>`), else null. */
  video_id: z.string().nullable(),
  /** The balance right after this movement. */
  balance_after: z.number().int().nonnegative(),
});
export type CreditHistoryEntry = z.infer<typeof CreditHistoryEntrySchema>;

export const CreditHistoryReplySchema = z.object({
  /** Newest first. */
  entries: z.array(CreditHistoryEntrySchema),
  /** Pass as `before` for the next (older) page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type CreditHistoryReply = z.infer<typeof CreditHistoryReplySchema>;
