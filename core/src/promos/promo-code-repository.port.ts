import type { Result } from '../shared/result.ts';
import type { DomainError } from '../shared/domain-error.ts';
import type { PromoCode } from './promo-code.ts';

export interface PromoCodeRepository {
  /** `code` is already normalised (trimmed, upper case). */
  findByCode(code: string): Promise<PromoCode | null>;
  findById(id: string): Promise<PromoCode | null>;
  /** Fails with `promo.code_taken` when the code exists, even under a concurrent insert. */
  insert(promo: PromoCode): Promise<Result<void, DomainError>>;
  /** Newest first. */
  list(): Promise<PromoCode[]>;
  /** Deletes the code and its redemptions; false when there was no such code. */
  delete(id: string): Promise<boolean>;
  hasRedeemed(promoId: string, userId: string): Promise<boolean>;
  /**
   * Takes one use in a single conditional step: only while the code is active, unexpired at `now` and under
   * its max uses. Concurrent claims are ordered by the code's row, so no more than maxUses ever succeed.
   * False when the claim was refused.
   */
  claimUse(promoId: string, now: Date): Promise<boolean>;
  /** Records that the user redeemed the code; false when they already had (one per account). */
  recordRedemption(promoId: string, userId: string, at: Date): Promise<boolean>;
  /** The codes the user redeemed (at checkout too), oldest first; a code deleted since is no longer listed. */
  redemptionsOf(userId: string): Promise<Array<{ code: string; redeemedAt: Date }>>;
}
