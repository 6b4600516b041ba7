import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { MAX_PACKS_PER_CHECKOUT, PlanSchema, type Plan } from '@app/contracts';
import {
  DEMO_CHECKOUT_PATH,
  DEMO_PORTAL_PATH,
  DemoSessionError,
  WebhookSignatureError,
  type CheckoutInput,
  type DemoCheckoutDesk,
  type DemoSession,
  type DemoSubscriptionState,
  type PaymentCatalogue,
  type PaymentEvent,
  type PaymentGateway,
  type PortalInput,
} from './payment-gateway.port';

export interface DemoGatewayOptions {
  catalogue: PaymentCatalogue;
  /** Signs session ids. Random per process when not given (open demo pages end with a restart). */
  secret?: Buffer;
  /** How long a demo checkout or portal link stays valid. */
  sessionTtlMs?: number;
}

const CHECKOUT_PREFIX = 'cs_demo_';
const PORTAL_PREFIX = 'bps_demo_';

const ItemSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('packs'),
    packs: z.number().int().min(1).max(MAX_PACKS_PER_CHECKOUT),
  }),
  z.object({ kind: z.literal('plan'), plan: PlanSchema }),
]);

/** The signed payload (short keys: it travels in the address). */
const PayloadSchema = z.discriminatedUnion('k', [
  z.object({
    k: z.literal('checkout'),
    sid: z.string().min(8),
    uid: z.string(),
    cus: z.string(),
    item: ItemSchema,
    cpp: z.number().int().positive(),
    ok: z.string(),
    no: z.string(),
    exp: z.number(),
    ses: z.number().int().nullable(),
  }),
  z.object({
    k: z.literal('portal'),
    sid: z.string().min(8),
    uid: z.string(),
    cus: z.string(),
    back: z.string(),
    to: z.object({ sub: z.string(), plan: PlanSchema }).nullable(),
    exp: z.number(),
    ses: z.number().int().nullable(),
  }),
]);
type Payload = z.infer<typeof PayloadSchema>;

/**
 * The demo payment provider (PAYMENTS_PROVIDER=demo, the default without a Stripe key): checkout
 * and portal pages served by this server where no card is charged. Session ids are signed
 * (HMAC-SHA256) and carry what is bought, so nothing is stored until the buyer pays; paying
 * produces the same PaymentEvents a verified Stripe webhook would, and fulfilment's event ids make
 * each session single-use.
 */
export class DemoPaymentGateway implements PaymentGateway, DemoCheckoutDesk {
  readonly provider = 'demo' as const;
  private readonly secret: Buffer;
  private readonly ttlMs: number;
  /** The time source (the container's clock, so tests can move time past a session's expiry). */
  private readonly now: () => Date;

  constructor(
    private readonly options: DemoGatewayOptions,
    now: () => Date = () => new Date(),
  ) {
    this.secret = options.secret ?? randomBytes(32);
    this.ttlMs = options.sessionTtlMs ?? 60 * 60 * 1000;
    this.now = now;
  }

  createCustomer(input: { userId: string; email: string | null }): Promise<string> {
    const digest = createHash('sha256').update(input.userId).digest('hex').slice(0, 20);
    return Promise.resolve(`cus_demo_${digest}`);
  }

  createCheckout(input: CheckoutInput): Promise<{ id: string; url: string }> {
    const sid = randomBytes(12).toString('base64url');
    const id = this.sign(CHECKOUT_PREFIX, {
      k: 'checkout',
      sid,
      uid: input.userId,
      cus: input.customerId,
      item: input.item,
      cpp: this.options.catalogue.creditPackCredits,
      ok: input.successUrl,
      no: input.cancelUrl,
      exp: this.now().getTime() + this.ttlMs,
      ses: input.authSessionId ?? null,
    });
    const origin = new URL(input.successUrl).origin;
    return Promise.resolve({ id, url: `${origin}${DEMO_CHECKOUT_PATH}/${id}` });
  }

  createPortal(input: PortalInput): Promise<{ url: string }> {
    const id = this.sign(PORTAL_PREFIX, {
      k: 'portal',
      sid: randomBytes(12).toString('base64url'),
      uid: input.userId,
      cus: input.customerId,
      back: input.returnUrl,
      to: input.switchTo ? { sub: input.switchTo.subscriptionId, plan: input.switchTo.plan } : null,
      exp: this.now().getTime() + this.ttlMs,
      ses: input.authSessionId ?? null,
    });
    const origin = new URL(input.returnUrl).origin;
    return Promise.resolve({ url: `${origin}${DEMO_PORTAL_PATH}/${id}` });
  }

  /** The demo applies its events as the buyer pays, so the database already knows everything. */
  findLiveSubscription(): Promise<null> {
    return Promise.resolve(null);
  }

  /** Demo plans live only in our own subscriptions row, which the account deletion removes. */
  cancelSubscriptions(): Promise<number> {
    return Promise.resolve(0);
  }

  /** A demo checkout of a deleted account no longer opens, and its Pay grants nothing. */
  expireOpenCheckouts(): Promise<number> {
    return Promise.resolve(0);
  }

  parseWebhook(): Promise<PaymentEvent> {
    return Promise.reject(
      new WebhookSignatureError('This server uses the demo checkout, which sends no webhooks.'),
    );
  }

  readSession(id: string, now: Date): DemoSession {
    const prefix = id.startsWith(CHECKOUT_PREFIX)
      ? CHECKOUT_PREFIX
      : id.startsWith(PORTAL_PREFIX)
        ? PORTAL_PREFIX
        : null;
    const invalid = () => new DemoSessionError('That demo checkout link is not valid.', 'invalid');
    if (!prefix) throw invalid();
    const [body, signature, extra] = id.slice(prefix.length).split('.');
    if (!body || !signature || extra !== undefined) throw invalid();
    const expected = this.mac(prefix, body);
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid();
    let payload: Payload;
    try {
      payload = PayloadSchema.parse(JSON.parse(Buffer.from(body, 'base64url').toString('utf8')));
    } catch {
      throw invalid();
    }
    if ((prefix === CHECKOUT_PREFIX) !== (payload.k === 'checkout')) throw invalid();
    if (payload.exp <= now.getTime()) {
      throw new DemoSessionError('That demo checkout link has expired.', 'expired');
    }
    const expiresAt = new Date(payload.exp);
    if (payload.k === 'checkout') {
      return {
        kind: 'checkout',
        sid: payload.sid,
        userId: payload.uid,
        customerId: payload.cus,
        item: payload.item,
        creditsPerPack: payload.cpp,
        successUrl: payload.ok,
        cancelUrl: payload.no,
        expiresAt,
        authSessionId: payload.ses,
      };
    }
    return {
      kind: 'portal',
      sid: payload.sid,
      userId: payload.uid,
      customerId: payload.cus,
      returnUrl: payload.back,
      switchTo: payload.to ? { subscriptionId: payload.to.sub, plan: payload.to.plan } : null,
      expiresAt,
      authSessionId: payload.ses,
    };
  }

  completeCheckout(
    session: Extract<DemoSession, { kind: 'checkout' }>,
    input: { packs: number; now: Date },
  ): PaymentEvent[] {
    const base = (suffix: string, providerType: string) => ({
      eventId: `evt_demo_${session.sid}_${suffix}`,
      providerType,
      occurredAt: input.now,
    });
    const checkoutId = `${CHECKOUT_PREFIX}${session.sid}`;
    if (session.item.kind === 'packs') {
      return [
        {
          ...base('paid', 'checkout.session.completed'),
          type: 'credits_paid',
          checkoutId,
          userId: session.userId,
          customerId: session.customerId,
          packs: input.packs,
          creditsPerPack: session.creditsPerPack,
          // No payment is taken, so none can be refunded or disputed.
          paymentIntentId: null,
        },
      ];
    }
    const subscriptionId = `sub_demo_${session.sid}`;
    const plan = session.item.plan;
    return [
      {
        ...base('sub', 'customer.subscription.created'),
        type: 'subscription_changed',
        subscriptionId,
        userId: session.userId,
        customerId: session.customerId,
        plan,
        status: 'active',
        currentPeriodEnd: addMonth(input.now),
        cancelAtPeriodEnd: false,
      },
      {
        ...base('inv', 'invoice.paid'),
        type: 'plan_invoice_paid',
        invoiceId: `in_demo_${session.sid}`,
        reason: 'subscription_create',
        userId: session.userId,
        customerId: session.customerId,
        subscriptionId,
        plan,
        paymentIntentId: null,
        chargeId: null,
      },
    ];
  }

  changeSubscription(
    session: Extract<DemoSession, { kind: 'portal' }>,
    current: DemoSubscriptionState,
    action: { kind: 'switch'; plan: Plan } | { kind: 'cancel' } | { kind: 'resume' },
    now: Date,
  ): PaymentEvent {
    return {
      eventId: `evt_demo_${randomBytes(12).toString('base64url')}`,
      providerType: 'customer.subscription.updated',
      occurredAt: now,
      type: 'subscription_changed',
      subscriptionId: current.subscriptionId,
      userId: session.userId,
      customerId: session.customerId,
      plan: action.kind === 'switch' ? action.plan : current.plan,
      status: current.status,
      currentPeriodEnd: current.currentPeriodEnd,
      cancelAtPeriodEnd:
        action.kind === 'cancel'
          ? true
          : action.kind === 'resume'
            ? false
            : current.cancelAtPeriodEnd,
    };
  }

  private sign(prefix: string, payload: Payload): string {
    const body = Buffer.from(JSON.stringify(payload), 'utf8').toString('base64url');
    return `${prefix}${body}.${this.mac(prefix, body).toString('base64url')}`;
  }

  private mac(prefix: string, body: string): Buffer {
    return createHmac('sha256', this.secret).update(`${prefix}${body}`).digest();
  }
}

/** The same day next month (the 31st becomes the month's last day). */
export function addMonth(at: Date): Date {
  const next = new Date(at);
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + 1);
  const lastDay = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, lastDay));
  return next;
}
