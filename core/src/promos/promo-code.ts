import type { PromoCodeView, PromoType } from '../contracts/promo.contract.ts';

export interface PromoCode {
  id: string;
  /** Upper case, unique. */
  code: string;
  type: PromoType;
  /** Credits a `credits` code grants; 0 for a discount code. */
  credits: number;
  /** Percent off the first month for a `discount` code; 0 for a credits code. */
  discountPercent: number;
  maxUses: number;
  currentUses: number;
  expiresAt: Date;
  isActive: boolean;
  createdAt: Date;
}

export const toPromoCodeView = (promo: PromoCode): PromoCodeView => ({
  id: promo.id,
  code: promo.code,
  type: promo.type,
  credits: promo.credits,
  discountPercent: promo.discountPercent,
  maxUses: promo.maxUses,
  currentUses: promo.currentUses,
  expiresAt: promo.expiresAt.toISOString(),
  isActive: promo.isActive,
  createdAt: promo.createdAt.toISOString(),
});

/** What a code offers, for the audit log: only the fields of its type. */
export const promoTerms = (promo: PromoCode): Record<string, unknown> => ({
  type: promo.type,
  ...(promo.type === 'credits' ? { credits: promo.credits } : { discountPercent: promo.discountPercent }),
  maxUses: promo.maxUses,
  expiresAt: promo.expiresAt.toISOString(),
  isActive: promo.isActive,
});

/** The user-facing refusals of a promo code; the web app shows them as the toast's text (docs/product/screens.md "Messages"). */
export const promoMessages = {
  unknown: 'This promo code does not exist',
  inactive: 'This promo code is no longer active',
  expired: 'This promo code has expired',
  usedUp: 'This promo code has reached its usage limit',
  alreadyRedeemed: 'You have already redeemed this promo code',
  checkoutOnly: 'This is a discount code: apply it at checkout when you choose a plan',
  codeTaken: 'A promo code with this code already exists',
  expiryInPast: 'The expiry date must be in the future',
} as const;
