import { describe, expect, it } from 'vitest';
import { createTokenCipher } from './token-cipher';

describe('Instagram token cipher (AES-256-GCM)', () => {
  const cipher = createTokenCipher('a-secret-of-at-least-thirty-two-characters');

  it('round-trips a token, and never stores it in the clear', () => {
    const token = 'IGAAlongLivedToken0123456789abcdef';
    const stored = cipher.encrypt(token);
    expect(stored).not.toContain(token);
    expect(stored).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(cipher.decrypt(stored)).toBe(token);
    // A fresh IV each time.
    expect(cipher.encrypt(token)).not.toBe(stored);
  });

  it('another key or an altered ciphertext reads as null (reconnect), not a crash', () => {
    const stored = cipher.encrypt('token');
    expect(
      createTokenCipher('another-secret-of-thirty-two-characters!').decrypt(stored),
    ).toBeNull();
    const parts = stored.split('.');
    const flipped = Buffer.from(parts[3]!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    parts[3] = flipped.toString('base64url');
    expect(cipher.decrypt(parts.join('.'))).toBeNull();
    expect(cipher.decrypt('not a ciphertext')).toBeNull();
  });
});
