import type { Plan } from '@app/contracts';
import { ConflictError, ForbiddenError, GoneError, NotFoundError } from '../../errors';
import {
  DemoSessionError,
  type CheckoutItem,
  type DemoCheckoutDesk,
  type DemoSession,
} from '../../providers/stripe/payment-gateway.port';
import type { ProviderSubscription } from '../../repositories/subscription.repository';
import { applyPaymentEvent } from './apply-payment-event';
import { liveSubscription, type BillingDeps } from './billing-deps';

/**
 * The demo provider's pages (PAYMENTS_PROVIDER=demo): a checkout that charges no card and a portal
 * to switch or cancel the plan. Their buttons produce the PaymentEvents a Stripe webhook would and
 * apply them through the same fulfilment (applyPaymentEvent).
 */

export const DEMO_OFF_MESSAGE = 'The demo checkout is not enabled on this server.';
export const DEMO_LINK_INVALID_MESSAGE =
  'That checkout link is not valid. Go back to Chorus and start the purchase again.';
export const DEMO_LINK_EXPIRED_MESSAGE =
  'That checkout link has expired. Go back to Chorus and start the purchase again.';

function desk(deps: Pick<BillingDeps, 'demo'>): DemoCheckoutDesk {
  if (!deps.demo) throw new NotFoundError(DEMO_OFF_MESSAGE, 'demo_checkout_disabled');
  return deps.demo;
}

export const DEMO_NOT_YOURS_MESSAGE =
  'This checkout belongs to another sign-in. Go back to Chorus, sign in, and start the purchase again from there.';

/**
 * The sign-in session the browser's checkout cookie names (verified by the caller), or null when
 * it sent none or one that is not ours.
 */
export type DemoViewer = number | null;

/**
 * Reads a demo session id (404 forged, 410 expired) and checks that the browser asking is the
 * sign-in session that opened it and that this session is still open (403 otherwise).
 */
async function read<K extends DemoSession['kind']>(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos'>,
  id: string,
  kind: K,
  viewer: DemoViewer,
): Promise<Extract<DemoSession, { kind: K }>> {
  let session: DemoSession;
  try {
    session = desk(deps).readSession(id, deps.clock.now());
  } catch (error) {
    if (error instanceof DemoSessionError) {
      if (error.reason === 'expired')
        throw new GoneError(DEMO_LINK_EXPIRED_MESSAGE, 'checkout_expired');
      throw new NotFoundError(DEMO_LINK_INVALID_MESSAGE, 'checkout_not_found');
    }
    throw error;
  }
  if (session.kind !== kind)
    throw new NotFoundError(DEMO_LINK_INVALID_MESSAGE, 'checkout_not_found');
  if (
    session.authSessionId === null ||
    viewer !== session.authSessionId ||
    !(await deps.repos.sessions.isOpen(viewer, deps.clock.now()))
  ) {
    throw new ForbiddenError(DEMO_NOT_YOURS_MESSAGE, 'checkout_not_yours');
  }
  return session as Extract<DemoSession, { kind: K }>;
}

export interface DemoCheckoutView {
  item: CheckoutItem;
  creditsPerPack: number;
  priceCentsPerPack: number;
  currency: string;
  email: string | null;
  /** True once paid: the page then says so instead of offering to pay again. */
  completed: boolean;
  successUrl: string;
  cancelUrl: string;
}

/** What the demo checkout page shows for a session id (404 forged, 410 expired). */
export async function getDemoCheckout(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos' | 'billingConfig'>,
  input: { sessionId: string; viewer: DemoViewer },
): Promise<DemoCheckoutView> {
  const session = await read(deps, input.sessionId, 'checkout', input.viewer);
  const probe = desk(deps).completeCheckout(session, { packs: 1, now: deps.clock.now() })[0]!;
  const [done, user] = await Promise.all([
    deps.repos.paymentEvents.find(probe.eventId),
    deps.repos.users.findById(session.userId),
  ]);
  if (!user) throw new NotFoundError(DEMO_LINK_INVALID_MESSAGE, 'checkout_not_found');
  return {
    item: session.item,
    creditsPerPack: session.creditsPerPack,
    priceCentsPerPack: deps.billingConfig.creditPackPriceCents,
    currency: deps.billingConfig.currency,
    email: user.email,
    completed: done !== null,
    successUrl: session.successUrl,
    cancelUrl: session.cancelUrl,
  };
}

/**
 * "Pay" on the demo checkout: applies the session's events through fulfilment and answers where
 * to send the browser (the success address). A second press finds the events applied and changes
 * nothing. A plan for someone who meanwhile got a billed subscription is refused (409): one
 * subscription per account.
 */
export async function completeDemoCheckout(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos' | 'transaction' | 'logger'>,
  input: { sessionId: string; viewer: DemoViewer; packs?: number },
): Promise<{ redirectUrl: string; alreadyCompleted: boolean }> {
  const session = await read(deps, input.sessionId, 'checkout', input.viewer);
  const packs = session.item.kind === 'packs' ? (input.packs ?? session.item.packs) : 1;
  const events = desk(deps).completeCheckout(session, { packs, now: deps.clock.now() });
  const alreadyCompleted = (await deps.repos.paymentEvents.find(events[0]!.eventId)) !== null;
  if (!alreadyCompleted && session.item.kind === 'plan') {
    const live = liveSubscription(
      await deps.repos.subscriptions.findByUserId(session.userId),
      'demo',
    );
    if (live) {
      throw new ConflictError(
        `You already have the ${live.plan} plan. Change or cancel it from the plans window in Chorus.`,
        'already_subscribed',
      );
    }
  }
  for (const event of events) await applyPaymentEvent(deps, 'demo', event);
  return { redirectUrl: session.successUrl, alreadyCompleted };
}

export interface DemoPortalView {
  subscription: ProviderSubscription & { providerSubscriptionId: string };
  switchTo: Plan | null;
  returnUrl: string;
  email: string | null;
}

async function portalState(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos'>,
  sessionId: string,
  viewer: DemoViewer,
) {
  const session = await read(deps, sessionId, 'portal', viewer);
  const row = await deps.repos.subscriptions.findByUserId(session.userId);
  if (!row || row.provider !== 'demo' || !row.providerSubscriptionId) {
    throw new ConflictError('There is no demo plan to manage on this account.', 'no_subscription');
  }
  return { session, row: { ...row, providerSubscriptionId: row.providerSubscriptionId } };
}

/** What the demo portal page shows. */
export async function getDemoPortal(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos'>,
  input: { sessionId: string; viewer: DemoViewer },
): Promise<DemoPortalView> {
  const { session, row } = await portalState(deps, input.sessionId, input.viewer);
  const user = await deps.repos.users.findById(session.userId);
  const switchTo =
    session.switchTo && session.switchTo.subscriptionId === row.providerSubscriptionId
      ? session.switchTo.plan
      : null;
  return { subscription: row, switchTo, returnUrl: session.returnUrl, email: user?.email ?? null };
}

export type DemoPortalAction = 'switch' | 'cancel' | 'resume';

/** A button on the demo portal: switch to the offered plan, cancel at period end, or keep the plan. */
export async function changeDemoSubscription(
  deps: Pick<BillingDeps, 'demo' | 'clock' | 'repos' | 'transaction' | 'logger'>,
  input: { sessionId: string; viewer: DemoViewer; action: DemoPortalAction },
): Promise<void> {
  const { session, row } = await portalState(deps, input.sessionId, input.viewer);
  if (input.action === 'switch' && !session.switchTo) {
    throw new ConflictError('This page offers no plan to switch to.', 'no_plan_offered');
  }
  if (row.status === 'canceled') {
    throw new ConflictError(
      'This plan has ended. Choose a plan in Chorus to subscribe again.',
      'subscription_ended',
    );
  }
  const event = desk(deps).changeSubscription(
    session,
    {
      subscriptionId: row.providerSubscriptionId,
      plan: row.plan,
      status: row.status,
      currentPeriodEnd: row.currentPeriodEnd,
      cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    },
    input.action === 'switch'
      ? { kind: 'switch', plan: session.switchTo!.plan }
      : { kind: input.action },
    deps.clock.now(),
  );
  await applyPaymentEvent(deps, 'demo', event);
}
