import { createHmac, timingSafeEqual } from 'node:crypto';

import {
  SignedRequestError,
  type SignedRequest,
  type SignedRequestVerifier,
} from './signed-request.port';

/**
 * The wire format: two base64url parts joined by a dot, `<signature>.<payload>`. The signature is
 * HMAC-SHA256 of the payload part, as sent, keyed with the app secret; the payload is JSON with
 * `algorithm` ("HMAC-SHA256"), `issued_at` (Unix seconds) and `user_id`.
 */
const BASE64URL = /^[A-Za-z0-9_-]+={0,2}$/;

/** Longest signed request read: Meta's are a few hundred characters. */
const MAX_LENGTH = 8192;

/**
 * Checks `signedRequest` against each of `appSecrets` (an app may be reached through more than one
 * secret during a rotation) and returns its person. Throws SignedRequestError when it is malformed,
 * signed with another key or another algorithm, or names nobody.
 */
export function parseSignedRequest(
  signedRequest: string,
  appSecrets: readonly string[],
): SignedRequest {
  if (signedRequest.length > MAX_LENGTH) throw new SignedRequestError('signed_request is too long');
  const parts = signedRequest.split('.');
  if (parts.length !== 2 || !parts.every((p) => p !== '' && BASE64URL.test(p)))
    throw new SignedRequestError('signed_request is not two base64url parts');
  const [signaturePart, payloadPart] = parts as [string, string];
  const signature = Buffer.from(signaturePart, 'base64url');
  const signedBy = appSecrets.some((secret) => {
    const expected = createHmac('sha256', secret).update(payloadPart).digest();
    return expected.length === signature.length && timingSafeEqual(expected, signature);
  });
  if (!signedBy) throw new SignedRequestError('signed_request has a wrong signature');
  let payload: unknown;
  try {
    payload = JSON.parse(Buffer.from(payloadPart, 'base64url').toString('utf8'));
  } catch {
    throw new SignedRequestError('signed_request payload is not JSON');
  }
  if (typeof payload !== 'object' || payload === null)
    throw new SignedRequestError('signed_request payload is not an object');
  const { algorithm, user_id: userId, issued_at: issuedAt } = payload as Record<string, unknown>;
  if (typeof algorithm !== 'string' || algorithm.toUpperCase() !== 'HMAC-SHA256')
    throw new SignedRequestError('signed_request uses an unknown algorithm');
  const id = typeof userId === 'number' ? String(userId) : userId;
  if (typeof id !== 'string' || !/^\d{1,32}$/.test(id))
    throw new SignedRequestError('signed_request names no user');
  return {
    userId: id,
    issuedAt:
      typeof issuedAt === 'number' && Number.isFinite(issuedAt) ? new Date(issuedAt * 1000) : null,
  };
}

/** The verifier for one Meta app (its secret, or the old and new during a rotation). */
export class HmacSignedRequestVerifier implements SignedRequestVerifier {
  constructor(private readonly appSecrets: readonly string[]) {}

  verify(signedRequest: string): SignedRequest {
    return parseSignedRequest(signedRequest, this.appSecrets);
  }
}
