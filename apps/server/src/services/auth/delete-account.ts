import { DELETE_ACCOUNT_PHRASE, type DeleteAccountRequest } from '@app/contracts';
import { BadRequestError, ForbiddenError, NotFoundError } from '../../errors';
import type { Logger } from '../../logger';
import type { PaymentGateway } from '../../providers/stripe/payment-gateway.port';
import { viaProvider } from '../billing/billing-deps';
import { rateKeys } from '../rate-limit';
import type { AuthDeps, AuthUser } from './auth-deps';
import { knownDeviceOf } from './device-token';
import { checkPassword } from './log-in';
import { beginAttempt } from './sign-in-rate-limit';

export const PASSWORD_REQUIRED_MESSAGE = 'Enter your password to delete your account.';
export const WRONG_PASSWORD_MESSAGE =
  'That password is not right. Enter the password you sign in with to delete your account.';
export const PHRASE_REQUIRED_MESSAGE = `Type "${DELETE_ACCOUNT_PHRASE}" to confirm that you want to delete your account.`;

/**
 * Self-serve account deletion: it removes everything the data-deletion page lists, at once. The person confirms with their password when the account has one (a wrong password is
 * counted and rate-limited like a failed sign-in, and answers 403, not 401, so a typo does not sign
 * them out), or, for an account that signs in only through Google or Facebook, by typing
 * DELETE_ACCOUNT_PHRASE. Then the user row is deleted: account, sessions, identities, credit
 * ledger, subscription, analyses with their reports, comments, cached deep dives and shared links, notes,
 * notifications and workspaces (with their alert rules) all go with it through ON DELETE CASCADE; the sign-in failures kept for its e-mail are
 * removed too. The session that asked is gone with the rest. A plan the payment provider still bills
 * is cancelled first, and checkouts still open at the provider are expired: if the provider cannot
 * be reached nothing is deleted (502, try again), so nobody is left billed, or able to pay, for an
 * account that no longer exists.
 */
export async function deleteAccount(
  deps: Pick<
    AuthDeps,
    'repos' | 'transaction' | 'hasher' | 'clock' | 'authConfig' | 'cookieKey'
  > & {
    logger: Pick<Logger, 'info' | 'warn'>;
    /** The configured payment provider; null when payments are off. */
    paymentGateway: PaymentGateway | null;
  },
  user: AuthUser,
  input: DeleteAccountRequest & { ip: string; deviceToken?: string | undefined },
): Promise<void> {
  const account = await deps.repos.users.findById(user.id);
  if (!account) throw new NotFoundError('That account no longer exists.', 'account_not_found');

  if (account.passwordHash) {
    if (!input.password)
      throw new BadRequestError(
        PASSWORD_REQUIRED_MESSAGE,
        [{ path: 'password', message: PASSWORD_REQUIRED_MESSAGE }],
        'password_required',
      );
    // The password check counts like a sign-in's, and a known device of the account has its own limit.
    const attempt = await beginAttempt(deps, {
      ip: input.ip,
      key: account.email ?? `user:${account.id}`,
      device: knownDeviceOf(deps.cookieKey, input.deviceToken, account.id, deps.clock.now()),
    });
    let ok;
    try {
      ok = await checkPassword(deps.hasher, account.passwordHash, input.password);
    } catch (error) {
      await attempt.abandon();
      throw error;
    }
    if (!ok) {
      await attempt.fail();
      throw new ForbiddenError(WRONG_PASSWORD_MESSAGE, 'wrong_password');
    }
    // the right password is not a failure: its attempt is given back
    await attempt.abandon();
  } else if ((input.confirmation ?? '').trim().toLowerCase() !== DELETE_ACCOUNT_PHRASE) {
    throw new BadRequestError(
      PHRASE_REQUIRED_MESSAGE,
      [{ path: 'confirmation', message: PHRASE_REQUIRED_MESSAGE }],
      'confirmation_required',
    );
  }

  await eraseAccount(deps, account);
  deps.logger.info({ userId: user.id }, 'account deleted by its owner');
}

/**
 * Deletes an account and everything that cascades from its user row (see deleteAccount), after
 * expiring the checkouts still open at the payment provider and cancelling a plan it still bills
 * (502 when the provider cannot be reached, and then nothing is deleted). The sign-in failures and
 * password reset requests kept for its e-mail go too (its reset links cascade with the user row).
 */
export async function eraseAccount(
  deps: Pick<AuthDeps, 'repos' | 'transaction'> & {
    logger: Pick<Logger, 'info' | 'warn'>;
    paymentGateway: PaymentGateway | null;
  },
  account: { id: string; email: string | null },
): Promise<void> {
  const gateway = deps.paymentGateway;
  const customerId = gateway
    ? await deps.repos.paymentCustomers.find(account.id, gateway.provider)
    : null;
  if (gateway && customerId) {
    // A checkout left open in another tab could otherwise still be paid, for an account that no
    // longer exists (the payment would reach nobody's credits).
    const expired = await viaProvider(deps, () => gateway.expireOpenCheckouts(customerId));
    if (expired > 0) deps.logger.info({ userId: account.id, expired }, 'open checkouts expired');
    const cancelled = await viaProvider(deps, () => gateway.cancelSubscriptions(customerId));
    if (cancelled > 0)
      deps.logger.info({ userId: account.id, cancelled }, 'subscription cancelled');
  }

  await deps.transaction(async (repos) => {
    // The row lock makes a concurrent credit movement (a job settling) wait, then find no user.
    if (!(await repos.users.lockById(account.id))) return;
    if (account.email) await repos.loginAttempts.deleteForEmail(account.email);
    // What the limits counted for the account (its model calls, reset requests for its e-mail).
    await repos.rateLimitEvents.deleteForKeys([
      rateKeys.user(account.id),
      ...(account.email ? [rateKeys.email(account.email)] : []),
    ]);
    await repos.users.deleteById(account.id);
  });
}
