import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/**
 * The known-device token: what the sign-in cookie holds. It names an account and a random device
 * id and is signed (HMAC-SHA256) with the server's cookie key, so it cannot be made, altered or
 * moved to another account. Issued at each successful sign-in; a sign-in from a device holding a
 * valid token for the account being signed in to is held only to that device's own limit.
 */
export const DEVICE_TOKEN_MAX_AGE_MS = 180 * 24 * 60 * 60_000;
const VERSION = 'd1';

export interface KnownDevice {
  userId: string;
  deviceId: string;
}

function mac(key: Buffer, body: string): Buffer {
  return createHmac('sha256', key).update(`chorus-device|${body}`).digest();
}

/** A new token for the account, keeping the device id when the device already had one. */
export function issueDeviceToken(
  key: Buffer,
  input: { userId: string; deviceId?: string | null; now: Date },
): string {
  const deviceId = input.deviceId ?? randomBytes(16).toString('base64url');
  const body = [
    VERSION,
    Buffer.from(input.userId, 'utf8').toString('base64url'),
    deviceId,
    Math.floor(input.now.getTime() / 1000).toString(36),
  ].join('.');
  return `${body}.${mac(key, body).toString('base64url')}`;
}

/** The device a token names, or null when it is malformed, forged, altered or too old. */
export function readDeviceToken(
  key: Buffer,
  token: string | undefined | null,
  now: Date,
): KnownDevice | null {
  if (!token || token.length > 512) return null;
  const parts = token.split('.');
  if (parts.length !== 5 || parts[0] !== VERSION) return null;
  const [, user, deviceId, issued, signature] = parts as [string, string, string, string, string];
  const expected = mac(key, parts.slice(0, 4).join('.'));
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const issuedAt = parseInt(issued, 36) * 1000;
  if (!Number.isFinite(issuedAt) || now.getTime() - issuedAt > DEVICE_TOKEN_MAX_AGE_MS) return null;
  if (!/^[\w-]{16,64}$/.test(deviceId)) return null;
  return { userId: Buffer.from(user, 'base64url').toString('utf8'), deviceId };
}

/** The known device a token names for this account, or null (none, invalid, or another account's). */
export function knownDeviceOf(
  key: Buffer,
  token: string | undefined | null,
  userId: string | null | undefined,
  now: Date,
): string | null {
  const device = readDeviceToken(key, token, now);
  return device && userId && device.userId === userId ? device.deviceId : null;
}
