import type { MeReply } from '@app/contracts';
import type { AuthDeps, AuthUser } from './auth-deps';

/** The signed-in account: e-mail, ledger balance and plan (`basic` until a subscription is active). */
export async function getAccount(
  deps: Pick<AuthDeps, 'repos' | 'clock'>,
  user: AuthUser,
): Promise<MeReply> {
  const [balance, plan] = await Promise.all([
    deps.repos.ledger.getBalance(user.id),
    deps.repos.subscriptions.findActivePlan(user.id, deps.clock.now()),
  ]);
  return { email: user.email, credits_balance: balance, subscription_plan: plan ?? 'basic' };
}
