import type {
  BillingReply,
  CheckoutSessionRequest,
  CreditHistoryReply,
  RedirectUrlReply,
} from '@app/contracts';
import { apiRequest } from '../../lib/api-client';

/** The purchase calls of the plans modal (the header's Buy Credits opens GET /stripe/checkout). */
export const billingApi = {
  /** Where to send the buyer: a checkout page, or the billing portal for a subscriber changing plan. */
  checkoutSession: (body: CheckoutSessionRequest) =>
    apiRequest<RedirectUrlReply>('/api/v1/stripe/checkout-session', { method: 'POST', body }),
  /** The billing portal of the signed-in subscriber. */
  portalSession: () =>
    apiRequest<RedirectUrlReply>('/api/v1/stripe/portal-session', { method: 'POST' }),
  subscription: (signal?: AbortSignal) =>
    apiRequest<BillingReply>('/api/v1/stripe/subscription', { signal }),
  /** A page of the credit history, newest first; `before` is the previous page's next_cursor. */
  history: (page: { before?: string | undefined; limit?: number }, signal?: AbortSignal) =>
    apiRequest<CreditHistoryReply>('/api/v1/billing/history', {
      query: { before: page.before, limit: page.limit },
      signal,
    }),
};

export const billingQueryKey = (token: string | null) => ['billing', token] as const;
export const creditHistoryQueryKey = (token: string | null) => ['credit-history', token] as const;
