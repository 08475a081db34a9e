import { domainError, type DomainError } from '../shared/domain-error.ts';
import { promoMessages, type PromoCode } from './promo-code.ts';

/**
 * Why a code cannot be used now, or null when it can. One order for every caller: the message a user sees
 * for a code that is, say, both expired and used up is always the same.
 */
export const promoRefusal = (promo: PromoCode, now: Date): DomainError | null => {
  if (!promo.isActive) return domainError('promo.inactive', promoMessages.inactive);
  if (promo.expiresAt.getTime() <= now.getTime()) return domainError('promo.expired', promoMessages.expired);
  if (promo.currentUses >= promo.maxUses) return domainError('promo.used_up', promoMessages.usedUp);
  return null;
};

export const unknownPromo = (): DomainError => domainError('promo.not_found', promoMessages.unknown);
export const alreadyRedeemed = (): DomainError => domainError('promo.already_redeemed', promoMessages.alreadyRedeemed);
