import { hash, verify } from '@node-rs/argon2';

/** Hashes and checks passwords. */
export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
}

export interface Argon2Options {
  /** KiB; OWASP's argon2id minimum is 19 MiB with 2 passes. */
  memoryCost?: number;
  timeCost?: number;
  parallelism?: number;
}

/**
 * argon2id (the library's default algorithm) with OWASP-recommended costs. Tests pass smaller costs
 * to stay fast; the algorithm stays the same.
 */
export function createArgon2PasswordHasher(options: Argon2Options = {}): PasswordHasher {
  const params = {
    memoryCost: options.memoryCost ?? 19_456,
    timeCost: options.timeCost ?? 2,
    parallelism: options.parallelism ?? 1,
  };
  return {
    hash: (password) => hash(password, params),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash is a failed check, not a crash.
        return false;
      }
    },
  };
}
