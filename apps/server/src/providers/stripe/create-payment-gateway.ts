import type { Config } from '../../config/config';
import { DemoPaymentGateway } from './demo-payment-gateway';
import type { DemoCheckoutDesk, PaymentCatalogue, PaymentGateway } from './payment-gateway.port';
import { StripePaymentGateway } from './stripe-payment-gateway';

/** The payment adapters for PAYMENTS_PROVIDER: Stripe, the demo checkout, or none (off). */
export interface Payments {
  gateway: PaymentGateway | null;
  /** The demo provider's own pages; set only in demo mode. */
  demo: DemoCheckoutDesk | null;
}

export function createPayments(config: Config['payments'], now: () => Date): Payments {
  const catalogue: PaymentCatalogue = {
    creditPackCredits: config.creditPackCredits,
    creditPackPriceCents: config.creditPackPriceCents,
    currency: config.currency,
    planPriceIds: config.planPriceIds,
  };
  switch (config.provider) {
    case 'off':
      return { gateway: null, demo: null };
    case 'stripe':
      // The configuration refuses to load without both secrets in stripe mode.
      return {
        gateway: new StripePaymentGateway({
          secretKey: config.stripeSecretKey!,
          webhookSecret: config.stripeWebhookSecret!,
          ...(config.stripeApiUrl ? { apiUrl: config.stripeApiUrl } : {}),
          catalogue,
        }),
        demo: null,
      };
    case 'demo': {
      const demo = new DemoPaymentGateway({ catalogue }, now);
      return { gateway: demo, demo };
    }
  }
}
