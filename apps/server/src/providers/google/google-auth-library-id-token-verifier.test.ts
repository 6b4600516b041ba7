import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../identity/identity-token.test-support';
import {
  createGoogleTestKey,
  signGoogleIdToken,
  startGoogleCertsServer,
  type GoogleCertsServer,
  type IdTokenClaims,
} from './google-certs.test-support';
import { GoogleAuthLibraryIdTokenVerifier } from './google-auth-library-id-token-verifier';

const CLIENT_ID = '1234567890-chorus.apps.googleusercontent.com';

describe('GoogleAuthLibraryIdTokenVerifier against a local certificates server', () => {
  const key = createGoogleTestKey();
  const otherKey = createGoogleTestKey(key.kid); // same kid, different key: a forged signature
  let certs: GoogleCertsServer;
  let verifier: GoogleAuthLibraryIdTokenVerifier;
  const now = () => Math.floor(Date.now() / 1000);
  const claims = (over: IdTokenClaims = {}): IdTokenClaims => ({
    aud: CLIENT_ID,
    sub: '109876543210987654321',
    email: 'Creator@Example.com',
    email_verified: true,
    name: 'Casey Creator',
    ...over,
  });

  beforeAll(async () => {
    certs = await startGoogleCertsServer([key]);
    verifier = new GoogleAuthLibraryIdTokenVerifier({ clientId: CLIENT_ID, certsUrl: certs.url });
  });
  afterAll(async () => {
    await certs?.close();
  });

  it('accepts a good token: subject, lower-cased verified e-mail and name', async () => {
    const identity = await verifier.verify(signGoogleIdToken(key, claims()));
    expect(identity).toEqual({
      provider: 'google',
      subject: '109876543210987654321',
      email: 'creator@example.com',
      name: 'Casey Creator',
    });
    // Both documented issuer spellings are Google's.
    const bare = await verifier.verify(
      signGoogleIdToken(key, claims({ iss: 'accounts.google.com' })),
    );
    expect(bare.subject).toBe('109876543210987654321');
  });

  it('caches the certificates for their max-age instead of fetching them per sign-in', async () => {
    const before = certs.fetches();
    await verifier.verify(signGoogleIdToken(key, claims({ sub: 'cache-1' })));
    await verifier.verify(signGoogleIdToken(key, claims({ sub: 'cache-2' })));
    expect(certs.fetches()).toBe(before);
  });

  it('rejects a token for another client id', async () => {
    const token = signGoogleIdToken(
      key,
      claims({ aud: 'someone-else.apps.googleusercontent.com' }),
    );
    expect(await failureOf(verifier.verify(token))).toMatchObject({
      failure: 'rejected',
      reason: 'wrong audience',
    });
  });

  it('rejects a token from another issuer, including the library universe domain', async () => {
    for (const iss of ['https://evil.example.com', 'googleapis.com']) {
      const result = await failureOf(verifier.verify(signGoogleIdToken(key, claims({ iss }))));
      expect(result).toMatchObject({ failure: 'rejected', reason: 'wrong issuer' });
    }
  });

  it('rejects an expired token (beyond the five-minute clock skew) and one not yet valid', async () => {
    const expired = signGoogleIdToken(key, claims({ iat: now() - 7200, exp: now() - 600 }));
    expect(await failureOf(verifier.verify(expired))).toMatchObject({
      failure: 'rejected',
      reason: 'expired',
    });
    const future = signGoogleIdToken(key, claims({ iat: now() + 3600, exp: now() + 7200 }));
    expect(await failureOf(verifier.verify(future))).toMatchObject({ reason: 'not yet valid' });
  });

  it('rejects a bad signature, an unknown key and a token that is not a JWT', async () => {
    const forged = signGoogleIdToken(otherKey, claims());
    expect(await failureOf(verifier.verify(forged))).toMatchObject({
      failure: 'rejected',
      reason: 'bad signature',
    });
    // A payload edited after signing.
    const [head, , sig] = signGoogleIdToken(key, claims()).split('.');
    const edited = Buffer.from(
      JSON.stringify({ ...claims({ sub: 'admin' }), iat: now(), exp: now() + 60 }),
    ).toString('base64url');
    expect(await failureOf(verifier.verify(`${head}.${edited}.${sig}`))).toMatchObject({
      reason: 'bad signature',
    });
    const stranger = signGoogleIdToken(createGoogleTestKey(), claims());
    expect(await failureOf(verifier.verify(stranger))).toMatchObject({
      reason: 'unknown signing key',
    });
    expect(await failureOf(verifier.verify('not-a-jwt'))).toMatchObject({
      reason: 'malformed token',
    });
  });

  it('rejects a token whose e-mail Google has not verified, or that has none', async () => {
    const unverified = signGoogleIdToken(key, claims({ email_verified: false }));
    expect(await failureOf(verifier.verify(unverified))).toMatchObject({
      failure: 'rejected',
      reason: 'e-mail not verified',
    });
    const noEmail = signGoogleIdToken(key, { ...claims(), email: undefined });
    expect(await failureOf(verifier.verify(noEmail))).toMatchObject({
      reason: 'e-mail not verified',
    });
  });

  it('never puts the token or the e-mail into its error message', async () => {
    const token = signGoogleIdToken(key, claims({ aud: 'other' }));
    const result = await failureOf(verifier.verify(token));
    expect(result?.message).not.toContain(token.split('.')[1]);
    expect(result?.message).not.toContain('creator@example.com');
  });

  it('calls Google unavailable when the certificates cannot be fetched', async () => {
    const down = await startGoogleCertsServer([key]);
    down.failWith(503);
    const fresh = new GoogleAuthLibraryIdTokenVerifier({ clientId: CLIENT_ID, certsUrl: down.url });
    try {
      const result = await failureOf(fresh.verify(signGoogleIdToken(key, claims())));
      expect(result).toMatchObject({ failure: 'unavailable' });
      expect(result?.reason).toMatch(/certificates could not be fetched/);
    } finally {
      await down.close();
    }
  });
});
