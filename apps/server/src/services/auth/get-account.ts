import type { MeReply } from '@app/contracts';
import type { AuthDeps, AuthUser } from './auth-deps';

/**
 * The signed-in account: e-mail, ledger balance, plan (`basic` until a subscription is active),
 * whether it has a password, which providers it signs in with and whether its address is proven.
 */
export async function getAccount(
  deps: Pick<AuthDeps, 'repos' | 'clock'>,
  user: AuthUser,
): Promise<MeReply> {
  const [balance, plan, account, providers] = await Promise.all([
    deps.repos.ledger.getBalance(user.id),
    deps.repos.subscriptions.findActivePlan(user.id, deps.clock.now()),
    deps.repos.users.findById(user.id),
    deps.repos.identities.providersOf(user.id),
  ]);
  return {
    email: user.email,
    credits_balance: balance,
    subscription_plan: plan ?? 'basic',
    has_password: Boolean(account?.passwordHash),
    providers,
    email_verified: Boolean(account?.email && account.emailVerifiedAt),
  };
}
