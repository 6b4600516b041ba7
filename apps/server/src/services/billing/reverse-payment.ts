import type {
  PaymentDisputedEvent,
  PaymentProvider,
  PaymentReference,
  PaymentRefundedEvent,
} from '../../providers/stripe/payment-gateway.port';
import type { Repositories } from '../../repositories';
import type { PaymentGrant, PaymentReversal } from '../../repositories/payment-grant.repository';

/** What fulfilment did with one event (the payment_events row and the log). */
export interface Reversed {
  outcome: string;
  userId: string | null;
  /** Credits added (negative: taken back). */
  credits: number;
}

/** Ledger idempotency keys of the movements (one per refunded total, per dispute, per dispute won). */
export const refundKey = (provider: PaymentProvider, chargeId: string, amountRefunded: number) =>
  `${provider}:refund:${chargeId}:${amountRefunded}`;
export const chargebackKey = (provider: PaymentProvider, disputeId: string) =>
  `${provider}:dispute:${disputeId}`;
export const chargebackReversalKey = (provider: PaymentProvider, disputeId: string) =>
  `${provider}:dispute:${disputeId}:won`;

/**
 * A refund or dispute takes back the credits the payment bought; a dispute won gives them back.
 * Runs inside fulfilment's transaction (the event id already claimed). The rules:
 * - The payment is found through payment_grants (its charge, PaymentIntent, checkout or invoice);
 *   a plan invoice granted before the link existed is found by the invoice's ledger key. An
 *   unknown payment is recorded as ignored, never an error.
 * - A refund takes back floor(credits x refunded / charged) of the grant, counted on the
 *   cumulative refunded amount against what refunds of that charge already claimed: a replayed,
 *   repeated or older event takes back nothing more, and a full refund takes back exactly all.
 * - A dispute opened (funds withdrawn) takes back all of the grant not already taken back; won,
 *   it gives back exactly what its opening took; lost, what was taken stays taken.
 * - Nothing takes more than the grant, and the balance never goes below zero: credits already
 *   spent stay spent, the shortfall is written in the ledger note and in payment_reversals, and is
 *   not collected from later purchases.
 * - A refunded plan invoice does not end the subscription (the provider's subscription events do).
 */
export async function reversePayment(
  repos: Repositories,
  provider: PaymentProvider,
  event: PaymentRefundedEvent | PaymentDisputedEvent,
): Promise<Reversed> {
  const grant = await findGrant(repos, provider, event.payment);
  if (!grant) {
    const { invoiceId } = event.payment;
    return {
      outcome: invoiceId
        ? `ignored: invoice ${invoiceId} granted no credits`
        : `ignored: unknown payment ${describePayment(event.payment)}: no credits were granted for it`,
      userId: null,
      credits: 0,
    };
  }
  // Credits held by the account's running analyses may be taken too (below). Their jobs are
  // locked first, in the order a settlement locks (job, then user), so the two never deadlock.
  const holds = await repos.analysisJobs.lockUnfinishedForUser(grant.userId);
  // One account's credit movements apply one at a time (the ledger locks the same row).
  if (!(await repos.users.lockById(grant.userId))) {
    return { outcome: 'ignored: unknown account', userId: null, credits: 0 };
  }
  const reversals = await repos.paymentGrants.listReversals(grant.grantKey);
  return event.type === 'payment_refunded'
    ? refund(repos, provider, event, grant, reversals, holds)
    : event.funds === 'withdrawn'
      ? chargeback(repos, provider, event, grant, reversals, holds)
      : reinstate(repos, provider, event, grant, reversals);
}

async function findGrant(
  repos: Repositories,
  provider: PaymentProvider,
  payment: PaymentReference,
): Promise<PaymentGrant | null> {
  const linked = await repos.paymentGrants.findByPayment(provider, payment);
  if (linked) return linked;
  // Granted before payments were linked to grants: the checkout's or invoice's ledger key.
  const keys = [
    payment.checkoutId ? `${provider}:checkout:${payment.checkoutId}` : null,
    payment.invoiceId ? `${provider}:invoice:${payment.invoiceId}` : null,
  ];
  for (const key of keys) {
    if (!key) continue;
    const entry = await repos.ledger.findByIdempotencyKey(key);
    if (!entry || (entry.kind !== 'purchase' && entry.kind !== 'plan_renewal')) continue;
    const grant: PaymentGrant = {
      grantKey: entry.idempotencyKey,
      userId: entry.userId,
      provider,
      credits: entry.delta,
      paymentIntentId: payment.paymentIntentId,
      chargeId: payment.chargeId,
      checkoutId: payment.checkoutId,
      invoiceId: payment.invoiceId,
    };
    await repos.paymentGrants.record(grant);
    return grant;
  }
  return null;
}

const sum = (rows: PaymentReversal[]) => rows.reduce((total, r) => total + r.claimed, 0);

/** What an account's unfinished analyses hold, newest first. */
type Holds = { id: string; reservedCredits: number }[];

async function refund(
  repos: Repositories,
  provider: PaymentProvider,
  event: PaymentRefundedEvent,
  grant: PaymentGrant,
  reversals: PaymentReversal[],
  holds: Holds,
): Promise<Reversed> {
  const { userId } = grant;
  if (!(event.amount > 0) || !Number.isInteger(event.amountRefunded)) {
    return { outcome: `ignored: a charge of ${event.amount}`, userId, credits: 0 };
  }
  const refunded = Math.min(Math.max(event.amountRefunded, 0), event.amount);
  // Rounded down: never more than the refunded share; the full amount gives back exactly all.
  const target = Math.floor((grant.credits * refunded) / event.amount);
  const already = sum(
    reversals.filter((r) => r.kind === 'payment_refund' && r.sourceId === event.chargeId),
  );
  const claim = Math.min(target - already, grant.credits - sum(reversals));
  if (claim <= 0) {
    return {
      outcome:
        target <= already
          ? `nothing more to take back: refunds of charge ${event.chargeId} already took back ${already} credits`
          : `nothing more to take back: all ${grant.credits} credits of the grant were taken back`,
      userId,
      credits: 0,
    };
  }
  const share = percent(refunded, event.amount);
  return takeBack(repos, holds, {
    grant,
    kind: 'payment_refund',
    key: refundKey(provider, event.chargeId, event.amountRefunded),
    sourceId: event.chargeId,
    claim,
    note: (taken) =>
      `Refund: ${taken} of the ${grant.credits} credits taken back (${share} of the ${paymentOf(grant)} refunded${refunded < event.amount ? ' so far' : ''}; charge ${event.chargeId})`,
    outcome: `refund of charge ${event.chargeId} (${share})`,
  });
}

async function chargeback(
  repos: Repositories,
  provider: PaymentProvider,
  event: PaymentDisputedEvent,
  grant: PaymentGrant,
  reversals: PaymentReversal[],
  holds: Holds,
): Promise<Reversed> {
  const { userId } = grant;
  const own = reversals.filter((r) => r.sourceId === event.disputeId);
  if (own.some((r) => r.kind === 'chargeback_reversal')) {
    return {
      outcome: `nothing to take back: dispute ${event.disputeId} was already won`,
      userId,
      credits: 0,
    };
  }
  if (own.some((r) => r.kind === 'chargeback')) {
    return {
      outcome: `nothing more to take back: dispute ${event.disputeId} already took its credits (${event.status})`,
      userId,
      credits: 0,
    };
  }
  // Everything the grant added that refunds or other disputes have not taken back yet.
  const claim = Math.max(grant.credits - sum(reversals), 0);
  return takeBack(repos, holds, {
    grant,
    kind: 'chargeback',
    key: chargebackKey(provider, event.disputeId),
    sourceId: event.disputeId,
    claim,
    note: (taken) =>
      `Chargeback: ${taken} of the ${grant.credits} credits taken back (the ${paymentOf(grant)} was disputed; dispute ${event.disputeId})`,
    outcome: `dispute ${event.disputeId} ${event.status}`,
  });
}

async function reinstate(
  repos: Repositories,
  provider: PaymentProvider,
  event: PaymentDisputedEvent,
  grant: PaymentGrant,
  reversals: PaymentReversal[],
): Promise<Reversed> {
  const { userId } = grant;
  const own = reversals.filter((r) => r.sourceId === event.disputeId);
  if (own.some((r) => r.kind === 'chargeback_reversal')) {
    return {
      outcome: `nothing more to give back: dispute ${event.disputeId} was already reversed`,
      userId,
      credits: 0,
    };
  }
  const opened = own.find((r) => r.kind === 'chargeback');
  // Exactly what the chargeback took; won before its opening arrived, nothing (and the late
  // opening then takes nothing either).
  const credits = opened?.taken ?? 0;
  const key = chargebackReversalKey(provider, event.disputeId);
  const { replayed } = await repos.ledger.append({
    userId,
    delta: credits,
    kind: 'chargeback_reversal',
    idempotencyKey: key,
    note: opened
      ? `Chargeback reversed: ${credits} credits given back (dispute ${event.disputeId} won)`
      : `Chargeback reversed: dispute ${event.disputeId} won before it took any credits`,
  });
  if (replayed) {
    return { outcome: 'already given back for this dispute', userId, credits: 0 };
  }
  await repos.paymentGrants.addReversal({
    userId,
    grantKey: grant.grantKey,
    ledgerKey: key,
    kind: 'chargeback_reversal',
    sourceId: event.disputeId,
    claimed: -(opened?.claimed ?? 0),
    taken: credits,
  });
  return {
    outcome: `dispute ${event.disputeId} ${event.status}: gave back ${credits} credits`,
    userId,
    credits,
  };
}

/**
 * Takes back up to `claim` credits: first from the balance, then from what the account's running
 * analyses hold (newest first), since those credits come back to the balance when an analysis
 * fails or costs less than it held; an analysis whose hold was cut is charged at most what is left
 * of it. Credits already spent stay spent. One ledger entry (written also when it takes nothing, so
 * the history shows the refund or dispute) moves the balance's part; the held part moves by
 * lowering the holds. One payment_reversals row records the claim and all that was taken.
 */
async function takeBack(
  repos: Repositories,
  holds: Holds,
  input: {
    grant: PaymentGrant;
    kind: 'payment_refund' | 'chargeback';
    key: string;
    sourceId: string;
    claim: number;
    note: (taken: number) => string;
    outcome: string;
  },
): Promise<Reversed> {
  const { grant, claim } = input;
  if (await repos.ledger.findByIdempotencyKey(input.key)) {
    return { outcome: `${input.outcome}: already taken back`, userId: grant.userId, credits: 0 };
  }
  const balance = await repos.ledger.getBalance(grant.userId);
  const fromBalance = Math.min(claim, Math.max(balance, 0));
  let fromHolds = 0;
  for (const hold of holds) {
    const cut = Math.min(claim - fromBalance - fromHolds, hold.reservedCredits);
    if (cut <= 0) continue;
    await repos.analysisJobs.reduceReservation(hold.id, cut);
    fromHolds += cut;
  }
  const taken = fromBalance + fromHolds;
  const shortfall = claim - taken;
  await repos.ledger.append({
    userId: grant.userId,
    delta: -fromBalance,
    kind: input.kind,
    idempotencyKey: input.key,
    note: `${input.note(taken)}${fromHolds > 0 ? `; ${fromHolds} of them from the credits a running analysis held` : ''}${shortfall > 0 ? `; ${shortfall} more had already been used` : ''}`,
  });
  await repos.paymentGrants.addReversal({
    userId: grant.userId,
    grantKey: grant.grantKey,
    ledgerKey: input.key,
    kind: input.kind,
    sourceId: input.sourceId,
    claimed: claim,
    taken,
  });
  return {
    outcome: `${input.outcome}: took back ${taken} credits${fromHolds > 0 ? ` (${fromHolds} from running analyses)` : ''}${shortfall > 0 ? ` (${shortfall} already spent)` : ''}`,
    userId: grant.userId,
    credits: -fromBalance || 0,
  };
}

/** What the grant's payment was, for the ledger note. */
function paymentOf(grant: PaymentGrant): string {
  return grant.invoiceId || grant.grantKey.includes(':invoice:')
    ? 'plan payment'
    : 'credit-pack payment';
}

function percent(part: number, whole: number): string {
  return `${Math.round((part / whole) * 1000) / 10}%`;
}

function describePayment(payment: PaymentReference): string {
  return (
    [payment.chargeId, payment.paymentIntentId, payment.checkoutId].filter(Boolean).join(' / ') ||
    '(no ids)'
  );
}
