import { describe, expect, it } from 'vitest';
import { Sha256TokenHasher } from './sha256-token-hasher.ts';

describe('Sha256TokenHasher', () => {
  const hasher = new Sha256TokenHasher();

  it('is SHA-256 in hex, the same for the same token and different for another', () => {
    // The published digest of "abc" (FIPS 180-2, appendix B.1).
    expect(hasher.hash('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hasher.hash('token-1')).toBe(hasher.hash('token-1'));
    expect(hasher.hash('token-1')).not.toBe(hasher.hash('token-2'));
    expect(hasher.hash('token-1')).not.toContain('token');
  });
});
