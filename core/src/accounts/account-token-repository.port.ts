import type { AccountToken, AccountTokenPurpose } from './account-token.ts';

/** The single-use tokens of account links (ADR 0008), kept by hash. */
export interface AccountTokenRepository {
  insert(token: AccountToken): Promise<void>;
  /** The token stored under this hash, whether used or expired; null when there is none. */
  findByHash(tokenHash: string): Promise<AccountToken | null>;
  /**
   * Marks the token used at `at` unless it is used already. False when another use got there first, so
   * two requests with one link never both succeed.
   */
  markUsed(id: string, at: Date): Promise<boolean>;
  /** Forgets the user's unused tokens of these purposes: a newer link, or a change of password or address, replaces them. */
  deleteUnused(userId: string, purposes: readonly AccountTokenPurpose[]): Promise<void>;
}
