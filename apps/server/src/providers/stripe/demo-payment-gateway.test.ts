import { describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { DemoPaymentGateway, addMonth } from './demo-payment-gateway';
import { DemoSessionError, type PaymentCatalogue } from './payment-gateway.port';

const catalogue: PaymentCatalogue = {
  creditPackCredits: 100,
  creditPackPriceCents: 900,
  currency: 'usd',
  planPriceIds: { basic: undefined, pro: undefined, advanced: undefined },
};
const USER = '0b7c6b1e-3f7a-4a53-8d1a-5a2f9c0e7d11';

function gateway(clock = new ManualClock(new Date('2026-12-01T10:00:00Z'))) {
  return { clock, demo: new DemoPaymentGateway({ catalogue }, () => clock.now()) };
}

describe('DemoPaymentGateway', () => {
  it('signs what is bought into the session id and reads it back on this server only', async () => {
    const { clock, demo } = gateway();
    const { id, url } = await demo.createCheckout({
      userId: USER,
      email: 'a@example.com',
      customerId: await demo.createCustomer({ userId: USER, email: 'a@example.com' }),
      item: { kind: 'packs', packs: 2 },
      successUrl: 'https://chorus.test/?checkout=success',
      cancelUrl: 'https://chorus.test/?checkout=cancel',
    });
    expect(url).toBe(`https://chorus.test/api/v1/stripe/demo/checkout/${id}`);
    const session = demo.readSession(id, clock.now());
    expect(session).toMatchObject({
      kind: 'checkout',
      userId: USER,
      item: { kind: 'packs', packs: 2 },
      creditsPerPack: 100,
      successUrl: 'https://chorus.test/?checkout=success',
    });
    // Another server (another secret) and any edit of the payload are refused.
    const other = new DemoPaymentGateway({ catalogue });
    expect(() => other.readSession(id, clock.now())).toThrow(DemoSessionError);
    const [body, signature] = id.slice('cs_demo_'.length).split('.');
    const edited = Buffer.from(
      Buffer.from(body!, 'base64url').toString().replace('"packs":2', '"packs":99'),
    ).toString('base64url');
    expect(() => demo.readSession(`cs_demo_${edited}.${signature}`, clock.now())).toThrow(
      /not valid/,
    );
    clock.advance({ hours: 1, seconds: 1 });
    expect(() => demo.readSession(id, clock.now())).toThrow(/expired/);
  });

  it('a paid session gives the events a Stripe webhook would, with ids fixed per session', async () => {
    const { clock, demo } = gateway();
    const make = async (item: { kind: 'plan'; plan: 'pro' } | { kind: 'packs'; packs: number }) =>
      demo.readSession(
        (
          await demo.createCheckout({
            userId: USER,
            email: 'a@example.com',
            customerId: 'cus_demo_x',
            item,
            successUrl: 'http://localhost:3000/?checkout=success',
            cancelUrl: 'http://localhost:3000/?checkout=cancel',
          })
        ).id,
        clock.now(),
      );
    const packs = await make({ kind: 'packs', packs: 1 });
    if (packs.kind !== 'checkout') throw new Error('expected a checkout');
    const [paid] = demo.completeCheckout(packs, { packs: 3, now: clock.now() });
    expect(paid).toMatchObject({
      type: 'credits_paid',
      packs: 3,
      creditsPerPack: 100,
      userId: USER,
    });
    expect(demo.completeCheckout(packs, { packs: 5, now: clock.now() })[0]!.eventId).toBe(
      paid!.eventId,
    );

    const plan = await make({ kind: 'plan', plan: 'pro' });
    if (plan.kind !== 'checkout') throw new Error('expected a checkout');
    const events = demo.completeCheckout(plan, { packs: 1, now: clock.now() });
    expect(events.map((e) => e.type)).toEqual(['subscription_changed', 'plan_invoice_paid']);
    expect(events[0]).toMatchObject({
      plan: 'pro',
      status: 'active',
      currentPeriodEnd: new Date('2027-01-01T10:00:00Z'),
    });
    expect(events[1]).toMatchObject({ reason: 'subscription_create', plan: 'pro' });
  });

  it('adds calendar months, keeping the day where the month has it', () => {
    expect(addMonth(new Date('2026-01-31T08:00:00Z'))).toEqual(new Date('2026-02-28T08:00:00Z'));
    expect(addMonth(new Date('2026-12-15T08:00:00Z'))).toEqual(new Date('2027-01-15T08:00:00Z'));
  });
});
