import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  DEVICE_TOKEN_MAX_AGE_MS,
  issueDeviceToken,
  knownDeviceOf,
  readDeviceToken,
} from './device-token';

describe('known-device token', () => {
  const key = randomBytes(32);
  const now = new Date(Date.UTC(2026, 10, 28, 12));
  const userId = '0b7c1c9e-6f0e-4a53-9d7e-2a3f4b5c6d7e';

  it('names the account and a device, and keeps the device id when reissued', () => {
    const token = issueDeviceToken(key, { userId, now });
    const device = readDeviceToken(key, token, now);
    expect(device?.userId).toBe(userId);
    const again = issueDeviceToken(key, { userId, deviceId: device!.deviceId, now });
    expect(readDeviceToken(key, again, now)?.deviceId).toBe(device!.deviceId);
    expect(knownDeviceOf(key, token, userId, now)).toBe(device!.deviceId);
    expect(knownDeviceOf(key, token, 'another-account', now)).toBeNull();
  });

  it('is worthless altered, signed with another key, or older than its lifetime', () => {
    const token = issueDeviceToken(key, { userId, now });
    const parts = token.split('.');
    for (const i of [1, 2, 3, 4]) {
      const altered = [...parts];
      altered[i] = (altered[i]![0] === 'A' ? 'B' : 'A') + altered[i]!.slice(1);
      expect(readDeviceToken(key, altered.join('.'), now), `part ${i}`).toBeNull();
    }
    expect(readDeviceToken(randomBytes(32), token, now)).toBeNull();
    expect(readDeviceToken(key, `${token}.x`, now)).toBeNull();
    expect(readDeviceToken(key, '', now)).toBeNull();
    const late = new Date(now.getTime() + DEVICE_TOKEN_MAX_AGE_MS + 1000);
    expect(readDeviceToken(key, token, late)).toBeNull();
  });
});
