import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * What the demo checkout's cookie holds: the id of the sign-in session that opened the checkout,
 * signed (HMAC-SHA256) with the server's cookie key. The demo pages compare it with the session the
 * checkout was made for, so a checkout link alone (forwarded, leaked, or opened in another
 * browser) cannot pay or change a plan.
 */
function mac(key: Buffer, sessionId: number): Buffer {
  return createHmac('sha256', key).update(`chorus-checkout|${sessionId}`).digest();
}

export function issueCheckoutBinding(key: Buffer, sessionId: number): string {
  return `${sessionId}.${mac(key, sessionId).toString('base64url')}`;
}

/** The session id a binding names, or null when it is missing, malformed or not ours. */
export function readCheckoutBinding(key: Buffer, value: string | undefined | null): number | null {
  if (!value || value.length > 200) return null;
  const match = /^(\d{1,15})\.([\w-]+)$/.exec(value);
  if (!match) return null;
  const sessionId = Number(match[1]);
  const given = Buffer.from(match[2]!, 'base64url');
  const expected = mac(key, sessionId);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}
