import { describe, expect, it } from 'vitest';
import type { TokenPurpose } from '@civicwatch/core';
import { HmacTokenSigner } from './hmac-token-signer.ts';

const SECRET = 'a'.repeat(16) + 'b'.repeat(16) + 'c'.repeat(16);
const USER = '0b7f3c2e-5d1a-4e8b-9c6f-2a4d8e1f0b3c';
const signer = new HmacTokenSigner(SECRET);

/** Flips one character of a base64url string to another valid one. */
const flip = (text: string, at: number) => text.slice(0, at) + (text[at] === 'A' ? 'B' : 'A') + text.slice(at + 1);

describe('HmacTokenSigner', () => {
  it('answers the subject of a token it signed, and the token is safe in a URL', () => {
    const token = signer.sign('unsubscribe', USER);
    expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
    expect(encodeURIComponent(token)).toBe(token);
    expect(signer.verify('unsubscribe', token)).toBe(USER);
    // Another instance with the same secret (SESSION_SECRET) agrees.
    expect(new HmacTokenSigner(SECRET).verify('unsubscribe', token)).toBe(USER);
  });

  it('refuses a token whose subject or signature was altered', () => {
    const token = signer.sign('unsubscribe', USER);
    const [subject, mac] = token.split('.') as [string, string];
    const otherUser = Buffer.from('1b7f3c2e-5d1a-4e8b-9c6f-2a4d8e1f0b3c').toString('base64url');
    expect(signer.verify('unsubscribe', `${otherUser}.${mac}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${subject}.${flip(mac, 5)}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${subject}.${mac.slice(0, -1)}`)).toBeNull();
    expect(signer.verify('unsubscribe', `${subject}.${mac}A`)).toBeNull();
    expect(signer.verify('unsubscribe', `${subject}.${mac}.${mac}`)).toBeNull();
  });

  it('refuses a token signed for another purpose', () => {
    // A purpose some later feature may add: a token for it must never unsubscribe anyone.
    const other = 'verify-email' as TokenPurpose;
    expect(signer.verify('unsubscribe', signer.sign(other, USER))).toBeNull();
    expect(signer.verify(other, signer.sign('unsubscribe', USER))).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const stranger = new HmacTokenSigner('z'.repeat(48));
    expect(signer.verify('unsubscribe', stranger.sign('unsubscribe', USER))).toBeNull();
  });

  it('refuses what is not a token at all', () => {
    for (const token of ['', '.', 'abc', `${USER}`, '..', 'YQ.', '.YQ', 'not base64!.x']) {
      expect(signer.verify('unsubscribe', token)).toBeNull();
    }
  });

  it('refuses a short secret', () => {
    expect(() => new HmacTokenSigner('short')).toThrow(/at least 32 characters/);
  });
});
