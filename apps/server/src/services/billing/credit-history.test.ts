import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { CreditHistoryEntry } from '@app/contracts';
import { CREDIT_KINDS } from '../../db/tables/auth';
import type { CreditHistoryRow } from '../../repositories/credit-ledger.repository';
import { describeEachDatabase } from '../../test/databases';
import { ledgerKeys } from '../analysis/analysis-deps';
import { failAndRefund } from '../analysis/process-analysis';
import { grantSignupCredits } from '../auth/sign-up';
import { applyPaymentEvent } from './apply-payment-event';
import { describeCreditMovement, listCreditHistory, PUBLIC_KIND } from './credit-history';
import { PAID_AT, paymentEvents, useBillingTest } from './payment-events.test-support';

const at = PAID_AT;

/** Anything that looks like a Stripe id (cs_, ch_, in_, pi_, dp_, du_, evt_, sub_, cus_, re_). */
const PROVIDER_ID = /\b(?:cs|ch|in|pi|py|dp|du|evt|sub|cus|re)_[A-Za-z0-9]/;

describeEachDatabase('credit history', (t) => {
  /** Every provider id the scenario used: none may show in a description. */
  const providerIds: string[] = [];
  const {
    id: pid,
    packsPaid,
    planPaid,
    refunded,
    disputed,
  } = paymentEvents((value) => providerIds.push(value));
  const test = useBillingTest(t, 'history');
  const { newUser } = test;
  const apply = (event: Parameters<typeof applyPaymentEvent>[2]) =>
    applyPaymentEvent(test.deps, 'stripe', event);
  const history = (userId: string, page: { before?: number; limit?: number } = {}) =>
    listCreditHistory(
      { repos: test.repos },
      { userId, before: page.before, limit: page.limit ?? 25 },
    );

  /** An analysis the way the real services write it: job row, hold, then settle or refund. */
  async function analysis(
    userId: string,
    input: { videoId: string; title: string | null; reserved: number; charged: number | 'fail' },
  ): Promise<void> {
    const jobId = randomUUID();
    await test.repos.ledger.append({
      userId,
      delta: -input.reserved,
      kind: 'reservation',
      idempotencyKey: ledgerKeys(jobId).reserve,
      jobId,
    });
    await test.repos.analysisJobs.create({
      id: jobId,
      userId,
      videoId: input.videoId,
      title: input.title,
      thumbnailUrl: null,
      channelTitle: null,
      videoCommentCount: null,
      commentLimit: input.reserved * 100,
      reservedCredits: input.reserved,
      priority: 0,
    });
    if (input.charged === 'fail') {
      await failAndRefund(
        { transaction: test.container.transaction, clock: test.container.clock },
        { id: jobId, userId },
        'The comments could not be read. Your credits were refunded.',
      );
      return;
    }
    await test.repos.ledger.append({
      userId,
      delta: input.reserved - input.charged,
      kind: 'settlement',
      idempotencyKey: ledgerKeys(jobId).settle,
      jobId,
    });
    await test.repos.analysisJobs.markComplete(jobId, {
      chargedCredits: input.charged,
      finishedAt: at,
    });
  }

  /** Every kind of movement the server writes, with the notes its own code writes. */
  async function everyKind(userId: string): Promise<void> {
    await grantSignupCredits(test.repos, test.container.config.auth, userId); // +3 = 3
    await analysis(userId, {
      videoId: 'JspWFbynlmk',
      title: 'Sidemen: Among Us',
      reserved: 3,
      charged: 1,
    }); // -3 +2 = 2
    await analysis(userId, {
      videoId: 'ig_17900000000000001',
      title: null,
      reserved: 1,
      charged: 'fail',
    }); // -1 +1 = 2
    await analysis(userId, { videoId: 'wAZZ-UWGVHI', title: null, reserved: 1, charged: 1 }); // -1 +0 = 1
    const three = packsPaid(userId, 3);
    await apply(three); // +300 = 301
    const one = packsPaid(userId, 1);
    await apply(one); // +100 = 401
    const first = planPaid(userId, 'pro', 'subscription_create');
    await apply(first); // +1500 = 1901
    await apply(planPaid(userId, 'basic', 'subscription_cycle')); // +500 = 2401
    // half of the 3-pack refunded: 150 of 300 back
    await apply(
      refunded({ paymentIntentId: three.paymentIntentId }, three.amount, three.amount / 2),
    ); // -150 = 2251
    // the Pro payment disputed, then won
    const dispute = pid('du');
    await apply(
      disputed(
        first.paymentIntentId!,
        dispute,
        'charge.dispute.funds_withdrawn',
        'needs_response',
        'withdrawn',
      ),
    ); // -1500 = 751
    await apply(
      disputed(first.paymentIntentId!, dispute, 'charge.dispute.closed', 'won', 'reinstated'),
    ); // +1500 = 2251
    await test.repos.ledger.append({
      userId,
      delta: 5,
      kind: 'adjustment',
      idempotencyKey: randomUUID(),
      note: 'ticket 4711, internal',
    }); // +5 = 2256
    await test.repos.ledger.append({
      userId,
      delta: -2,
      kind: 'adjustment',
      idempotencyKey: randomUUID(),
    }); // -2 = 2254
    // spend almost everything, then the 1-pack is refunded: only 1 of its 100 can be taken
    await analysis(userId, {
      videoId: 'jt2OHQh0HoQ',
      title: 'Phone review',
      reserved: 2253,
      charged: 2253,
    }); // 1
    await apply(refunded({ paymentIntentId: one.paymentIntentId }, one.amount, one.amount)); // -1 = 0
    // and a dispute of the 3-pack now finds nothing left to take
    await apply(
      disputed(
        three.paymentIntentId!,
        pid('du'),
        'charge.dispute.funds_withdrawn',
        'needs_response',
        'withdrawn',
      ),
    ); // 0
  }

  it('describes every kind of movement in a sentence, oldest last, with the balance after each', async () => {
    const userId = await newUser();
    await everyKind(userId);
    const { entries, next_cursor } = await history(userId, { limit: 100 });
    expect(next_cursor).toBeNull();
    const lines = entries.map((e) => [
      e.kind,
      e.credits,
      e.balance_after,
      e.description,
      e.video_id,
    ]);
    expect(lines.reverse()).toEqual([
      ['welcome', 3, 3, 'Welcome credits', null],
      ['analysis_hold', -3, 0, 'Analysis of “Sidemen: Among Us”: 3 credits held', 'JspWFbynlmk'],
      [
        'analysis_settled',
        2,
        2,
        'Analysis of “Sidemen: Among Us” finished: 1 credit used, 2 credits returned (fewer comments than reserved)',
        'JspWFbynlmk',
      ],
      [
        'analysis_hold',
        -1,
        1,
        'Analysis of an Instagram post: 1 credit held',
        'ig_17900000000000001',
      ],
      [
        'analysis_refund',
        1,
        2,
        'Analysis of an Instagram post failed: 1 credit refunded',
        'ig_17900000000000001',
      ],
      [
        'analysis_hold',
        -1,
        1,
        'Analysis of YouTube video wAZZ-UWGVHI: 1 credit held',
        'wAZZ-UWGVHI',
      ],
      [
        'analysis_settled',
        0,
        1,
        'Analysis of YouTube video wAZZ-UWGVHI finished: 1 credit used',
        'wAZZ-UWGVHI',
      ],
      ['credit_pack', 300, 301, 'Credit packs: 3 × 100 credits', null],
      ['credit_pack', 100, 401, 'Credit pack: 100 credits', null],
      ['plan', 1500, 1901, 'Pro plan: first month', null],
      ['plan', 500, 2401, 'Basic plan renewal', null],
      [
        'payment_refund',
        -150,
        2251,
        'Refund of your credit pack payment (3 × 100 credits), 50% refunded: 150 credits taken back',
        null,
      ],
      [
        'chargeback',
        -1500,
        751,
        'Chargeback: your Pro plan payment was disputed; 1,500 credits taken back',
        null,
      ],
      [
        'chargeback_reversal',
        1500,
        2251,
        'Chargeback reversed (dispute won): 1,500 credits given back',
        null,
      ],
      ['adjustment', 5, 2256, 'Credit adjustment: 5 credits added', null],
      ['adjustment', -2, 2254, 'Credit adjustment: 2 credits removed', null],
      ['analysis_hold', -2253, 1, 'Analysis of “Phone review”: 2,253 credits held', 'jt2OHQh0HoQ'],
      [
        'analysis_settled',
        0,
        1,
        'Analysis of “Phone review” finished: 2,253 credits used',
        'jt2OHQh0HoQ',
      ],
      [
        'payment_refund',
        -1,
        0,
        'Refund of your credit pack payment (100 credits): 1 credit taken back (99 more had already been used)',
        null,
      ],
      [
        'chargeback',
        0,
        0,
        'Chargeback: your credit pack payment (3 × 100 credits) was disputed; no credits taken back (all 150 had already been used)',
        null,
      ],
    ]);
    // The newest entry's balance after is the account's balance.
    expect(entries[0]!.balance_after).toBe(await test.repos.ledger.getBalance(userId));
    // Every internal kind was written, so every public kind is covered by the list above.
    const kinds = new Set(entries.map((e) => e.kind));
    expect([...kinds].sort()).toEqual([...new Set(Object.values(PUBLIC_KIND))].sort());
    for (const e of entries) {
      expect(e.description, e.description).not.toMatch(PROVIDER_ID);
      for (const secret of providerIds) expect(e.description).not.toContain(secret);
      expect(e.description).not.toMatch(/ticket|internal|job:|stripe:|signup:/);
      expect(Date.parse(e.created_at)).not.toBeNaN();
    }
  });

  it('pages newest first by id: next_cursor leads to the older entries, each once', async () => {
    const userId = await newUser();
    for (let i = 1; i <= 7; i++) {
      await test.repos.ledger.append({
        userId,
        delta: i,
        kind: 'adjustment',
        idempotencyKey: randomUUID(),
      });
    }
    const seen: CreditHistoryEntry[] = [];
    const cursors: (string | null)[] = [];
    let before: number | undefined;
    for (;;) {
      const page = await history(userId, { before, limit: 3 });
      expect(page.entries.length).toBeLessThanOrEqual(3);
      seen.push(...page.entries);
      cursors.push(page.next_cursor);
      if (!page.next_cursor) break;
      before = Number(page.next_cursor);
    }
    expect(cursors).toEqual([String(seen[2]!.id), String(seen[5]!.id), null]);
    expect(seen.map((e) => e.credits)).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(seen.map((e) => e.balance_after)).toEqual([28, 21, 15, 10, 6, 3, 1]);
    const ids = seen.map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(new Set(ids).size).toBe(7);
    // A page that ends exactly at the oldest entry says so (no empty page to fetch).
    const exact = await history(userId, { limit: 7 });
    expect(exact.next_cursor).toBeNull();
    // Before the oldest: nothing; an account with no movements: nothing.
    expect(await history(userId, { before: ids.at(-1)! })).toEqual({
      entries: [],
      next_cursor: null,
    });
    expect(await history(await newUser())).toEqual({ entries: [], next_cursor: null });
  });

  it("never shows another account's entries, or another account's analysis title", async () => {
    const mine = await newUser();
    const theirs = await newUser();
    await grantSignupCredits(test.repos, test.container.config.auth, mine);
    await grantSignupCredits(test.repos, test.container.config.auth, theirs);
    await analysis(theirs, {
      videoId: 'JspWFbynlmk',
      title: 'Their secret video',
      reserved: 2,
      charged: 2,
    });
    // A row of mine naming their job (no foreign key stops it): their title must not show.
    const theirJob = (await test.repos.ledger.listForUser(theirs)).find((e) => e.jobId)!.jobId!;
    await test.repos.ledger.append({
      userId: mine,
      delta: -1,
      kind: 'reservation',
      idempotencyKey: randomUUID(),
      jobId: theirJob,
    });
    const page = await history(mine, { limit: 100 });
    expect(page.entries.map((e) => e.description)).toEqual([
      'Analysis: 1 credit held',
      'Welcome credits',
    ]);
    expect(page.entries.map((e) => e.video_id)).toEqual([null, null]);
    expect(page.entries.map((e) => e.balance_after)).toEqual([2, 3]);
    // Paging with a cursor taken from their history shows only mine older than it.
    const theirNewest = (await history(theirs)).entries[0]!.id;
    const older = await history(mine, { before: theirNewest + 1, limit: 100 });
    expect(older.entries.every((e) => page.entries.some((m) => m.id === e.id))).toBe(true);
  });
});

describe('describeCreditMovement (rows the services do not write today)', () => {
  const row = (over: Partial<CreditHistoryRow>): CreditHistoryRow => ({
    id: 1,
    delta: 0,
    kind: 'adjustment',
    note: null,
    createdAt: at,
    balanceAfter: 0,
    job: null,
    reversal: null,
    ...over,
  });

  it('has a sentence for every ledger kind, even without notes, jobs or reversal rows', () => {
    for (const kind of CREDIT_KINDS) {
      const text = describeCreditMovement(row({ kind, delta: kind === 'reservation' ? -2 : 2 }));
      expect(text, kind).toMatch(/^[A-Z][^\n]{4,}$/);
      expect(text, kind).not.toMatch(/undefined|null|NaN/);
    }
    expect(describeCreditMovement(row({ kind: 'purchase', delta: 250, note: 'odd' }))).toBe(
      'Credit purchase: 250 credits',
    );
    expect(describeCreditMovement(row({ kind: 'plan_renewal', delta: 500 }))).toBe(
      'Plan credits: 500 credits',
    );
  });

  it('shortens a long title and collapses its white space', () => {
    const job = {
      videoId: 'JspWFbynlmk',
      title: `A   very\nlong ${'title '.repeat(30)}`,
      reservedCredits: 3,
      chargedCredits: null,
    };
    const text = describeCreditMovement(row({ kind: 'reservation', delta: -3, job }));
    expect(text).toMatch(/^Analysis of “A very long title title .*…”: 3 credits held$/);
    expect(text.indexOf('”') - text.indexOf('“') - 1).toBeLessThanOrEqual(80);
  });

  it('says how much of a refund or chargeback came out of a running analysis', () => {
    const reversal = {
      claimed: 300,
      taken: 280,
      grantKind: 'purchase' as const,
      grantNote: '3 credit packs of 100 (checkout cs_x)',
    };
    expect(
      describeCreditMovement(
        row({
          kind: 'payment_refund',
          delta: -30,
          note: 'Refund: 280 of the 300 credits taken back (100% of the credit-pack payment refunded; charge ch_x)',
          reversal,
        }),
      ),
    ).toBe(
      'Refund of your credit pack payment (3 × 100 credits): 280 credits taken back, 250 of them from an analysis running then (20 more had already been used)',
    );
    expect(describeCreditMovement(row({ kind: 'chargeback', delta: 0, reversal }))).toMatch(
      /; 280 credits taken back, 280 of them from an analysis running then \(20 more had already been used\)$/,
    );
  });
});
