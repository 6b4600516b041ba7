import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/** Encrypts linked Instagram tokens at rest (AES-256-GCM, a random 96-bit IV per token). */
export interface TokenCipher {
  encrypt(plain: string): string;
  /** The token, or null when the ciphertext was made with another key or was altered. */
  decrypt(ciphertext: string): string | null;
}

const VERSION = 'v1';

/**
 * A cipher whose 256-bit key is derived (HKDF-SHA256) from `secret`: INSTAGRAM_TOKEN_KEY, or the
 * app secret when that is not set. Changing the secret makes stored tokens unreadable, which
 * reads as "reconnect Instagram", never as a crash. Stored form: v1.<iv>.<tag>.<ciphertext> (base64url).
 */
export function createTokenCipher(secret: string): TokenCipher {
  const key = Buffer.from(
    hkdfSync('sha256', secret, 'chorus', 'instagram-token-encryption-v1', 32),
  );
  return {
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const tag = cipher.getAuthTag();
      return [VERSION, iv, tag, body]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    decrypt(ciphertext) {
      const [version, iv, tag, body] = ciphertext.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        return null;
      }
    },
  };
}
