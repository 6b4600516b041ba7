/**
 * The /api/v1 endpoints served outside the route table, each with the reason: their handler reads
 * the raw request or writes the raw response, and no JSON client calls them. The OpenAPI document
 * describes them from these entries; every other /api/v1 route is an entry of `apiRoutes`.
 */
export interface DirectRoute {
  readonly method: 'GET' | 'POST';
  /** Below /api/v1, as Fastify registers it (`:name` for a parameter, `*` for the rest). */
  readonly path: string;
  /**
   * `session`: a signed-in session's token, as a bearer header or `?token=` (a browser tab or an
   * EventSource sends no headers); `public`: the request carries its own credential.
   */
  readonly auth: 'public' | 'session';
  readonly summary: string;
  readonly tag: string;
  /** Why it is not a route of the table. */
  readonly why: string;
  /** The success reply's media type. */
  readonly mediaType: string;
}

const STREAM = 'A stream of server-sent events, written straight to the connection.';
const PAGE =
  'A page opened in a browser tab: it answers HTML or a redirect, and its errors are pages.';

export const directRoutes = {
  jobEvents: {
    method: 'GET',
    path: '/status/:job_id/events',
    auth: 'session',
    tag: 'analyses',
    summary:
      "An analysis job's status as server-sent events (`status` on each change, `gone` when cleared) until it finishes.",
    why: STREAM,
    mediaType: 'text/event-stream',
  },
  stripeWebhook: {
    method: 'POST',
    path: '/stripe/webhook',
    auth: 'public',
    tag: 'billing',
    summary: "Stripe's signed events; credits are granted from these only.",
    why: 'Its signature covers the exact bytes of the body, which it reads raw.',
    mediaType: 'application/json',
  },
  stripeCheckout: {
    method: 'GET',
    path: '/stripe/checkout',
    auth: 'session',
    tag: 'billing',
    summary: 'Opened in a new tab: 303 to the checkout page, or to the billing portal for a plan.',
    why: PAGE,
    mediaType: 'text/html',
  },
  demoCheckoutPage: {
    method: 'GET',
    path: '/stripe/demo/checkout/*',
    auth: 'public',
    tag: 'billing',
    summary: "The demo payment provider's checkout page (the signed session id is the credential).",
    why: PAGE,
    mediaType: 'text/html',
  },
  demoCheckoutPay: {
    method: 'POST',
    path: '/stripe/demo/checkout/*',
    auth: 'public',
    tag: 'billing',
    summary: "The demo checkout page's form: pay, then 303 back to the app.",
    why: PAGE,
    mediaType: 'text/html',
  },
  demoPortalPage: {
    method: 'GET',
    path: '/stripe/demo/portal/*',
    auth: 'public',
    tag: 'billing',
    summary:
      "The demo payment provider's billing portal (the signed session id is the credential).",
    why: PAGE,
    mediaType: 'text/html',
  },
  demoPortalChange: {
    method: 'POST',
    path: '/stripe/demo/portal/*',
    auth: 'public',
    tag: 'billing',
    summary: "The demo portal's form: switch, cancel or resume the plan.",
    why: PAGE,
    mediaType: 'text/html',
  },
} as const satisfies Record<string, DirectRoute>;
