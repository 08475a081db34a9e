/** What a signed token is good for; a token signed for one purpose is refused for every other. */
export type TokenPurpose = 'unsubscribe';

/**
 * Signs a subject (a user id) for a purpose, so that a link can carry it and nobody can forge or alter it.
 * The token is URL-safe. Tokens do not expire: an unsubscribe link keeps working.
 */
export interface TokenSigner {
  sign(purpose: TokenPurpose, subject: string): string;
  /** The subject of a token signed for `purpose`; null for anything forged, altered or signed for another purpose. */
  verify(purpose: TokenPurpose, token: string): string | null;
}
export const TokenSigner = Symbol('TokenSigner');
