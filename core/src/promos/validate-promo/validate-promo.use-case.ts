import { normalizePromoCode, type PromoValidation } from '../../contracts/promo.contract.ts';
import type { DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { alreadyRedeemed, promoRefusal, unknownPromo } from '../promo-checks.ts';

/**
 * Tells the checkout and redeem pages what a code would give this user, changing nothing (docs/product/api.md "Endpoints"
 * "validate-promo"). A discount code answers its percent; a credits code its credits.
 */
export class ValidatePromo {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, rawCode: string): Promise<Result<PromoValidation, DomainError>> {
    const code = normalizePromoCode(rawCode);
    return this.uow.run(async ({ promos }) => {
      const promo = await promos.findByCode(code);
      if (!promo) return err(unknownPromo());
      if (await promos.hasRedeemed(promo.id, userId)) return err(alreadyRedeemed());
      const refusal = promoRefusal(promo, this.clock.now());
      if (refusal) return err(refusal);
      return ok({ type: promo.type, credits: promo.credits, discountPercent: promo.discountPercent });
    });
  }
}
