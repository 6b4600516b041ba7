import Stripe from 'stripe';
import {
  MAX_PACKS_PER_CHECKOUT,
  PLAN_CATALOGUE,
  PlanSchema,
  type Plan,
  type SubscriptionStatus,
} from '@app/contracts';
import {
  PaymentProviderError,
  WebhookSignatureError,
  type CheckoutInput,
  type PaymentCatalogue,
  type PaymentEvent,
  type PaymentGateway,
  type PortalInput,
} from './payment-gateway.port';

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Stripe's API address; tests point it at a local server. Undefined: https://api.stripe.com. */
  apiUrl?: string;
  catalogue: PaymentCatalogue;
  /** Retries of failed connections, 409s and 5xx answers (the SDK adds idempotency keys). */
  maxNetworkRetries?: number;
  timeoutMs?: number;
  /** Oldest webhook accepted, in seconds (Stripe's default: 300). */
  webhookToleranceSeconds?: number;
}

/** The metadata keys we put on Checkout Sessions and subscriptions, read back from webhooks. */
const META = {
  purchase: 'purchase',
  userId: 'user_id',
  plan: 'plan',
  creditsPerPack: 'credits_per_pack',
  packs: 'packs',
} as const;

const PLAN_NAMES: Record<Plan, string> = { basic: 'Basic', pro: 'Pro', advanced: 'Advanced' };

/**
 * PaymentGateway on the official `stripe` SDK: Checkout Sessions (payment mode for credit packs,
 * subscription mode for the plans), the Billing Portal, and webhook verification with the SDK's
 * `webhooks.constructEvent`. Objects of older API versions (webhook endpoints keep the version they
 * were created with) are read too: a subscription's period end on the subscription itself, an
 * invoice's subscription on the invoice, a line's price on the line.
 */
export class StripePaymentGateway implements PaymentGateway {
  readonly provider = 'stripe' as const;
  private readonly stripe: Stripe;
  private readonly priceToPlan: Map<string, Plan>;

  constructor(private readonly options: StripeGatewayOptions) {
    const api = options.apiUrl ? new URL(options.apiUrl) : null;
    this.stripe = new Stripe(options.secretKey, {
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'http:' ? '80' : '443'),
            protocol: api.protocol === 'http:' ? 'http' : 'https',
          }
        : {}),
      maxNetworkRetries: options.maxNetworkRetries ?? 2,
      timeout: options.timeoutMs ?? 20_000,
      telemetry: false,
      appInfo: { name: 'Chorus' },
    });
    this.priceToPlan = new Map(
      PlanSchema.options.flatMap((plan) => {
        const id = options.catalogue.planPriceIds[plan];
        return id ? [[id, plan] as const] : [];
      }),
    );
  }

  async createCustomer(input: { userId: string; email: string | null }): Promise<string> {
    const customer = await this.call('create the customer', () =>
      this.stripe.customers.create(
        { email: input.email ?? undefined, metadata: { [META.userId]: input.userId } },
        // A retried first checkout within 24 h gets the same customer back.
        { idempotencyKey: `chorus-customer-${input.userId}` },
      ),
    );
    return customer.id;
  }

  async createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const { catalogue } = this.options;
    const common = {
      customer: input.customerId,
      client_reference_id: input.userId,
      success_url: input.successUrl,
      cancel_url: input.cancelUrl,
    };
    let params: Stripe.Checkout.SessionCreateParams;
    if (input.item.kind === 'packs') {
      const credits = catalogue.creditPackCredits;
      const metadata = {
        [META.purchase]: 'credit_packs',
        [META.userId]: input.userId,
        [META.creditsPerPack]: String(credits),
      };
      params = {
        ...common,
        mode: 'payment',
        line_items: [
          {
            price_data: {
              currency: catalogue.currency,
              unit_amount: catalogue.creditPackPriceCents,
              product_data: {
                name: `${credits} Chorus credits`,
                description: `A pack of ${credits} credits. 1 credit covers 100 comments.`,
              },
            },
            quantity: input.item.packs,
            adjustable_quantity: { enabled: true, minimum: 1, maximum: MAX_PACKS_PER_CHECKOUT },
          },
        ],
        metadata,
        payment_intent_data: { metadata },
      };
    } else {
      const plan = input.item.plan;
      const priceId = catalogue.planPriceIds[plan];
      const metadata = {
        [META.purchase]: 'plan',
        [META.userId]: input.userId,
        [META.plan]: plan,
      };
      params = {
        ...common,
        mode: 'subscription',
        line_items: [
          priceId
            ? { price: priceId, quantity: 1 }
            : {
                price_data: {
                  currency: catalogue.currency,
                  unit_amount: PLAN_CATALOGUE[plan].priceCents,
                  recurring: { interval: 'month' },
                  product_data: {
                    name: `Chorus ${PLAN_NAMES[plan]}`,
                    metadata: { [META.plan]: plan },
                  },
                },
                quantity: 1,
              },
        ],
        metadata,
        // Copied onto the subscription and, from there, onto each of its invoices.
        subscription_data: { metadata },
      };
    }
    const session = await this.call('start the checkout', () =>
      this.stripe.checkout.sessions.create(params),
    );
    if (!session.url) {
      throw new PaymentProviderError(
        `Stripe created checkout session ${session.id} without a url`,
        'The payment provider did not return a checkout page. Please try again.',
        null,
      );
    }
    if (input.item.kind === 'plan')
      await this.expireOtherPlanCheckouts(input.customerId, session.id);
    return { id: session.id, url: session.url };
  }

  /**
   * Expires the customer's other open subscription checkouts, so a plan checkout left open in
   * another tab (or an earlier click) can no longer be paid: two completed plan checkouts would be
   * two billed subscriptions. A session that was completed or expired meanwhile is left as it is.
   */
  private async expireOtherPlanCheckouts(customerId: string, keep: string): Promise<void> {
    await this.expireOpen(
      customerId,
      (other) => other.id !== keep && other.mode === 'subscription',
    );
  }

  async expireOpenCheckouts(customerId: string): Promise<number> {
    return this.expireOpen(customerId, () => true);
  }

  /** Expires the customer's open checkouts that `which` picks; answers how many it expired. */
  private async expireOpen(
    customerId: string,
    which: (session: Stripe.Checkout.Session) => boolean,
  ): Promise<number> {
    const open = await this.call('list the open checkouts', () =>
      this.stripe.checkout.sessions.list({ customer: customerId, status: 'open', limit: 100 }),
    );
    let expired = 0;
    for (const other of open.data) {
      if (!which(other)) continue;
      try {
        await this.stripe.checkout.sessions.expire(other.id);
        expired++;
      } catch (error) {
        // Paid or expired between the list and now: nothing to expire.
        if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) {
          throw toProviderError(error, 'expire an open checkout');
        }
      }
    }
    return expired;
  }

  async findLiveSubscription(
    customerId: string,
  ): Promise<{ subscriptionId: string; plan: Plan | null } | null> {
    const list = await this.call('list the subscriptions', () =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 10 }),
    );
    const live = list.data.find((s) => ['active', 'trialing', 'past_due'].includes(s.status));
    if (!live) return null;
    return {
      subscriptionId: live.id,
      plan: this.planOfPrice(live.items?.data?.[0]?.price) ?? planOf(live.metadata?.[META.plan]),
    };
  }

  async cancelSubscriptions(customerId: string): Promise<number> {
    const list = await this.call('list the subscriptions', () =>
      this.stripe.subscriptions.list({ customer: customerId, status: 'all', limit: 100 }),
    );
    const billed = list.data.filter((s) =>
      ['active', 'trialing', 'past_due', 'unpaid', 'incomplete'].includes(s.status),
    );
    for (const subscription of billed) {
      await this.call('cancel the subscription', () =>
        this.stripe.subscriptions.cancel(subscription.id),
      );
    }
    return billed.length;
  }

  async createPortal(input: PortalInput): Promise<{ url: string }> {
    const base = { customer: input.customerId, return_url: input.returnUrl };
    const priceId = input.switchTo
      ? this.options.catalogue.planPriceIds[input.switchTo.plan]
      : null;
    if (input.switchTo && priceId) {
      const { subscriptionId } = input.switchTo;
      const subscription = await this.call('read the subscription', () =>
        this.stripe.subscriptions.retrieve(subscriptionId),
      );
      const item = subscription.items.data[0];
      if (item) {
        try {
          const session = await this.stripe.billingPortal.sessions.create({
            ...base,
            flow_data: {
              type: 'subscription_update_confirm',
              subscription_update_confirm: {
                subscription: subscriptionId,
                items: [{ id: item.id, price: priceId, quantity: 1 }],
              },
              after_completion: { type: 'redirect', redirect: { return_url: input.returnUrl } },
            },
          });
          return { url: session.url };
        } catch (error) {
          // The portal's configuration may not offer that price (plan switching is set up in
          // Stripe's dashboard): the portal's home still lets them manage or cancel the plan.
          if (!(error instanceof Stripe.errors.StripeInvalidRequestError))
            throw toProviderError(error, 'open the billing portal');
        }
      }
    }
    const session = await this.call('open the billing portal', () =>
      this.stripe.billingPortal.sessions.create(base),
    );
    return { url: session.url };
  }

  async parseWebhook(
    payload: Buffer,
    signature: string | undefined,
    receivedAt: Date,
  ): Promise<PaymentEvent> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        payload,
        signature ?? '',
        this.options.webhookSecret,
        this.options.webhookToleranceSeconds ?? 300,
        undefined,
        receivedAt.getTime(),
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeSignatureVerificationError) {
        throw new WebhookSignatureError(firstLine(error.message));
      }
      throw new WebhookSignatureError('The webhook body is not a Stripe event.');
    }
    return this.translate(event);
  }

  private async translate(event: Stripe.Event): Promise<PaymentEvent> {
    const base = {
      eventId: event.id,
      providerType: event.type,
      occurredAt: new Date(event.created * 1000),
    };
    const ignore = (reason: string): PaymentEvent => ({ ...base, type: 'ignored', reason });

    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded': {
        const session = event.data.object;
        const metadata = session.metadata ?? {};
        if (session.mode !== 'payment' || metadata[META.purchase] !== 'credit_packs') {
          return ignore('not a credit-pack checkout (plans are handled from subscription events)');
        }
        // An async method (bank debit) completes the checkout unpaid; its own event says when it
        // settles.
        if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
          return ignore(`payment ${session.payment_status}: credits follow when it settles`);
        }
        // The buyer may have changed the quantity on Stripe's page: the session's line items say
        // how many packs were bought (webhooks never include them).
        const items = await this.call('read the checkout line items', () =>
          this.stripe.checkout.sessions.listLineItems(session.id, { limit: 10 }),
        );
        const packs = items.data.reduce((sum, line) => sum + (line.quantity ?? 0), 0);
        const perPack = Number(metadata[META.creditsPerPack]);
        return {
          ...base,
          type: 'credits_paid',
          checkoutId: session.id,
          userId: session.client_reference_id ?? metadata[META.userId] ?? null,
          customerId: idOf(session.customer),
          packs,
          creditsPerPack:
            Number.isInteger(perPack) && perPack > 0
              ? perPack
              : this.options.catalogue.creditPackCredits,
          paymentIntentId: idOf(session.payment_intent),
        };
      }

      case 'invoice.paid': {
        const invoice = event.data.object;
        const billed = invoice.billing_reason;
        const reason =
          billed === 'subscription_create'
            ? 'subscription_create'
            : billed === 'subscription_cycle'
              ? 'subscription_cycle'
              : null;
        if (!reason) {
          return ignore(
            `invoice for ${billed ?? 'no reason'}: credits come with the monthly renewal`,
          );
        }
        const legacy = invoice as unknown as {
          subscription?: string | { id: string } | null;
          subscription_details?: { metadata?: Record<string, string> | null } | null;
          // API versions before 2025-03-31 name the payment on the invoice.
          payment_intent?: string | { id: string } | null;
          charge?: string | { id: string } | null;
        };
        const details = invoice.parent?.subscription_details ?? null;
        const metadata = details?.metadata ?? legacy.subscription_details?.metadata ?? {};
        return {
          ...base,
          type: 'plan_invoice_paid',
          invoiceId: invoice.id,
          reason,
          userId: metadata[META.userId] ?? null,
          customerId: idOf(invoice.customer),
          subscriptionId: idOf(details?.subscription ?? legacy.subscription ?? null),
          plan: this.planOfInvoice(invoice) ?? planOf(metadata[META.plan]),
          paymentIntentId: idOf(legacy.payment_intent),
          chargeId: idOf(legacy.charge),
        };
      }

      case 'charge.refunded': {
        // Each delivery carries the charge with its cumulative refunded amount.
        const charge = event.data.object;
        const paymentIntentId = idOf(charge.payment_intent);
        const legacy = charge as unknown as { invoice?: string | { id: string } | null };
        return {
          ...base,
          type: 'payment_refunded',
          chargeId: charge.id,
          payment: {
            chargeId: charge.id,
            paymentIntentId,
            checkoutId: null,
            invoiceId: idOf(legacy.invoice) ?? (await this.invoiceOfPayment(paymentIntentId)),
          },
          amount: charge.amount,
          amountRefunded: charge.amount_refunded,
          currency: charge.currency,
        };
      }

      case 'charge.dispute.created':
      case 'charge.dispute.funds_withdrawn':
      case 'charge.dispute.closed':
      case 'charge.dispute.funds_reinstated': {
        const dispute = event.data.object;
        const status = dispute.status;
        // An inquiry (warning_*) withdraws no funds; it becomes a dispute with its own events.
        if (status.startsWith('warning_')) {
          return ignore(`dispute ${dispute.id} is an inquiry (${status}): no funds were withdrawn`);
        }
        let funds: 'withdrawn' | 'reinstated';
        if (event.type === 'charge.dispute.funds_reinstated') funds = 'reinstated';
        else if (event.type !== 'charge.dispute.closed') funds = 'withdrawn';
        else if (status === 'won') funds = 'reinstated';
        // Lost: the funds stay withdrawn (taken now if the opening was never seen).
        else if (status === 'lost') funds = 'withdrawn';
        else return ignore(`dispute ${dispute.id} closed as ${status}`);
        const paymentIntentId = idOf(dispute.payment_intent);
        return {
          ...base,
          type: 'payment_disputed',
          disputeId: dispute.id,
          payment: {
            chargeId: idOf(dispute.charge),
            paymentIntentId,
            checkoutId: null,
            invoiceId: await this.invoiceOfPayment(paymentIntentId),
          },
          funds,
          status,
        };
      }

      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const item = subscription.items?.data?.[0];
        const legacy = subscription as unknown as { current_period_end?: number | null };
        const periodEnd = item?.current_period_end ?? legacy.current_period_end ?? null;
        const status =
          event.type === 'customer.subscription.deleted'
            ? 'canceled'
            : toStatus(subscription.status);
        return {
          ...base,
          type: 'subscription_changed',
          subscriptionId: subscription.id,
          userId: subscription.metadata?.[META.userId] ?? null,
          customerId: idOf(subscription.customer),
          plan: this.planOfPrice(item?.price) ?? planOf(subscription.metadata?.[META.plan]),
          status,
          currentPeriodEnd: periodEnd ? new Date(periodEnd * 1000) : null,
          cancelAtPeriodEnd:
            status !== 'canceled' &&
            (subscription.cancel_at_period_end || subscription.cancel_at !== null),
        };
      }

      default:
        return ignore(`${event.type} is not used`);
    }
  }

  /**
   * The invoice a PaymentIntent paid, if any (a plan's month; a credit pack's has none). Since API
   * version 2025-03-31 neither the charge nor the invoice names the other, so Stripe's invoice
   * payments are asked: one request per refund or dispute.
   */
  private async invoiceOfPayment(paymentIntentId: string | null): Promise<string | null> {
    if (!paymentIntentId) return null;
    const list = await this.call('find the invoice of the payment', () =>
      this.stripe.invoicePayments.list({
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        limit: 10,
      }),
    );
    const paid = list.data.find((p) => p.status === 'paid') ?? list.data[0];
    return paid ? idOf(paid.invoice) : null;
  }

  /** The plan of a configured price id, else the price's own `plan` metadata. */
  private planOfPrice(price: Stripe.Price | string | null | undefined): Plan | null {
    if (!price) return null;
    if (typeof price === 'string') return this.priceToPlan.get(price) ?? null;
    return this.priceToPlan.get(price.id) ?? planOf(price.metadata?.[META.plan]);
  }

  private planOfInvoice(invoice: Stripe.Invoice): Plan | null {
    for (const line of invoice.lines?.data ?? []) {
      const legacy = line as unknown as { price?: Stripe.Price | null };
      const plan = this.planOfPrice(line.pricing?.price_details?.price ?? legacy.price ?? null);
      if (plan) return plan;
    }
    return null;
  }

  /** Runs one SDK call, turning its errors into PaymentProviderErrors. */
  private async call<T>(what: string, fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (error) {
      throw toProviderError(error, what);
    }
  }
}

function toProviderError(error: unknown, what: string): PaymentProviderError {
  if (error instanceof PaymentProviderError) return error;
  if (error instanceof Stripe.errors.StripeError) {
    const status = error.statusCode ?? null;
    const detail = `Stripe could not ${what}: ${error.type}${error.code ? ` ${error.code}` : ''} (${status ?? 'no answer'}): ${error.message}`;
    if (error instanceof Stripe.errors.StripeConnectionError) {
      return new PaymentProviderError(
        detail,
        'Could not reach the payment provider. Please try again in a minute.',
        null,
        { cause: error },
      );
    }
    if (error instanceof Stripe.errors.StripeAuthenticationError) {
      return new PaymentProviderError(
        detail,
        'Payments are not set up correctly on this server (the payment provider refused its key). Please contact support.',
        status,
        { cause: error },
      );
    }
    if (error instanceof Stripe.errors.StripeRateLimitError) {
      return new PaymentProviderError(
        detail,
        'The payment provider is busy. Please try again in a minute.',
        status,
        { cause: error },
      );
    }
    return new PaymentProviderError(
      detail,
      'The payment provider could not start this purchase. Please try again later or contact support.',
      status,
      { cause: error },
    );
  }
  return new PaymentProviderError(
    `Stripe could not ${what}: ${String(error)}`,
    'The payment provider could not start this purchase. Please try again later.',
    null,
    { cause: error },
  );
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

function planOf(value: string | null | undefined): Plan | null {
  const parsed = PlanSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** Stripe's eight statuses in our five: unpaid and paused bill nothing, so no plan is in force. */
function toStatus(status: Stripe.Subscription.Status): SubscriptionStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'past_due':
      return 'past_due';
    case 'canceled':
      return 'canceled';
    case 'incomplete':
      return 'incomplete';
    case 'incomplete_expired':
      return 'canceled';
    default:
      // unpaid, paused, and any status a later API version adds.
      return 'past_due';
  }
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.trim();
}
