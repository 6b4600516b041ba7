import { z } from 'zod';
import { PlanSchema, wholeNumber, type Plan } from './common';

/**
 * Buying credits and plans (spec sections 2, 4, 7 and 9; product decisions "Credits and plans").
 * Credit packs are one-off Checkout payments; Basic, Pro and Advanced are monthly subscriptions
 * that grant their credits at every paid renewal. Credits are granted only from verified payment
 * webhooks, never from the browser's return to the page.
 */

/** The plans table of spec section 9: monthly price (US cents) and credits granted per paid month. */
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
 * parameter (spec section 7). Either `packs` (credit packs; 1 when neither is given) or `plan`.
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
