import type { Clock } from '../../clock';
import type { Config } from '../../config/config';
import type { Logger } from '../../logger';
import { BadGatewayError, ForbiddenError } from '../../errors';
import {
  PaymentProviderError,
  type DemoCheckoutDesk,
  type PaymentGateway,
} from '../../providers/stripe/payment-gateway.port';
import type { Repositories, TransactionRunner } from '../../repositories';
import type { ProviderSubscription } from '../../repositories/subscription.repository';

/** What the billing use-cases need; each takes only the fields it uses. */
export interface BillingDeps {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  /** The configured payment provider; null when PAYMENTS_PROVIDER=off. */
  gateway: PaymentGateway | null;
  /** The demo provider's own checkout and portal pages; null unless payments run in demo mode. */
  demo: DemoCheckoutDesk | null;
  billingConfig: BillingConfig;
  logger: Pick<Logger, 'info' | 'warn'>;
}

export interface BillingConfig {
  provider: Config['payments']['provider'];
  creditPackCredits: number;
  creditPackPriceCents: number;
  currency: string;
  /** PUBLIC_URL without a trailing slash; undefined: the address each request came to. */
  publicUrl: string | undefined;
}

/** Picks the billing deps out of the app container (structurally, so services stay container-free). */
export function billingDepsFrom(c: {
  repos: Repositories;
  transaction: TransactionRunner;
  clock: Clock;
  payments: { gateway: PaymentGateway | null; demo: DemoCheckoutDesk | null };
  config: Pick<Config, 'payments' | 'publicUrl'>;
  logger: Pick<Logger, 'info' | 'warn'>;
}): BillingDeps {
  return {
    repos: c.repos,
    transaction: c.transaction,
    clock: c.clock,
    gateway: c.payments.gateway,
    demo: c.payments.demo,
    billingConfig: {
      provider: c.config.payments.provider,
      creditPackCredits: c.config.payments.creditPackCredits,
      creditPackPriceCents: c.config.payments.creditPackPriceCents,
      currency: c.config.payments.currency,
      publicUrl: c.config.publicUrl,
    },
    logger: c.logger,
  };
}

/** Where the provider sends the browser back to: PUBLIC_URL, else the request's own origin. */
export function returnUrls(config: Pick<BillingConfig, 'publicUrl'>, origin: string) {
  const base = (config.publicUrl ?? origin).replace(/\/+$/, '');
  return {
    success: `${base}/?checkout=success`,
    cancel: `${base}/?checkout=cancel`,
    portal: `${base}/?checkout=portal`,
  };
}

/** Statuses of a subscription that is still billed (a failed renewal is retried, not ended). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

/**
 * The subscription the provider still bills for this user, or null. A plan button for someone with
 * one opens the billing portal instead of a second checkout.
 */
export function liveSubscription(
  row: ProviderSubscription | null,
  provider: string,
): (ProviderSubscription & { providerSubscriptionId: string }) | null {
  if (!row || row.provider !== provider || !row.providerSubscriptionId) return null;
  if (!LIVE_STATUSES.has(row.status)) return null;
  return { ...row, providerSubscriptionId: row.providerSubscriptionId };
}

export function isLiveStatus(status: string): boolean {
  return LIVE_STATUSES.has(status);
}

/** The user's customer at the provider, created (and stored) on first use. */
export async function ensureCustomer(
  deps: Pick<BillingDeps, 'repos'> & { gateway: PaymentGateway },
  user: { id: string; email: string | null },
): Promise<string> {
  const provider = deps.gateway.provider;
  const stored = await deps.repos.paymentCustomers.find(user.id, provider);
  if (stored) return stored;
  const created = await deps.gateway.createCustomer({ userId: user.id, email: user.email });
  return deps.repos.paymentCustomers.save(user.id, provider, created);
}

export const PAYMENTS_OFF_MESSAGE =
  'Purchases are turned off on this Chorus server, so no checkout can open. Please contact the person who runs it.';

/** The configured gateway, or 403 when payments are off. */
export function requireGateway(deps: Pick<BillingDeps, 'gateway'>): PaymentGateway {
  if (!deps.gateway) throw new ForbiddenError(PAYMENTS_OFF_MESSAGE, 'payments_disabled');
  return deps.gateway;
}

/** Runs a provider call; its failures become a 502 with a message for people (details logged). */
export async function viaProvider<T>(
  deps: Pick<BillingDeps, 'logger'>,
  fn: () => Promise<T>,
): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (error instanceof PaymentProviderError) {
      deps.logger.warn({ err: error, status: error.status }, error.message);
      throw new BadGatewayError(error.userMessage, 'payment_provider_error');
    }
    throw error;
  }
}
