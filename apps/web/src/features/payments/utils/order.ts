import type { TierId } from '@civicwatch/core/contracts/index.ts';

export type PaidTierId = Exclude<TierId, 'citizen'>;

/** What the checkout asks the server to charge, in whole dollars (docs/product/payments.md "Checkout" create-payment-intent). */
export type Order = {
  tier: PaidTierId;
  tierName: string;
  /** The first payment: the price, or the discounted first month. */
  amount: number;
  /** The tier's full monthly price, which renewals cost. */
  price: number;
  promoCode?: string;
};

/** A promo code the checkout has validated (docs/product/api.md "Endpoints"). */
export type OrderPromo = { code: string; type: 'credits' | 'discount'; discountPercent: number };

/** A discount applies to the first month only, rounded to whole dollars (docs/product/credits-and-tiers.md "Tiers"). */
export function firstMonthAmount(price: number, discountPercent: number): number {
  return Math.round(price * (1 - discountPercent / 100));
}

export function priceOrder(tier: PaidTierId, tierName: string, price: number, promo: OrderPromo | null): Order {
  const amount = promo?.type === 'discount' ? firstMonthAmount(price, promo.discountPercent) : price;
  return { tier, tierName, amount, price, ...(promo ? { promoCode: promo.code } : {}) };
}
