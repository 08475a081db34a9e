/**
 * What the first month costs in whole dollars (spec §7, §9; DECISIONS "Contract details"): the tier's price,
 * less a discount code's percent, rounded to whole dollars. Renewals are always the full price.
 */
export const firstMonthDollars = (priceCents: number, discountPercent: number): number =>
  Math.round((priceCents / 100) * (1 - discountPercent / 100));

export const tierDollars = (priceCents: number): number => Math.round(priceCents / 100);
