import { describe, expect, it } from 'vitest';
import { networkFailureOf } from './network-failure';

const withCode = (message: string, code: string) => Object.assign(new Error(message), { code });

describe('networkFailureOf', () => {
  it("finds the system error under fetch's TypeError and a library's own wrapper", () => {
    const fetchError = new TypeError('fetch failed', {
      cause: withCode('getaddrinfo ENOTFOUND www.youtube.com', 'ENOTFOUND'),
    });
    expect(networkFailureOf(fetchError)).toBe('ENOTFOUND');
    expect(networkFailureOf(new Error('request failed', { cause: fetchError }))).toBe('ENOTFOUND');
    expect(
      networkFailureOf(
        new TypeError('fetch failed', { cause: withCode('connect ECONNREFUSED', 'ECONNREFUSED') }),
      ),
    ).toBe('ECONNREFUSED');
  });

  it('reads timeouts and errors that only say what happened in their message', () => {
    const timeout = Object.assign(new Error('The operation was aborted due to timeout'), {
      name: 'TimeoutError',
    });
    expect(networkFailureOf(timeout)).toBe('timeout');
    expect(
      networkFailureOf(
        new Error('request to https://youtube.com failed, reason: connect ETIMEDOUT'),
      ),
    ).toBe('ETIMEDOUT');
    expect(networkFailureOf(new TypeError('fetch failed'))).toBe('network');
  });

  it('leaves other failures alone', () => {
    expect(networkFailureOf(new Error('Request failed with status code 500'))).toBeNull();
    expect(networkFailureOf(new SyntaxError('Unexpected token < in JSON'))).toBeNull();
    expect(networkFailureOf('ENOTFOUND')).toBeNull();
    expect(networkFailureOf(null)).toBeNull();
  });
});
