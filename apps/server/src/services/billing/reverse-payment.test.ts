import { randomUUID } from 'node:crypto';
import { expect, it } from 'vitest';
import type { PlanInvoicePaidEvent } from '../../providers/stripe/payment-gateway.port';
import { describeEachDatabase } from '../../test/databases';
import { failAndRefund } from '../analysis/process-analysis';
import { applyPaymentEvent } from './apply-payment-event';
import { paymentEvents, useBillingTest } from './payment-events.test-support';

const { id, base, packsPaid, planPaid, refunded, disputed } = paymentEvents();

describeEachDatabase('refunds and disputes take back what they paid for', (t) => {
  const test = useBillingTest(t, 'refund');
  const { newUser } = test;
  const balance = (userId: string) => test.repos.ledger.getBalance(userId);
  const apply = (event: Parameters<typeof applyPaymentEvent>[2]) =>
    applyPaymentEvent(test.deps, 'stripe', event);
  /** Spends credits the way an analysis does (a reservation). */
  const spend = (userId: string, credits: number) =>
    test.repos.ledger.append({
      userId,
      delta: -credits,
      kind: 'reservation',
      idempotencyKey: `job:${randomUUID()}:reserve`,
    });
  const newest = async (userId: string) => (await test.repos.ledger.listForUser(userId))[0]!;

  it('a full refund of a credit-pack payment takes back all its credits, once', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    expect(await balance(userId)).toBe(300);

    const refund = refunded({ paymentIntentId: paid.paymentIntentId }, paid.amount, paid.amount);
    const result = await apply(refund);
    expect(result).toMatchObject({ duplicate: false, userId, credits: -300 });
    expect(await balance(userId)).toBe(0);
    expect(await newest(userId)).toMatchObject({
      kind: 'payment_refund',
      delta: -300,
      idempotencyKey: `stripe:refund:${refund.chargeId}:${paid.amount}`,
      note: `Refund: 300 of the 300 credits taken back (100% of the credit-pack payment refunded; charge ${refund.chargeId})`,
    });
    expect(await test.repos.paymentEvents.find(refund.eventId)).toMatchObject({
      userId,
      outcome: `refund of charge ${refund.chargeId} (100%): took back 300 credits`,
    });

    // Stripe delivers the same event again, and sends another event with the same state.
    expect(await apply(refund)).toMatchObject({ duplicate: true, credits: 0 });
    const sibling = await apply({ ...refund, eventId: id('evt') });
    expect(sibling).toMatchObject({ duplicate: false, credits: 0 });
    expect(sibling.outcome).toMatch(/^nothing more to take back/);
    expect(await balance(userId)).toBe(0);
    // Buying again is not affected by the old refund.
    await apply(packsPaid(userId, 1));
    expect(await balance(userId)).toBe(100);
  });

  it('partial refunds in two steps take back the refunded share, rounded down, and all at the end', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId); // 300 credits for 2,700
    await apply(paid);
    const chargeId = id('ch');
    const payment = { chargeId, paymentIntentId: paid.paymentIntentId };

    // 10.00 of 27.00: 111.1 credits, rounded down to 111.
    const first = await apply(refunded(payment, 2700, 1000));
    expect(first.credits).toBe(-111);
    expect(await balance(userId)).toBe(189);
    expect((await newest(userId)).note).toBe(
      `Refund: 111 of the 300 credits taken back (37% of the credit-pack payment refunded so far; charge ${chargeId})`,
    );

    // An older state arriving late (5.00 refunded) takes nothing.
    const late = await apply(refunded(payment, 2700, 500));
    expect(late).toMatchObject({ credits: 0 });
    expect(await balance(userId)).toBe(189);

    // The rest is refunded: the cumulative total is all, so exactly 300 in all are taken back.
    const second = await apply(refunded(payment, 2700, 2700));
    expect(second.credits).toBe(-189);
    expect(await balance(userId)).toBe(0);
    const refunds = (await test.repos.ledger.listForUser(userId)).filter(
      (e) => e.kind === 'payment_refund',
    );
    expect(refunds.map((e) => e.delta)).toEqual([-189, -111]);
  });

  it('a refund after credits were spent takes what is left: never below 0, the shortfall noted', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    await spend(userId, 250);
    expect(await balance(userId)).toBe(50);

    const refund = refunded({ paymentIntentId: paid.paymentIntentId }, paid.amount, paid.amount);
    const result = await apply(refund);
    expect(result).toMatchObject({
      credits: -50,
      outcome: `refund of charge ${refund.chargeId} (100%): took back 50 credits (250 already spent)`,
    });
    expect(await balance(userId)).toBe(0);
    expect(await newest(userId)).toMatchObject({
      kind: 'payment_refund',
      delta: -50,
      note: `Refund: 50 of the 300 credits taken back (100% of the credit-pack payment refunded; charge ${refund.chargeId}); 250 more had already been used`,
    });
    // The shortfall is not collected later: a new purchase keeps all its credits.
    await apply({ ...refund, eventId: id('evt') });
    await apply(packsPaid(userId, 1));
    expect(await balance(userId)).toBe(100);
  });

  it('a dispute takes back what is left of the purchase; won, it gives back exactly that', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    await spend(userId, 100);
    const disputeId = id('dp');
    const pi = paid.paymentIntentId!;

    const opened = disputed(pi, disputeId, 'charge.dispute.created', 'needs_response', 'withdrawn');
    expect(await apply(opened)).toMatchObject({ credits: -200 });
    expect(await balance(userId)).toBe(0);
    expect(await newest(userId)).toMatchObject({
      kind: 'chargeback',
      delta: -200,
      idempotencyKey: `stripe:dispute:${disputeId}`,
      note: `Chargeback: 200 of the 300 credits taken back (the credit-pack payment was disputed; dispute ${disputeId}); 100 more had already been used`,
    });
    // funds_withdrawn about the same dispute takes nothing more.
    const withdrawn = disputed(
      pi,
      disputeId,
      'charge.dispute.funds_withdrawn',
      'needs_response',
      'withdrawn',
    );
    expect(await apply(withdrawn)).toMatchObject({ credits: 0 });

    const won = disputed(pi, disputeId, 'charge.dispute.closed', 'won', 'reinstated');
    expect(await apply(won)).toMatchObject({ credits: 200 });
    expect(await balance(userId)).toBe(200);
    expect(await newest(userId)).toMatchObject({
      kind: 'chargeback_reversal',
      delta: 200,
      note: `Chargeback reversed: 200 credits given back (dispute ${disputeId} won)`,
    });
    // funds_reinstated, a replay of the opening: nothing moves.
    const reinstated = disputed(
      pi,
      disputeId,
      'charge.dispute.funds_reinstated',
      'won',
      'reinstated',
    );
    expect(await apply(reinstated)).toMatchObject({ credits: 0 });
    expect(await apply({ ...opened, eventId: id('evt') })).toMatchObject({ credits: 0 });
    expect(await balance(userId)).toBe(200);
  });

  it('a dispute lost keeps what its opening took; a loss seen without its opening takes it then', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    const pi = paid.paymentIntentId!;
    const disputeId = id('dp');
    await apply(disputed(pi, disputeId, 'charge.dispute.created', 'needs_response', 'withdrawn'));
    expect(await balance(userId)).toBe(0);
    const lost = await apply(disputed(pi, disputeId, 'charge.dispute.closed', 'lost', 'withdrawn'));
    expect(lost).toMatchObject({ credits: 0 });
    expect(await balance(userId)).toBe(0);

    const other = packsPaid(userId, 2);
    await apply(other);
    expect(await balance(userId)).toBe(200);
    const missed = await apply(
      disputed(other.paymentIntentId!, id('dp'), 'charge.dispute.closed', 'lost', 'withdrawn'),
    );
    expect(missed).toMatchObject({ credits: -200 });
    expect(await balance(userId)).toBe(0);
  });

  it('a partial refund then a dispute of the rest never take more than the purchase', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    const pi = paid.paymentIntentId!;
    await apply(refunded({ paymentIntentId: pi }, 2700, 1350));
    expect(await balance(userId)).toBe(150);
    const disputeId = id('dp');
    const opened = await apply(
      disputed(pi, disputeId, 'charge.dispute.created', 'needs_response', 'withdrawn'),
    );
    expect(opened.credits).toBe(-150);
    expect(await balance(userId)).toBe(0);
    await apply(disputed(pi, disputeId, 'charge.dispute.closed', 'won', 'reinstated'));
    expect(await balance(userId)).toBe(150);
  });

  it('refund events of one charge applied at the same moment take back the purchase once', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    const payment = { chargeId: id('ch'), paymentIntentId: paid.paymentIntentId };
    const results = await Promise.all([
      apply(refunded(payment, 2700, 900)),
      apply(refunded(payment, 2700, 2700)),
      apply(refunded(payment, 2700, 1800)),
    ]);
    expect(results.reduce((total, r) => total + r.credits, 0)).toBe(-300);
    expect(await balance(userId)).toBe(0);
  });

  it('with nothing left to take, the refund is still written (0 credits, all noted as used)', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId, 1);
    await apply(paid);
    await spend(userId, 100);
    const refund = refunded({ paymentIntentId: paid.paymentIntentId }, 900, 900);
    expect((await apply(refund)).credits).toBe(0);
    expect(await balance(userId)).toBe(0);
    expect(await newest(userId)).toMatchObject({
      kind: 'payment_refund',
      delta: 0,
      note: `Refund: 0 of the 100 credits taken back (100% of the credit-pack payment refunded; charge ${refund.chargeId}); 100 more had already been used`,
    });
  });

  it('a refunded plan invoice takes back its credits and leaves the subscription alone', async () => {
    const userId = await newUser();
    const subscriptionId = `sub_${randomUUID()}`;
    await apply({
      ...base('customer.subscription.created'),
      type: 'subscription_changed',
      subscriptionId,
      userId,
      customerId: null,
      plan: 'pro',
      status: 'active',
      currentPeriodEnd: new Date('2027-01-01T10:00:00Z'),
      cancelAtPeriodEnd: false,
    });
    const invoice: PlanInvoicePaidEvent = {
      ...planPaid(userId, 'pro', 'subscription_create'),
      subscriptionId,
      // The current API version names no payment on the invoice.
      paymentIntentId: null,
      chargeId: null,
    };
    await apply(invoice);
    expect(await balance(userId)).toBe(1500);

    // The gateway found the invoice through Stripe's invoice payments.
    const half = await apply(
      refunded({ paymentIntentId: id('pi'), invoiceId: invoice.invoiceId }, 7900, 3950),
    );
    expect(half.credits).toBe(-750);
    expect((await newest(userId)).note).toMatch(
      /^Refund: 750 of the 1500 credits taken back \(50% of the plan payment refunded so far; charge ch_/,
    );
    expect(await balance(userId)).toBe(750);
    expect(await test.repos.subscriptions.findByUserId(userId)).toMatchObject({
      plan: 'pro',
      status: 'active',
      providerSubscriptionId: subscriptionId,
    });
  });

  it('finds a plan invoice granted before payments were linked by its ledger key', async () => {
    const userId = await newUser();
    const invoiceId = id('in');
    await test.repos.ledger.append({
      userId,
      delta: 500,
      kind: 'plan_renewal',
      idempotencyKey: `stripe:invoice:${invoiceId}`,
      note: 'basic plan, renewal',
    });
    const result = await apply(refunded({ paymentIntentId: id('pi'), invoiceId }, 2900, 2900));
    expect(result).toMatchObject({ credits: -500, userId });
    expect(await balance(userId)).toBe(0);
  });

  it('a refund or dispute of an unknown payment is recorded as ignored with a reason', async () => {
    const userId = await newUser();
    await apply(packsPaid(userId));
    const unknown = refunded({ paymentIntentId: 'pi_nobody' }, 900, 900);
    const result = await apply(unknown);
    expect(result).toMatchObject({
      duplicate: false,
      userId: null,
      credits: 0,
      outcome: `ignored: unknown payment ${unknown.chargeId} / pi_nobody: no credits were granted for it`,
    });
    expect(await test.repos.paymentEvents.find(unknown.eventId)).toMatchObject({
      type: 'charge.refunded',
      outcome: result.outcome,
    });
    // An invoice that granted nothing (a proration) is not an unknown payment.
    const proration = await apply(
      refunded({ paymentIntentId: 'pi_x', invoiceId: 'in_proration' }, 500, 500),
    );
    expect(proration.outcome).toBe('ignored: invoice in_proration granted no credits');
    const dispute = await apply(
      disputed('pi_nobody', id('dp'), 'charge.dispute.created', 'needs_response', 'withdrawn'),
    );
    expect(dispute.outcome).toMatch(/^ignored: unknown payment/);
    expect(await balance(userId)).toBe(300);
  });

  /** An analysis that started and holds `credits` (as start-analysis reserves them). */
  async function runningAnalysis(userId: string, credits: number): Promise<string> {
    const jobId = randomUUID();
    await test.repos.analysisJobs.create({
      id: jobId,
      userId,
      videoId: 'dQw4w9WgXcQ',
      title: 'A long video',
      thumbnailUrl: null,
      channelTitle: null,
      videoCommentCount: credits * 100,
      commentLimit: credits * 100,
      reservedCredits: credits,
      priority: 1,
    });
    await test.repos.ledger.append({
      userId,
      delta: -credits,
      kind: 'reservation',
      idempotencyKey: `job:${jobId}:reserve`,
      jobId,
    });
    return jobId;
  }

  it('a refund while an analysis holds the credits takes them from the hold, so a failed analysis returns nothing', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    const jobId = await runningAnalysis(userId, 300);
    expect(await balance(userId)).toBe(0);

    const refund = refunded({ paymentIntentId: paid.paymentIntentId }, paid.amount, paid.amount);
    expect(await apply(refund)).toMatchObject({ credits: 0 });
    expect((await test.repos.analysisJobs.findById(jobId))!.reservedCredits).toBe(0);
    expect((await newest(userId)).note).toContain(
      '300 of the 300 credits taken back (100% of the credit-pack payment refunded; charge',
    );
    expect((await newest(userId)).note).toContain(
      '; 300 of them from the credits a running analysis held',
    );
    // replayed: the hold is not cut twice (nothing left anyway), the balance unchanged
    await apply({ ...refund, eventId: id('evt') });

    // The analysis fails (comments turned off): what comes back is what is left of its hold.
    await failAndRefund(test.container, { id: jobId, userId }, 'comments off');
    expect(await balance(userId)).toBe(0);
  });

  it('takes from the balance first and from a hold only what the balance lacks', async () => {
    const userId = await newUser();
    const paid = packsPaid(userId);
    await apply(paid);
    const older = await runningAnalysis(userId, 50);
    const newer = await runningAnalysis(userId, 100);
    expect(await balance(userId)).toBe(150);

    // half refunded: 150 to take, all from the balance
    await apply(refunded({ paymentIntentId: paid.paymentIntentId }, paid.amount, paid.amount / 2));
    expect(await balance(userId)).toBe(0);
    expect((await test.repos.analysisJobs.findById(newer))!.reservedCredits).toBe(100);

    // a dispute takes the rest (150): nothing in the balance, so the newest hold first, then the older
    const dispute = disputed(
      paid.paymentIntentId!,
      id('dp'),
      'charge.dispute.created',
      'needs_response',
      'withdrawn',
    );
    await apply(dispute);
    expect((await test.repos.analysisJobs.findById(newer))!.reservedCredits).toBe(0);
    expect((await test.repos.analysisJobs.findById(older))!.reservedCredits).toBe(0);
    expect(await balance(userId)).toBe(0);

    // won: exactly what it took comes back, to the balance
    await apply(
      disputed(
        paid.paymentIntentId!,
        dispute.disputeId,
        'charge.dispute.closed',
        'won',
        'reinstated',
      ),
    );
    expect(await balance(userId)).toBe(150);
  });
});
