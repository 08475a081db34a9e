import { randomBytes } from 'node:crypto';
import type { TokenGenerator } from '@civicwatch/core';

/** 24 bytes (192 bits) from the system's cryptographic source, as 32 base64url characters. */
export const TOKEN_BYTES = 24;

export class CryptoTokenGenerator implements TokenGenerator {
  next(): string {
    return randomBytes(TOKEN_BYTES).toString('base64url');
  }
}
