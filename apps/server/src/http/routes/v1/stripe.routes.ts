import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import {
  apiRoutes,
  CheckoutQuerySchema,
  PacksSchema,
  WebhookReplySchema,
  type CheckoutSessionRequest,
} from '@app/contracts';
import { AppError } from '../../../errors';
import {
  DEMO_CHECKOUT_PATH,
  DEMO_PORTAL_PATH,
} from '../../../providers/stripe/payment-gateway.port';
import { authenticate } from '../../../services/auth/authenticate';
import { billingDepsFrom } from '../../../services/billing/billing-deps';
import {
  changeDemoSubscription,
  completeDemoCheckout,
  getDemoCheckout,
  getDemoPortal,
} from '../../../services/billing/demo-checkout';
import { getBilling } from '../../../services/billing/get-billing';
import { openBillingPortal } from '../../../services/billing/open-billing-portal';
import { receiveWebhook } from '../../../services/billing/receive-webhook';
import { startCheckout } from '../../../services/billing/start-checkout';
import { demoCheckoutPage, demoPortalPage, messagePage } from '../../pages/billing-pages';
import { handle } from '../../contract-route';
import { bearerToken, currentUser } from '../../plugins/auth';
import { humanIssueMessage, validate, validateReply } from '../../validate';
import {
  issueCheckoutBinding,
  readCheckoutBinding,
} from '../../../services/billing/checkout-binding';
import { overHttps, readCookie, setCookie } from '../../cookies';
import { acceptFormBodies } from '../../form-body';
import { requestOrigin } from '../../request-origin';

// The demo gateway builds its links to these pages from the same constants. The signed session
// ids are longer than a route parameter may be (100 characters), so they are the wildcard part.
const DEMO_CHECKOUT = `${DEMO_CHECKOUT_PATH.replace('/api/v1', '')}/*`;
const DEMO_PORTAL = `${DEMO_PORTAL_PATH.replace('/api/v1', '')}/*`;

/** The demo pages' cookie: which sign-in session this browser opened its checkouts with. */
const CHECKOUT_COOKIE = 'chorus_checkout';
const CHECKOUT_COOKIE_PATH = DEMO_CHECKOUT_PATH.replace(/\/checkout$/, '');

const TokenQuerySchema = z.object({ token: z.string().max(512).optional() });
const SessionParamsSchema = z
  .object({
    '*': z
      .string()
      .max(4096, 'That checkout link is not valid.')
      .regex(/^[\w.-]{10,}$/, 'That checkout link is not valid.'),
  })
  .transform((p) => ({ session: p['*'] }));
const DemoCheckoutQuerySchema = z.object({
  packs: PacksSchema.optional(),
  changed: z.literal('1').optional(),
});
/** `quoted` is the quantity whose total the page showed next to Pay. */
const DemoPayBodySchema = z
  .object({ packs: PacksSchema.optional(), quoted: PacksSchema.optional() })
  .default({});
const DemoPortalBodySchema = z.object({
  action: z.enum(['switch', 'cancel', 'resume'], { error: 'Choose what to do with the plan.' }),
});
const DemoPortalQuerySchema = z.object({ done: z.enum(['switch', 'cancel', 'resume']).optional() });

const DONE_NOTICES = {
  switch: 'Your plan has been switched.',
  cancel: 'Your plan is cancelled: it ends at the end of the paid month.',
  resume: 'Your plan continues: it renews as before.',
} as const;

/**
 * A return address carried by a demo session, kept if it leads back to this app (the origin the
 * page was asked on, or PUBLIC_URL's); otherwise the same path and query on this app. Without
 * PUBLIC_URL the addresses are made from the Host header of the request that opened the session,
 * so a session opened with a forged Host and handed to someone else would have made this app's
 * page send them on to any site (an open redirect).
 */
function backToApp(request: FastifyRequest, publicUrl: string | undefined, url: string) {
  const base = publicUrl ?? new URL(requestOrigin(request)).origin;
  const trusted = new Set([new URL(requestOrigin(request)).origin, new URL(base).origin]);
  try {
    const target = new URL(url);
    if (trusted.has(target.origin)) return url;
    return `${base}${target.pathname}${target.search}`;
  } catch {
    return `${base}/`;
  }
}

function itemOf(input: CheckoutSessionRequest | { packs?: number; plan?: undefined }) {
  return input.plan
    ? ({ kind: 'plan', plan: input.plan } as const)
    : ({ kind: 'packs', packs: input.packs ?? 1 } as const);
}

/**
 * Buying credits (one-off packs) and plans (monthly subscriptions) through Stripe; credits are
 * granted only from verified webhooks:
 *  - GET  /stripe/checkout?token=&packs=N|plan=P  opened in a new tab: 303 to the checkout page
 *    (or the billing portal for a subscriber changing plan); failures are readable HTML pages;
 *  - POST /stripe/checkout-session {packs|plan}  the plans modal's JSON way: `{ url, kind }`;
 *  - POST /stripe/portal-session                  the billing portal for a subscriber;
 *  - GET  /stripe/subscription                     what the plans modal shows;
 *  - POST /stripe/webhook                          Stripe's signed events (raw body);
 *  - GET|POST /stripe/demo/checkout/:session and /stripe/demo/portal/:session  the demo pages.
 */
export function stripeRoutes(app: FastifyInstance): void {
  const deps = billingDepsFrom(app.container);
  const { repos, clock } = app.container;
  const back = (request: FastifyRequest, url: string) =>
    backToApp(request, app.container.config.publicUrl, url);
  const { cookieKey } = app.container;

  /**
   * With the demo checkout, remembers in this browser which sign-in session opens checkouts, so
   * the demo pages (opened from a link, without the bearer token) serve only that session.
   */
  const bindDemoPages = (request: FastifyRequest, reply: FastifyReply, sessionId: number) => {
    if (!deps.demo) return;
    setCookie(reply, {
      name: CHECKOUT_COOKIE,
      value: issueCheckoutBinding(cookieKey, sessionId),
      path: CHECKOUT_COOKIE_PATH,
      maxAgeSeconds: 60 * 60,
      secure: overHttps(request, app.container.config.publicUrl),
    });
  };
  /** The sign-in session the browser's demo cookie names, or null. */
  const viewerOf = (request: FastifyRequest) =>
    readCheckoutBinding(cookieKey, readCookie(request, CHECKOUT_COOKIE));

  /** Runs a page handler: AppErrors become a readable page with their status, the rest a 500 page. */
  async function asPage(reply: FastifyReply, run: () => Promise<unknown>): Promise<unknown> {
    try {
      return await run();
    } catch (error) {
      const status = error instanceof AppError ? error.statusCode : 500;
      if (!(error instanceof AppError)) {
        reply.request.log.error({ err: error, reqId: reply.request.id }, 'page failed');
      }
      // A client that asks for JSON (not a browser's tab) gets the API's error body.
      const accept = reply.request.headers.accept ?? '';
      if (error instanceof AppError && accept.includes('json') && !accept.includes('html')) {
        return reply
          .status(status)
          .header('x-request-id', reply.request.id)
          .send({ message: error.message, code: error.code });
      }
      const signIn = status === 401;
      return reply
        .status(status)
        .type('text/html; charset=utf-8')
        .header('x-request-id', reply.request.id)
        .send(
          messagePage(
            signIn
              ? {
                  title: 'Please sign in again',
                  message:
                    'Your session has expired or you have signed out, so the checkout cannot open. Sign in to Chorus, then choose Buy Credits or a plan again.',
                  link: { href: '/', label: 'Go to Chorus and sign in' },
                }
              : {
                  title: status === 500 ? 'Something went wrong' : 'The checkout could not open',
                  message:
                    error instanceof AppError
                      ? error.message
                      : 'Something went wrong on our side. Please try again.',
                  link: { href: '/', label: 'Return to Chorus' },
                },
          ),
        );
    }
  }

  // --- checkout (new tab) -----------------------------------------------------------------------

  app.get('/stripe/checkout', (request, reply) =>
    asPage(reply, async () => {
      // The tab cannot send headers, so the token comes in the query (redacted from logs).
      const { token } = validate(TokenQuerySchema, request.query);
      const user = await authenticate({ repos, clock }, bearerToken(request) ?? token);
      const query = validate(CheckoutQuerySchema, request.query);
      const next = await startCheckout(deps, {
        user: { id: user.id, email: user.email, sessionId: user.sessionId },
        item: itemOf(query),
        origin: requestOrigin(request),
      });
      bindDemoPages(request, reply, user.sessionId);
      return reply.redirect(next.url, 303);
    }),
  );

  handle(app, apiRoutes.checkoutSession, async (request, reply) => {
    const { body } = request;
    const user = currentUser(request);
    const next = await startCheckout(deps, {
      user: { id: user.id, email: user.email, sessionId: user.sessionId },
      item: itemOf(body),
      origin: requestOrigin(request),
    });
    bindDemoPages(request, reply, user.sessionId);
    return next;
  });

  handle(app, apiRoutes.portalSession, async (request, reply) => {
    const user = currentUser(request);
    const next = await openBillingPortal(deps, {
      userId: user.id,
      origin: requestOrigin(request),
      sessionId: user.sessionId,
    });
    bindDemoPages(request, reply, user.sessionId);
    return next;
  });

  handle(app, apiRoutes.subscription, async (request) =>
    getBilling(deps, { userId: currentUser(request).id }),
  );

  // --- webhook: the signature covers the exact bytes, so this scope keeps the raw body ----------

  void app.register((hooks, _opts, done) => {
    hooks.removeAllContentTypeParsers();
    hooks.addContentTypeParser('*', { parseAs: 'buffer' }, (_request, body, next) => {
      next(null, body);
    });
    hooks.post('/stripe/webhook', async (request) => {
      const signature = request.headers['stripe-signature'];
      await receiveWebhook(deps, {
        payload: Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
        signature: Array.isArray(signature) ? signature[0] : signature,
      });
      return validateReply(WebhookReplySchema, { received: true });
    });
    done();
  });

  // --- the demo provider's pages ------------------------------------------------------------------

  acceptFormBodies(app, 4096);

  app.get(DEMO_CHECKOUT, (request, reply) =>
    asPage(reply, async () => {
      const { session } = validate(SessionParamsSchema, request.params);
      const view = await getDemoCheckout(deps, { sessionId: session, viewer: viewerOf(request) });
      // a quantity that cannot be sold (0, 101) keeps the page and says why, not a dead end
      const query = DemoCheckoutQuerySchema.safeParse(request.query, { error: humanIssueMessage });
      const { packs, changed } = query.success ? query.data : {};
      const item =
        view.item.kind === 'packs' && packs !== undefined
          ? { kind: 'packs' as const, packs }
          : view.item;
      return reply.type('text/html; charset=utf-8').send(
        demoCheckoutPage({
          ...view,
          successUrl: back(request, view.successUrl),
          cancelUrl: back(request, view.cancelUrl),
          item,
          quantityChanged: changed === '1',
          ...(query.success ? {} : { quantityError: query.error.issues[0]!.message }),
          action: `${DEMO_CHECKOUT_PATH}/${encodeURIComponent(session)}`,
        }),
      );
    }),
  );

  app.post(DEMO_CHECKOUT, (request, reply) =>
    asPage(reply, async () => {
      const { session } = validate(SessionParamsSchema, request.params);
      const { packs, quoted } = validate(DemoPayBodySchema, request.body ?? {});
      // Pay pressed after changing the quantity without updating the total: nobody pays an
      // amount they were not shown, so the page shows the new total first.
      if (packs !== undefined && quoted !== undefined && packs !== quoted) {
        return reply.redirect(
          `${DEMO_CHECKOUT_PATH}/${encodeURIComponent(session)}?packs=${packs}&changed=1`,
          303,
        );
      }
      const done = await completeDemoCheckout(deps, {
        sessionId: session,
        viewer: viewerOf(request),
        ...(packs !== undefined ? { packs } : {}),
      });
      return reply.redirect(back(request, done.redirectUrl), 303);
    }),
  );

  app.get(DEMO_PORTAL, (request, reply) =>
    asPage(reply, async () => {
      const { session } = validate(SessionParamsSchema, request.params);
      const { done } = validate(DemoPortalQuerySchema, request.query);
      const view = await getDemoPortal(deps, { sessionId: session, viewer: viewerOf(request) });
      return reply.type('text/html; charset=utf-8').send(
        demoPortalPage({
          action: `${DEMO_PORTAL_PATH}/${encodeURIComponent(session)}`,
          plan: view.subscription.plan,
          status: view.subscription.status,
          currentPeriodEnd: view.subscription.currentPeriodEnd,
          cancelAtPeriodEnd: view.subscription.cancelAtPeriodEnd,
          switchTo: done === 'switch' ? null : view.switchTo,
          currency: deps.billingConfig.currency,
          email: view.email,
          returnUrl: back(request, view.returnUrl),
          notice: done ? DONE_NOTICES[done] : null,
        }),
      );
    }),
  );

  app.post(DEMO_PORTAL, (request, reply) =>
    asPage(reply, async () => {
      const { session } = validate(SessionParamsSchema, request.params);
      const { action } = validate(DemoPortalBodySchema, request.body ?? {});
      await changeDemoSubscription(deps, { sessionId: session, viewer: viewerOf(request), action });
      return reply.redirect(
        `${DEMO_PORTAL_PATH}/${encodeURIComponent(session)}?done=${action}`,
        303,
      );
    }),
  );
}
