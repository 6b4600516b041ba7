import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A local stand-in for api.stripe.com on 127.0.0.1 that speaks Stripe's wire format: form-encoded
 * request bodies with bracketed keys (`line_items[0][price_data][currency]=usd`), `Authorization:
 * Bearer sk_...`, JSON objects with `object` and `id`, lists as `{ object: 'list', data, has_more }`
 * and errors as `{ error: { type, code, message, param } }` with 4xx statuses. It keeps the
 * customers, Checkout Sessions and subscriptions it was told about and records every request.
 */

export const STUB_SECRET_KEY = 'sk_test_chorus_stub_key';
export const STUB_WEBHOOK_SECRET = 'whsec_chorus_stub_secret';

export interface StripeStubRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  /** The form body decoded into nested objects and arrays. */
  form: Record<string, unknown>;
  raw: string;
}

type Json = Record<string, unknown>;

/** Decodes Stripe's bracketed form keys into nested objects (numeric keys make arrays). */
export function decodeStripeForm(raw: string): Record<string, unknown> {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(raw)) {
    const parts = key.split(/[[\]]+/).filter((p) => p !== '');
    let node: Json | unknown[] = root;
    parts.forEach((part, i) => {
      const last = i === parts.length - 1;
      const nextIsIndex = !last && /^\d+$/.test(parts[i + 1]!);
      const container = node as Record<string, unknown>;
      if (last) {
        container[part] = value;
        return;
      }
      container[part] ??= nextIsIndex ? [] : {};
      node = container[part] as Json;
    });
  }
  return root;
}

function stripeError(
  res: ServerResponse,
  status: number,
  error: { type: string; message: string; code?: string; param?: string },
): void {
  res.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_stub' });
  res.end(
    JSON.stringify({
      error: {
        ...error,
        ...(error.code ? { doc_url: `https://stripe.com/docs/error-codes/${error.code}` } : {}),
      },
    }),
  );
}

/** Stripe's answer for an id it does not know (404 resource_missing). */
function noSuch(res: ServerResponse, object: string, param: string, id: string | undefined): void {
  stripeError(res, 404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    param,
    message: `No such ${object}: '${id ?? ''}'`,
  });
}

function send(res: ServerResponse, body: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json', 'request-id': 'req_stub' });
  res.end(JSON.stringify(body));
}

let counter = 0;
const nextId = (prefix: string) => `${prefix}_stub${(++counter).toString().padStart(6, '0')}`;

export interface StripeStubOptions {
  /** Price ids that exist (a line item naming another gets resource_missing). */
  prices?: string[];
  /** Prices the billing portal's configuration offers for plan switching. */
  portalPrices?: string[];
  /** Answers the next N requests with 503 (to see the SDK retry). */
  failNext?: number;
}

/** Starts the stub; `close()` after. */
export async function startStripeStub(options: StripeStubOptions = {}) {
  const requests: StripeStubRequest[] = [];
  const prices = new Set(options.prices ?? []);
  const portalPrices = new Set(options.portalPrices ?? []);
  const customers = new Map<string, Json>();
  const sessions = new Map<string, { session: Json; lineItems: Json[] }>();
  const subscriptions = new Map<string, Json>();
  /** Invoice payments: which invoice each PaymentIntent paid. */
  const invoicePayments: Json[] = [];
  let failNext = options.failNext ?? 0;

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      const request: StripeStubRequest = {
        method: req.method ?? '',
        path: url.pathname,
        query: url.searchParams,
        headers: req.headers,
        form: decodeStripeForm(raw),
        raw,
      };
      requests.push(request);

      if (failNext > 0) {
        failNext -= 1;
        return stripeError(res, 503, { type: 'api_error', message: 'Service unavailable.' });
      }
      if (req.headers.authorization !== `Bearer ${STUB_SECRET_KEY}`) {
        return stripeError(res, 401, {
          type: 'invalid_request_error',
          message: 'Invalid API Key provided: sk_test_****',
        });
      }
      const form = request.form as Record<string, Json & Json[]>;
      const route = `${request.method} ${request.path}`;

      if (route === 'POST /v1/customers') {
        const customer = {
          id: nextId('cus'),
          object: 'customer',
          email: form.email ?? null,
          metadata: form.metadata ?? {},
          created: Math.floor(Date.now() / 1000),
          livemode: false,
        };
        customers.set(customer.id, customer);
        return send(res, customer);
      }

      if (route === 'POST /v1/checkout/sessions') {
        const lineItems = (form.line_items as unknown as Json[] | undefined) ?? [];
        for (const [i, line] of lineItems.entries()) {
          if (typeof line.price === 'string' && !prices.has(line.price)) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              code: 'resource_missing',
              param: `line_items[${i}][price]`,
              message: `No such price: '${line.price}'`,
            });
          }
        }
        const customerId: unknown = form.customer;
        if (typeof customerId === 'string' && !customers.has(customerId)) {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            code: 'resource_missing',
            param: 'customer',
            message: `No such customer: '${customerId}'`,
          });
        }
        const id = nextId('cs_test');
        const session = {
          id,
          object: 'checkout.session',
          mode: form.mode,
          customer: form.customer ?? null,
          client_reference_id: form.client_reference_id ?? null,
          metadata: form.metadata ?? {},
          payment_status: 'unpaid',
          status: 'open',
          success_url: form.success_url,
          cancel_url: form.cancel_url,
          url: `https://checkout.stripe.com/c/pay/${id}`,
          livemode: false,
        };
        sessions.set(id, {
          session,
          lineItems: lineItems.map((line) => ({
            id: nextId('li'),
            object: 'item',
            quantity: Number(line.quantity ?? 1),
            price: { id: line.price ?? nextId('price'), object: 'price' },
          })),
        });
        return send(res, session);
      }

      if (route === 'GET /v1/checkout/sessions') {
        const customer = request.query.get('customer');
        const status = request.query.get('status');
        const data = [...sessions.values()]
          .map((x) => x.session)
          .filter((x) => (!customer || x.customer === customer) && (!status || x.status === status))
          .reverse(); // newest first, as Stripe lists
        return send(res, { object: 'list', data, has_more: false, url: '/v1/checkout/sessions' });
      }

      const expirePath = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(request.path);
      if (request.method === 'POST' && expirePath) {
        const found = sessions.get(decodeURIComponent(expirePath[1]!));
        if (!found) {
          return noSuch(res, 'checkout.session', 'session', expirePath[1]);
        }
        if (found.session.status !== 'open') {
          return stripeError(res, 400, {
            type: 'invalid_request_error',
            message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(found.session.status)}".`,
          });
        }
        found.session.status = 'expired';
        return send(res, found.session);
      }

      const lineItemsPath = /^\/v1\/checkout\/sessions\/([^/]+)\/line_items$/.exec(request.path);
      if (request.method === 'GET' && lineItemsPath) {
        const found = sessions.get(decodeURIComponent(lineItemsPath[1]!));
        if (!found) {
          return noSuch(res, 'checkout.session', 'session', lineItemsPath[1]);
        }
        return send(res, {
          object: 'list',
          data: found.lineItems,
          has_more: false,
          url: request.path,
        });
      }

      if (route === 'GET /v1/subscriptions') {
        const customer = request.query.get('customer');
        const status = request.query.get('status') ?? 'active';
        const data = [...subscriptions.values()].filter(
          (s) =>
            (!customer || s.customer === customer) && (status === 'all' || s.status === status),
        );
        return send(res, { object: 'list', data, has_more: false, url: '/v1/subscriptions' });
      }

      const subscriptionPath = /^\/v1\/subscriptions\/([^/]+)$/.exec(request.path);
      if (request.method === 'DELETE' && subscriptionPath) {
        const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
        if (!subscription) {
          return noSuch(res, 'subscription', 'id', subscriptionPath[1]);
        }
        subscription.status = 'canceled';
        return send(res, subscription);
      }
      if (request.method === 'GET' && subscriptionPath) {
        const subscription = subscriptions.get(decodeURIComponent(subscriptionPath[1]!));
        if (!subscription) {
          return noSuch(res, 'subscription', 'id', subscriptionPath[1]);
        }
        return send(res, subscription);
      }

      if (route === 'GET /v1/invoice_payments') {
        const invoice = request.query.get('invoice');
        const paymentIntent = request.query.get('payment[payment_intent]');
        const data = invoicePayments.filter(
          (p) =>
            (!invoice || p.invoice === invoice) &&
            (!paymentIntent || (p.payment as Json).payment_intent === paymentIntent),
        );
        return send(res, { object: 'list', data, has_more: false, url: '/v1/invoice_payments' });
      }

      if (route === 'POST /v1/billing_portal/sessions') {
        const flow = form.flow_data as Json | undefined;
        if (flow?.type === 'subscription_update_confirm') {
          const confirm = flow.subscription_update_confirm as Json;
          const items = confirm.items as Json[];
          const price = items[0]?.price as string;
          if (!portalPrices.has(price)) {
            return stripeError(res, 400, {
              type: 'invalid_request_error',
              param: 'flow_data[subscription_update_confirm][items][0][price]',
              message: `The price ${price} is not available in the portal configuration's products.`,
            });
          }
        }
        const id = nextId('bps');
        return send(res, {
          id,
          object: 'billing_portal.session',
          customer: form.customer,
          return_url: form.return_url ?? null,
          flow: flow ?? null,
          url: `https://billing.stripe.com/p/session/test_${id}`,
          livemode: false,
        });
      }

      return stripeError(res, 404, {
        type: 'invalid_request_error',
        message: `Unrecognized request URL (${request.method}: ${request.path}).`,
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    /** The buyer changed the quantity on the Checkout page. */
    setQuantity(sessionId: string, quantity: number): void {
      const found = sessions.get(sessionId);
      if (!found) throw new Error(`no session ${sessionId}`);
      found.lineItems[0]!.quantity = quantity;
    },
    /** A checkout session as the stub holds it (status open, expired or complete). */
    session(sessionId: string): Json | undefined {
      return sessions.get(sessionId)?.session;
    },
    /** The buyer paid: the session is complete and can no longer be expired. */
    complete(sessionId: string): void {
      const found = sessions.get(sessionId);
      if (!found) throw new Error(`no session ${sessionId}`);
      found.session.status = 'complete';
      found.session.payment_status = 'paid';
    },
    /** Answers the next `n` requests with 503. */
    failNext(n: number): void {
      failNext = n;
    },
    addSubscription(subscription: Json): void {
      subscriptions.set(subscription.id as string, subscription);
    },
    /** Stripe knows that `paymentIntent` paid `invoice` (an invoice payment, status paid). */
    addInvoicePayment(invoice: string, paymentIntent: string, amount: number): void {
      invoicePayments.push({
        id: nextId('inpay'),
        object: 'invoice_payment',
        amount_paid: amount,
        amount_requested: amount,
        currency: 'usd',
        invoice,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntent },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: Math.floor(Date.now() / 1000) },
        created: Math.floor(Date.now() / 1000),
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

// --- webhook events ------------------------------------------------------------------------------

/** A Stripe event envelope around `object`, as Stripe posts it to a webhook endpoint. */
export function stripeEvent(type: string, object: Json, created = Math.floor(Date.now() / 1000)) {
  return {
    id: nextId('evt'),
    object: 'event',
    api_version: Stripe.API_VERSION,
    created,
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: { object },
  };
}

/** The raw body and `Stripe-Signature` header of a delivery signed with `secret` at `timestamp`. */
export function signedDelivery(
  event: unknown,
  options: { secret?: string; timestamp?: number } = {},
): { payload: string; signature: string } {
  const payload = JSON.stringify(event, null, 2);
  const signature = Stripe.webhooks.generateTestHeaderString({
    payload,
    secret: options.secret ?? STUB_WEBHOOK_SECRET,
    ...(options.timestamp !== undefined ? { timestamp: options.timestamp } : {}),
  });
  return { payload, signature };
}

/** A charge as the current API version renders it in `charge.refunded` (cumulative refunds). */
export function stripeCharge(input: {
  id?: string;
  amount: number;
  amountRefunded: number;
  paymentIntent: string | null;
  customer?: string | null;
}): Json {
  return {
    id: input.id ?? nextId('ch'),
    object: 'charge',
    amount: input.amount,
    amount_captured: input.amount,
    amount_refunded: input.amountRefunded,
    captured: true,
    currency: 'usd',
    customer: input.customer ?? null,
    disputed: false,
    metadata: {},
    paid: true,
    payment_intent: input.paymentIntent,
    refunded: input.amountRefunded >= input.amount,
    status: 'succeeded',
    livemode: false,
  };
}

/** A dispute object (`charge.dispute.*` events). */
export function stripeDispute(input: {
  id?: string;
  charge: string;
  paymentIntent: string | null;
  amount: number;
  status: string;
}): Json {
  return {
    id: input.id ?? nextId('dp'),
    object: 'dispute',
    amount: input.amount,
    balance_transactions: [],
    charge: input.charge,
    currency: 'usd',
    evidence_details: { due_by: null, has_evidence: false, past_due: false, submission_count: 0 },
    is_charge_refundable: false,
    livemode: false,
    metadata: {},
    payment_intent: input.paymentIntent,
    reason: 'fraudulent',
    status: input.status,
  };
}

/** A subscription object as the current API version renders it (period on the item). */
export function stripeSubscription(input: {
  id?: string;
  customer: string;
  priceId?: string;
  status?: string;
  periodEnd: number;
  metadata?: Record<string, string>;
  cancelAtPeriodEnd?: boolean;
}): Json {
  const id = input.id ?? nextId('sub');
  return {
    id,
    object: 'subscription',
    customer: input.customer,
    status: input.status ?? 'active',
    cancel_at_period_end: input.cancelAtPeriodEnd ?? false,
    cancel_at: null,
    metadata: input.metadata ?? {},
    items: {
      object: 'list',
      data: [
        {
          id: nextId('si'),
          object: 'subscription_item',
          subscription: id,
          quantity: 1,
          current_period_start: input.periodEnd - 30 * 86_400,
          current_period_end: input.periodEnd,
          price: {
            id: input.priceId ?? nextId('price'),
            object: 'price',
            metadata: {},
            recurring: { interval: 'month', interval_count: 1 },
          },
        },
      ],
      has_more: false,
    },
    livemode: false,
  };
}
