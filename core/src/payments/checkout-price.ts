/**
 * What the first month costs in whole dollars (docs/product/payments.md "Checkout", docs/product/credits-and-tiers.md "Tiers"; docs/product/payments.md "Checkout"): the tier's price,
 * less a discount code's percent, rounded to whole dollars. Renewals are always the full price.
 */
export const firstMonthDollars = (priceCents: number, discountPercent: number): number =>
  Math.round((priceCents / 100) * (1 - discountPercent / 100));

export const tierDollars = (priceCents: number): number => Math.round(priceCents / 100);
