import { describe, expect, it } from 'vitest';
import { CryptoTokenGenerator, TOKEN_BYTES } from './crypto-token-generator.ts';

describe('CryptoTokenGenerator', () => {
  it('gives distinct URL-safe tokens of at least 128 random bits', () => {
    const tokens = new CryptoTokenGenerator();
    const many = new Set(Array.from({ length: 1000 }, () => tokens.next()));
    expect(many.size).toBe(1000);
    expect(TOKEN_BYTES * 8).toBeGreaterThanOrEqual(128);
    for (const token of many) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(Buffer.from(token, 'base64url')).toHaveLength(TOKEN_BYTES);
    }
  });
});
