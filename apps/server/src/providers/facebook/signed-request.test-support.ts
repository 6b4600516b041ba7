import { createHmac } from 'node:crypto';

/** A `signed_request` as Meta makes one: base64url HMAC-SHA256 of the base64url JSON payload. */
export function signRequest(payload: Record<string, unknown>, appSecret: string): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  const signature = createHmac('sha256', appSecret).update(body).digest('base64url');
  return `${signature}.${body}`;
}
