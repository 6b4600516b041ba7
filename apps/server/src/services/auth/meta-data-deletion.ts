import { randomBytes } from 'node:crypto';
import type { Clock } from '../../clock';
import type { Logger } from '../../logger';
import type { PaymentGateway } from '../../providers/stripe/payment-gateway.port';
import type { DataDeletionRequest } from '../../repositories/data-deletion-request.repository';
import { BadRequestError, NotConfiguredError, NotFoundError } from '../../errors';
import {
  SignedRequestError,
  type SignedRequestVerifier,
} from '../../providers/facebook/signed-request.port';
import type { AuthDeps } from './auth-deps';
import { eraseAccount } from './delete-account';

type Deps = Pick<AuthDeps, 'repos' | 'transaction'> & {
  /** null when Facebook is not configured: 503. */
  signedRequests: SignedRequestVerifier | null;
  clock: Clock;
  logger: Pick<Logger, 'info' | 'warn'>;
  paymentGateway: PaymentGateway | null;
};

/** Letters and digits a person reads back without confusion (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** Codes are `DEL-` and 12 of those characters: about 59 bits, not guessable. */
const CODE = /^DEL-[A-HJ-KM-NP-Z2-9]{12}$/;

function newCode(): string {
  const bytes = randomBytes(12);
  return `DEL-${Array.from(bytes, (b) => CODE_ALPHABET[b % CODE_ALPHABET.length]).join('')}`;
}

export const FACEBOOK_NOT_CONFIGURED =
  'Facebook is not configured on this server, so it cannot take deletion requests from Meta.';
export const SIGNED_REQUEST_REJECTED =
  'The signed_request could not be verified with this app’s secret.';

/**
 * A Data Deletion Request from Meta: `signedRequest` names the Facebook user (the app-scoped id
 * that Facebook sign-in stored); 400 when it does not verify, 503 without Facebook: the person removed Chorus in their Facebook settings and asked for
 * their data to be deleted. The Chorus account that person signs in to with Facebook is deleted
 * with everything the data-deletion page lists, as self-serve deletion does (a plan still billed is
 * cancelled first). When no account is linked to that Facebook user, there is nothing to delete
 * and the request is still recorded, so the status link says so. The returned code is what Meta
 * shows the person; the row keeps no trace of who they were.
 */
export async function deleteFacebookUserData(
  deps: Deps,
  signedRequest: string,
): Promise<DataDeletionRequest> {
  if (!deps.signedRequests) throw new NotConfiguredError('facebook', FACEBOOK_NOT_CONFIGURED);
  let facebookUserId: string;
  try {
    facebookUserId = deps.signedRequests.verify(signedRequest).userId;
  } catch (error) {
    if (!(error instanceof SignedRequestError)) throw error;
    deps.logger.warn({ reason: error.message }, 'Meta data deletion request rejected');
    throw new BadRequestError(SIGNED_REQUEST_REJECTED, [], 'signed_request_rejected');
  }
  const requestedAt = deps.clock.now();
  const identity = await deps.repos.identities.find('facebook', facebookUserId);
  const account = identity ? await deps.repos.users.findById(identity.userId) : null;
  if (account) await eraseAccount(deps, account);
  const request: DataDeletionRequest = {
    code: newCode(),
    source: 'facebook',
    outcome: account ? 'account_deleted' : 'no_account',
    requestedAt,
    completedAt: deps.clock.now(),
  };
  await deps.repos.dataDeletionRequests.record(request);
  deps.logger.info(
    { code: request.code, outcome: request.outcome, ...(account ? { userId: account.id } : {}) },
    'Meta data deletion request handled',
  );
  return request;
}

export const DELETION_REQUEST_NOT_FOUND =
  'No deletion request has that confirmation code. Check the code Facebook showed you.';

/** The status of a deletion request by its confirmation code (404 for an unknown or malformed code). */
export async function getDataDeletionRequest(
  deps: Pick<AuthDeps, 'repos'>,
  code: string,
): Promise<DataDeletionRequest> {
  const normalised = code.trim().toUpperCase();
  const request = CODE.test(normalised)
    ? await deps.repos.dataDeletionRequests.find(normalised)
    : null;
  if (!request) throw new NotFoundError(DELETION_REQUEST_NOT_FOUND, 'deletion_request_not_found');
  return request;
}
