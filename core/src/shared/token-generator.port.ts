/**
 * Unguessable tokens for links that open something without a session (a shared analysis): at least 128
 * bits from a cryptographic random source, URL-safe (base64url). A port so that core stays free of node:crypto.
 */
export interface TokenGenerator {
  next(): string;
}
export const TokenGenerator = Symbol('TokenGenerator');
