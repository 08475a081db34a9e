import type { PromoValidation, RedeemPromoResponse } from '@civicwatch/core';
import type { Outcome } from './accounts.ability.ts';

/** What a signed-in citizen can do with a promo code, whichever way the product is reached. */
export interface Promos {
  /** What the code would give her, as the checkout page asks. */
  check(code: string): Promise<Outcome<PromoValidation>>;
  redeem(code: string): Promise<Outcome<RedeemPromoResponse>>;
}
