import { createHmac, timingSafeEqual } from 'node:crypto';
import type { TokenPurpose, TokenSigner } from '@civicwatch/core';

/**
 * `base64url(subject).base64url(HMAC-SHA256(secret, domain, purpose, subject))`, keyed by SESSION_SECRET so
 * that every instance signs alike (docs/product/self-hosting.md "Embedded defaults"). The purpose is signed but not carried:
 * the verifier names the one it expects. The domain string keeps these MACs apart from the session
 * cookie's signatures made with the same secret.
 */
export class HmacTokenSigner implements TokenSigner {
  constructor(private readonly secret: string) {
    if (secret.length < 32) throw new Error('A token signing secret has at least 32 characters');
  }

  sign(purpose: TokenPurpose, subject: string): string {
    return `${Buffer.from(subject, 'utf8').toString('base64url')}.${this.mac(purpose, subject).toString('base64url')}`;
  }

  verify(purpose: TokenPurpose, token: string): string | null {
    const parts = token.split('.');
    if (parts.length !== 2) return null;
    const [encodedSubject, encodedMac] = parts as [string, string];
    const subject = Buffer.from(encodedSubject, 'base64url').toString('utf8');
    // One spelling per token: base64url decoding ignores stray characters, a re-encoding does not.
    if (subject === '' || Buffer.from(subject, 'utf8').toString('base64url') !== encodedSubject) return null;
    const given = Buffer.from(encodedMac, 'base64url');
    const expected = this.mac(purpose, subject);
    if (given.length !== expected.length || given.toString('base64url') !== encodedMac) return null;
    return timingSafeEqual(given, expected) ? subject : null;
  }

  private mac(purpose: TokenPurpose, subject: string): Buffer {
    return createHmac('sha256', this.secret).update(`civicwatch-token/v1/${purpose}/${subject}`).digest();
  }
}
