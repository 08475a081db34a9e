import { describe, expect, it } from 'vitest';
import { hasPdfSignature } from './pdf-signature.ts';

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

describe('hasPdfSignature', () => {
  it('accepts a PDF header at the start', () => {
    expect(hasPdfSignature(bytes('%PDF-1.7\n%âãÏÓ'))).toBe(true);
  });

  it('accepts a header after leading junk within the first 1024 bytes, as PDF readers do', () => {
    expect(hasPdfSignature(bytes(`${' '.repeat(1000)}%PDF-1.4`))).toBe(true);
  });

  it('refuses a header that ends beyond the first 1024 bytes', () => {
    expect(hasPdfSignature(bytes(`${' '.repeat(1020)}%PDF-1.4`))).toBe(false);
  });

  it('refuses other files whatever their name would say', () => {
    expect(hasPdfSignature(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(hasPdfSignature(bytes('Minutes of the regular meeting'))).toBe(false);
    expect(hasPdfSignature(bytes('%PDF'))).toBe(false);
    expect(hasPdfSignature(new Uint8Array())).toBe(false);
  });
});
