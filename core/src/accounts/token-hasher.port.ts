/**
 * One-way digest of an account link's token (SHA-256, hex): what the database keeps, so that a copy of it
 * opens no account. No salt: the token is 256 random bits, and the lookup goes by the digest.
 */
export interface TokenHasher {
  hash(token: string): string;
}
export const TokenHasher = Symbol('TokenHasher');
