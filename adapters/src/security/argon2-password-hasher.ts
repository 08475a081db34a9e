import { hash, verify, type Algorithm, type Options } from '@node-rs/argon2';
import type { PasswordHasher } from '@civicwatch/core';

/** Argon2id (a `declare const enum` in @node-rs/argon2, which isolatedModules cannot read at run time). */
const ARGON2ID = 2 as Algorithm;

/** OWASP's minimum for argon2id: 19 MiB, 2 passes, 1 lane. About 20-40 ms per hash on a small server. */
export const defaultArgon2Options: Options = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * Hashes in PHC format (`$argon2id$v=19$m=…`), so the parameters travel with each hash: raising them later
 * still verifies the hashes made before.
 */
export class Argon2PasswordHasher implements PasswordHasher {
  constructor(private readonly options: Options = defaultArgon2Options) {}

  hash(password: string): Promise<string> {
    return hash(password, this.options);
  }

  async verify(passwordHash: string, password: string): Promise<boolean> {
    // Only a PHC string can be verified; anything else (an empty or legacy column) is a mismatch, not an error.
    if (!passwordHash.startsWith('$argon2')) return false;
    try {
      return await verify(passwordHash, password);
    } catch {
      return false;
    }
  }
}
