import { createHash } from 'node:crypto';
import type { TokenHasher } from '@civicwatch/core';

/** SHA-256 in hex (64 characters): the only form in which an account link's token is stored (ADR 0008). */
export class Sha256TokenHasher implements TokenHasher {
  hash(token: string): string {
    return createHash('sha256').update(token, 'utf8').digest('hex');
  }
}
