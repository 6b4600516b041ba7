import { expect } from 'vitest';
import { IdentityTokenError } from './identity-provider.port';

/** The rejection (or unavailability) a verify call ends in, or null when it passed. */
export async function failureOf(promise: Promise<unknown>) {
  try {
    await promise;
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(IdentityTokenError);
    const e = error as IdentityTokenError;
    return { failure: e.failure, reason: e.reason, message: e.message };
  }
}
