import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect, it } from 'vitest';
import { CreditHistoryReplySchema, type CreditHistoryReply, type MeReply } from '@app/contracts';
import type { Container } from '../../../container';
import { describeEachDatabase } from '../../../test/databases';
import { createTestUser, runTestAnalysis, useAnalysisTestApp } from '../../../test/factories';
import { bearer, signUpTestUser } from '../../../test/test-app';

const VIDEO = 'vidFile0001'; // 150 comments; its meta.json says the video has 1,000
const MISSING = 'vidNoFile01'; // no file: the job fails and is refunded

describeEachDatabase('GET /api/v1/billing/history', (t) => {
  let app: FastifyInstance;
  let container: Container;
  const test = useAnalysisTestApp(
    t,
    {
      videos: { [VIDEO]: { comments: 150, meta: { title: 'Desert trip', comment_count: 1000 } } },
    },
    (s) => ({ app, container } = s),
  );

  const history = (token: string | null, query = '') =>
    app.inject({
      method: 'GET',
      url: `/api/v1/billing/history${query}`,
      headers: token ? bearer(token) : {},
    });
  const page = async (token: string, query = ''): Promise<CreditHistoryReply> => {
    const res = await history(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return CreditHistoryReplySchema.parse(res.json());
  };
  const analyse = (token: string, videoId: string) => runTestAnalysis(app, token, videoId);

  it('asks for a sign-in', async () => {
    const res = await history(null);
    expect(res.statusCode).toBe(401);
    expect((await history('not-a-token-we-issued')).statusCode).toBe(401);
  });

  it('sign-up, an analysis, a failed one and a credit pack, newest first with the balance after each', async () => {
    const { token } = await signUpTestUser(app);
    expect((await page(token)).entries.map((e) => e.description)).toEqual(['Welcome credits']);

    expect((await analyse(token, VIDEO)).status).toBe('complete');
    expect((await analyse(token, MISSING)).status).toBe('failed');
    // a credit pack through the demo checkout, as Buy Credits does
    const start = await app.inject({ url: `/api/v1/stripe/checkout?token=${token}&packs=2` });
    const checkout = new URL(String(start.headers.location), 'http://localhost').pathname;
    const pay = await app.inject({
      method: 'POST',
      url: checkout,
      payload: 'packs=2&quoted=2',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        // the cookie the browser that opened the checkout holds
        cookie: String(start.headers['set-cookie']).split(';')[0]!,
      },
    });
    expect(pay.statusCode, pay.body).toBe(303);

    const { entries, next_cursor } = await page(token);
    expect(next_cursor).toBeNull();
    expect(
      entries.map(({ kind, credits, balance_after, description, video_id }) => ({
        kind,
        credits,
        balance_after,
        description,
        video_id,
      })),
    ).toEqual([
      {
        kind: 'credit_pack',
        credits: 200,
        balance_after: 201,
        description: 'Credit packs: 2 × 100 credits',
        video_id: null,
      },
      {
        kind: 'analysis_refund',
        credits: 1,
        balance_after: 1,
        description: `Analysis of YouTube video ${MISSING} failed: 1 credit refunded`,
        video_id: MISSING,
      },
      {
        kind: 'analysis_hold',
        credits: -1,
        balance_after: 0,
        description: `Analysis of YouTube video ${MISSING}: 1 credit held`,
        video_id: MISSING,
      },
      {
        kind: 'analysis_settled',
        credits: 1,
        balance_after: 1,
        description:
          'Analysis of “Desert trip” finished: 2 credits used, 1 credit returned (fewer comments than reserved)',
        video_id: VIDEO,
      },
      {
        kind: 'analysis_hold',
        credits: -3,
        balance_after: 0,
        description: 'Analysis of “Desert trip”: 3 credits held',
        video_id: VIDEO,
      },
      {
        kind: 'welcome',
        credits: 3,
        balance_after: 3,
        description: 'Welcome credits',
        video_id: null,
      },
    ]);
    const me = await app.inject({ url: '/api/v1/auth/me', headers: bearer(token) });
    expect(me.json<MeReply>().credits_balance).toBe(entries[0]!.balance_after);
    for (const e of entries) expect(e.description).not.toMatch(/cs_demo|checkout|_[A-Za-z0-9]{8}/);
    // dates are ISO times, newest first
    const times = entries.map((e) => Date.parse(e.created_at));
    expect(times.every((x) => !Number.isNaN(x))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('pages with before=next_cursor, 25 by default, up to 100', async () => {
    const { token, userId } = await createTestUser(test);
    for (let i = 0; i < 120; i++) {
      await container.repos.ledger.append({
        userId,
        delta: 1,
        kind: 'adjustment',
        idempotencyKey: randomUUID(),
      });
    }
    const first = await page(token);
    expect(first.entries).toHaveLength(25);
    expect(first.entries[0]!.balance_after).toBe(123);
    expect(first.next_cursor).toBe(String(first.entries[24]!.id));

    const second = await page(token, `?before=${first.next_cursor}&limit=100`);
    expect(second.entries).toHaveLength(96); // 121 in all: the welcome line and 120 more
    expect(second.entries[0]!.id).toBeLessThan(first.entries[24]!.id);
    expect(second.entries[0]!.balance_after).toBe(98);
    expect(second.next_cursor).toBeNull();
    expect(second.entries.at(-1)!.description).toBe('Welcome credits');

    const one = await page(token, '?limit=1');
    expect(one.entries).toHaveLength(1);
    expect(one.next_cursor).toBe(String(one.entries[0]!.id));
  });

  it.each([
    ['?limit=0', 'limit is a whole number from 1 to 100.'],
    ['?limit=101', 'limit is a whole number from 1 to 100.'],
    ['?limit=ten', 'limit is a whole number from 1 to 100.'],
    ['?limit=2.5', 'limit is a whole number from 1 to 100.'],
    ['?limit=1&limit=2', 'limit is a whole number from 1 to 100.'],
    ['?before=abc', 'before is the next_cursor of the previous page.'],
    ['?before=0', 'before is the next_cursor of the previous page.'],
    ['?before=-5', 'before is the next_cursor of the previous page.'],
  ])('answers 400 for %s with a readable message', async (query, message) => {
    const { token } = await signUpTestUser(app);
    const res = await history(token, query);
    expect(res.statusCode).toBe(400);
    expect(res.json<{ message: string }>().message).toBe(message);
  });

  it("shows only the signed-in creator's own entries, whatever the cursor", async () => {
    const a = await signUpTestUser(app);
    const b = await createTestUser(test);
    const bId = b.userId;
    await container.repos.ledger.append({
      userId: bId,
      delta: 7,
      kind: 'adjustment',
      idempotencyKey: randomUUID(),
    });
    const mine = await page(a.token);
    expect(mine.entries.map((e) => e.description)).toEqual(['Welcome credits']);
    const theirs = await page(b.token);
    expect(theirs.entries.map((e) => e.credits)).toEqual([7, 3]);
    // a cursor above their newest entry still lists only A's
    const far = await page(a.token, `?before=${theirs.entries[0]!.id + 1000}`);
    expect(far.entries.map((e) => e.id)).toEqual(mine.entries.map((e) => e.id));
  });
});
