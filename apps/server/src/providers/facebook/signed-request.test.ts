import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSignedRequest } from './signed-request';
import { SignedRequestError } from './signed-request.port';
import { signRequest } from './signed-request.test-support';

const SECRET = 'app-secret-123';
const payload = { algorithm: 'HMAC-SHA256', issued_at: 1_764_300_000, user_id: '10161234567890' };

describe('parseSignedRequest (Meta signed_request)', () => {
  it('reads the person and time of a request signed with the app secret', () => {
    expect(parseSignedRequest(signRequest(payload, SECRET), [SECRET])).toEqual({
      userId: '10161234567890',
      issuedAt: new Date(1_764_300_000 * 1000),
    });
  });

  it('accepts any of the secrets given (a rotation) and a numeric user id', () => {
    const signed = signRequest({ ...payload, user_id: 42 }, 'new-secret');
    expect(parseSignedRequest(signed, ['old-secret', 'new-secret']).userId).toBe('42');
  });

  it('matches the documented example: HMAC of the payload part, both parts base64url', () => {
    // Meta's PHP sample: base64_url_decode each part, hash_hmac('sha256', $payload, $secret, true)
    const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
    // computed here rather than by signRequest, with the primitive Meta's sample names
    const sig = createHmac('sha256', SECRET).update(body).digest().toString('base64url');
    expect(parseSignedRequest(`${sig}.${body}`, [SECRET]).userId).toBe(payload.user_id);
  });

  it.each([
    ['another secret', signRequest(payload, 'someone-else')],
    [
      'a changed payload',
      (() => {
        const [sig] = signRequest(payload, SECRET).split('.');
        const forged = Buffer.from(JSON.stringify({ ...payload, user_id: '1' })).toString(
          'base64url',
        );
        return `${sig}.${forged}`;
      })(),
    ],
    ['one part', 'abc'],
    ['three parts', 'a.b.c'],
    ['an empty signature', `.${Buffer.from('{}').toString('base64url')}`],
    ['characters outside base64url', 'a+b.c/d'],
    ['another algorithm', signRequest({ ...payload, algorithm: 'HMAC-SHA1' }, SECRET)],
    ['no user', signRequest({ algorithm: 'HMAC-SHA256' }, SECRET)],
    ['a user id that is not a number', signRequest({ ...payload, user_id: '../1' }, SECRET)],
    [
      'a payload that is not JSON',
      (() => {
        const body = Buffer.from('not json').toString('base64url');
        const sig = createHmac('sha256', SECRET).update(body).digest('base64url');
        return `${sig}.${body}`;
      })(),
    ],
    ['a huge request', 'a'.repeat(9000) + '.b'],
  ])('rejects %s', (_what, signed) => {
    expect(() => parseSignedRequest(signed, [SECRET])).toThrow(SignedRequestError);
  });
});
