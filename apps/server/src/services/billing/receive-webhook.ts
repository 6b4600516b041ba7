import { BadRequestError, NotFoundError } from '../../errors';
import { WebhookSignatureError } from '../../providers/stripe/payment-gateway.port';
import { applyPaymentEvent, type PaymentEventResult } from './apply-payment-event';
import { viaProvider, type BillingDeps } from './billing-deps';

export const WEBHOOKS_OFF_MESSAGE = 'Stripe webhooks are not enabled on this server.';

/**
 * POST /stripe/webhook: verifies the delivery against the raw body and its Stripe-Signature
 * header, then applies it once (fulfilment). 400 for a missing, wrong or too old signature (Stripe
 * shows it in the endpoint's log); 404 unless payments run on Stripe; 502 when reading the
 * checkout's line items, or the invoice a refunded or disputed payment paid, from Stripe fails
 * (Stripe then retries the delivery).
 */
export async function receiveWebhook(
  deps: Pick<BillingDeps, 'gateway' | 'transaction' | 'clock' | 'logger'>,
  input: { payload: Buffer; signature: string | undefined },
): Promise<PaymentEventResult> {
  const gateway = deps.gateway;
  if (!gateway || gateway.provider !== 'stripe') {
    throw new NotFoundError(WEBHOOKS_OFF_MESSAGE, 'webhooks_disabled');
  }
  const event = await viaProvider(deps, () =>
    gateway.parseWebhook(input.payload, input.signature, deps.clock.now()),
  ).catch((error: unknown) => {
    if (error instanceof WebhookSignatureError) {
      throw new BadRequestError(
        `The webhook signature could not be verified: ${error.message}`,
        undefined,
        'invalid_signature',
      );
    }
    throw error;
  });
  return applyPaymentEvent(deps, gateway.provider, event);
}
