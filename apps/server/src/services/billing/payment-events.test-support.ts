import { randomUUID } from 'node:crypto';
import { beforeAll } from 'vitest';
import type {
  CreditsPaidEvent,
  PaymentDisputedEvent,
  PaymentRefundedEvent,
  PlanInvoicePaidEvent,
} from '../../providers/stripe/payment-gateway.port';
import type { TestDatabase } from '../../test/databases';
import { createTestContainer } from '../../test/test-app';
import { billingDepsFrom, type BillingDeps } from './billing-deps';

/** When the billing tests' events happen (the test clock is set to it). */
export const PAID_AT = new Date('2026-12-01T10:00:00Z');

/**
 * Payment events as the Stripe adapter hands them to `applyPaymentEvent`, each with fresh
 * provider ids; `onId` sees every id made (to check none leaks into what users read).
 */
export function paymentEvents(onId: (id: string) => void = () => {}) {
  let n = 0;
  const id = (prefix: string) => {
    const value = `${prefix}_${Date.now().toString(36)}x${++n}`;
    onId(value);
    return value;
  };
  const base = (providerType: string) => ({
    eventId: id('evt'),
    providerType,
    occurredAt: PAID_AT,
  });
  return {
    id,
    base,
    /** A paid credit-pack checkout: packs of 100 credits at $9.00, paid by its PaymentIntent. */
    packsPaid: (userId: string, packs = 3): CreditsPaidEvent & { amount: number } => {
      return {
        ...base('checkout.session.completed'),
        type: 'credits_paid',
        checkoutId: id('cs_test'),
        userId,
        customerId: null,
        packs,
        creditsPerPack: 100,
        paymentIntentId: id('pi'),
        amount: 900 * packs,
      };
    },
    planPaid: (
      userId: string,
      plan: 'basic' | 'pro',
      reason: PlanInvoicePaidEvent['reason'],
    ): PlanInvoicePaidEvent => {
      return {
        ...base('invoice.paid'),
        type: 'plan_invoice_paid',
        invoiceId: id('in'),
        reason,
        userId,
        customerId: null,
        subscriptionId: id('sub'),
        plan,
        paymentIntentId: id('pi'),
        chargeId: id('ch'),
      };
    },
    refunded: (
      payment: { chargeId?: string; paymentIntentId?: string | null; invoiceId?: string | null },
      amount: number,
      amountRefunded: number,
    ): PaymentRefundedEvent => {
      const chargeId = payment.chargeId ?? id('ch');
      return {
        ...base('charge.refunded'),
        type: 'payment_refunded',
        chargeId,
        payment: {
          chargeId,
          paymentIntentId: payment.paymentIntentId ?? null,
          checkoutId: null,
          invoiceId: payment.invoiceId ?? null,
        },
        amount,
        amountRefunded,
        currency: 'usd',
      };
    },
    disputed: (
      paymentIntentId: string,
      disputeId: string,
      providerType: string,
      status: string,
      funds: PaymentDisputedEvent['funds'],
    ): PaymentDisputedEvent => {
      return {
        ...base(providerType),
        type: 'payment_disputed',
        disputeId,
        payment: { chargeId: id('ch'), paymentIntentId, checkoutId: null, invoiceId: null },
        funds,
        status,
      };
    },
  };
}

/** A test container on the suite's database with its clock at PAID_AT, set up in beforeAll. */
export function useBillingTest(t: TestDatabase, emailPrefix: string) {
  const test = {} as {
    container: ReturnType<typeof createTestContainer>;
    deps: BillingDeps;
    repos: BillingDeps['repos'];
    /** A new account (no credits), by id. */
    newUser: () => Promise<string>;
  };
  beforeAll(() => {
    test.container = createTestContainer({ database: t.database });
    test.container.clock.set(PAID_AT);
    test.deps = billingDepsFrom(test.container);
    test.repos = test.container.repos;
  });
  test.newUser = async () => {
    const user = await test.repos.users.create({
      email: `${emailPrefix}-${randomUUID()}@example.com`,
      passwordHash: null,
    });
    return user!.id;
  };
  return test;
}
