import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ManualClock } from '../../clock';
import { failureOf } from '../identity/identity-token.test-support';
import { startGraphApiStub, type GraphApiStub } from './graph-api-stub.test-support';
import { GraphApiFacebookTokenVerifier } from './graph-api-facebook-token-verifier';

describe('GraphApiFacebookTokenVerifier against a local Graph API', () => {
  let graph: GraphApiStub;
  let verifier: GraphApiFacebookTokenVerifier;
  const clock = new ManualClock();

  beforeAll(async () => {
    graph = await startGraphApiStub({
      users: [
        {
          token: 'EAAG-good',
          id: '10160000000000001',
          name: 'Fran Fan',
          email: 'Fran@Example.com',
        },
        { token: 'EAAG-no-email', id: '10160000000000002', name: 'No Mail' },
        { token: 'EAAG-other-app', id: '10160000000000003', appId: '999999999' },
        {
          token: 'EAAG-expired',
          id: '10160000000000004',
          expiresAt: Math.floor(Date.now() / 1000) - 60,
        },
      ],
    });
    verifier = new GraphApiFacebookTokenVerifier({
      appId: graph.appId,
      appSecret: graph.appSecret,
      apiVersion: graph.version,
      graphUrl: graph.url,
      clock,
    });
  });
  afterAll(async () => {
    await graph?.close();
  });
  beforeEach(() => {
    graph.failWith(null);
    graph.requests.length = 0;
  });

  it('verifies a good token: debug_token with the app token, then /me with appsecret_proof', async () => {
    expect(await verifier.verify('EAAG-good')).toEqual({
      provider: 'facebook',
      subject: '10160000000000001',
      email: 'fran@example.com',
      name: 'Fran Fan',
    });
    expect(graph.requests.map((r) => r.path)).toEqual(['/v23.0/debug_token', '/v23.0/me']);
    const [debug, me] = graph.requests;
    expect(debug!.query.get('input_token')).toBe('EAAG-good');
    expect(debug!.query.get('access_token')).toBe(`${graph.appId}|${graph.appSecret}`);
    expect(me!.query.get('fields')).toBe('id,name,email');
    expect(me!.query.get('appsecret_proof')).toMatch(/^[0-9a-f]{64}$/);
  });

  it('accepts a person who shares no e-mail (identity only)', async () => {
    expect(await verifier.verify('EAAG-no-email')).toMatchObject({
      subject: '10160000000000002',
      email: null,
    });
  });

  it('rejects an invalid token without asking /me', async () => {
    expect(await failureOf(verifier.verify('EAAG-forged'))).toMatchObject({
      failure: 'rejected',
      reason: 'token not valid (Graph code 190)',
    });
    expect(graph.requests.map((r) => r.path)).toEqual(['/v23.0/debug_token']);
  });

  it("rejects another app's token", async () => {
    expect(await failureOf(verifier.verify('EAAG-other-app'))).toMatchObject({
      failure: 'rejected',
      reason: 'token issued to another app',
    });
  });

  it('rejects an expired token, by is_valid and by expires_at against our clock', async () => {
    expect(await failureOf(verifier.verify('EAAG-expired'))).toMatchObject({
      failure: 'rejected',
      reason: 'token not valid (Graph code 190/463)',
    });
    graph.users.set('EAAG-soon', {
      token: 'EAAG-soon',
      id: '5',
      expiresAt: Math.floor(Date.now() / 1000) + 60,
    });
    const later = new ManualClock(new Date(Date.now() + 120_000));
    const skewed = new GraphApiFacebookTokenVerifier({
      appId: graph.appId,
      appSecret: graph.appSecret,
      apiVersion: graph.version,
      graphUrl: graph.url,
      clock: later,
    });
    expect(await failureOf(skewed.verify('EAAG-soon'))).toMatchObject({ reason: 'expired' });
  });

  it('calls a rate limit or a Graph outage unavailable, with the fbtrace_id for support', async () => {
    graph.failWith({ status: 403, code: 4, message: 'Application request limit reached' });
    const limited = await failureOf(verifier.verify('EAAG-good'));
    expect(limited).toMatchObject({ failure: 'unavailable' });
    expect(limited?.reason).toBe('Graph API debug_token: HTTP 403, code 4, fbtrace_id AbCdEfGhIjK');

    graph.failWith({
      status: 500,
      code: 1,
      message: 'An unknown error occurred',
      type: 'OAuthException',
    });
    expect(await failureOf(verifier.verify('EAAG-good'))).toMatchObject({ failure: 'unavailable' });
  });

  it('calls a rejected app secret unavailable (nothing the person can fix) and never echoes it', async () => {
    const wrong = new GraphApiFacebookTokenVerifier({
      appId: graph.appId,
      appSecret: 'not-the-secret',
      apiVersion: graph.version,
      graphUrl: graph.url,
      clock,
    });
    const result = await failureOf(wrong.verify('EAAG-good'));
    expect(result).toMatchObject({ failure: 'unavailable' });
    expect(result?.reason).toMatch(/app id or secret rejected/);
    expect(result?.message).not.toContain('not-the-secret');
    expect(result?.message).not.toContain('EAAG-good');
  });

  it('rejects a token that /me refuses (the session was invalidated in between)', async () => {
    graph.users.set('EAAG-revoked', { token: 'EAAG-revoked', id: '6', revokedForProfile: true });
    const result = await failureOf(verifier.verify('EAAG-revoked'));
    expect(result).toMatchObject({
      failure: 'rejected',
      reason: 'Graph API me: HTTP 400, code 190, fbtrace_id AbCdEfGhIjK',
    });
    expect(graph.requests.map((r) => r.path)).toEqual(['/v23.0/debug_token', '/v23.0/me']);
  });

  it('calls an unreachable Graph API unavailable', async () => {
    const closed = await startGraphApiStub();
    await closed.close();
    const offline = new GraphApiFacebookTokenVerifier({
      appId: closed.appId,
      appSecret: closed.appSecret,
      apiVersion: 'v23.0',
      graphUrl: closed.url,
      clock,
    });
    const result = await failureOf(offline.verify('EAAG-good'));
    expect(result).toMatchObject({ failure: 'unavailable' });
    expect(result?.message).not.toContain(closed.appSecret);
  });
});
