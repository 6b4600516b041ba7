/** Error codes of a request that never reached YouTube (no DNS, no route, refused, timed out). */
const NETWORK_CODES = new Set([
  'ENOTFOUND',
  'EAI_AGAIN',
  'ECONNREFUSED',
  'ECONNRESET',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENETDOWN',
  'ETIMEDOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_SOCKET',
]);
const NETWORK_TEXT =
  /\b(ENOTFOUND|EAI_AGAIN|ECONNREFUSED|ECONNRESET|EHOSTUNREACH|ENETUNREACH|ETIMEDOUT)\b|fetch failed|socket hang up/i;

/**
 * The network failure behind an error, if that is what it is: the system error code (`ENOTFOUND`,
 * `ECONNREFUSED`, …) found on it or on its causes (fetch wraps it as `cause`, and client libraries
 * wrap fetch's error again), `timeout` for a timed-out request, or `network` when only the message
 * tells. Null for anything else (an HTTP error answer, a parse error).
 */
export function networkFailureOf(error: unknown): string | null {
  let fallback: string | null = null;
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return code;
    if (current.name === 'TimeoutError' || current.name === 'ConnectTimeoutError') return 'timeout';
    const text = NETWORK_TEXT.exec(current.message);
    if (text) fallback ??= text[1]?.toUpperCase() ?? 'network';
    current = (current as { cause?: unknown }).cause;
  }
  return fallback;
}
