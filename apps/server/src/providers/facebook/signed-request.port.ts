/**
 * Meta's `signed_request` (sent to a Data Deletion Request Callback, among others), once its
 * signature is checked: the app-scoped id of the person and when Meta issued it.
 */
export interface SignedRequest {
  userId: string;
  issuedAt: Date | null;
}

/** The request is malformed, signed with another key or algorithm, or names nobody. */
export class SignedRequestError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SignedRequestError';
  }
}

/** Checks a `signed_request` against the app's secret. Throws SignedRequestError. */
export interface SignedRequestVerifier {
  verify(signedRequest: string): SignedRequest;
}
