import { normalizePromoCode, type RedeemPromoResponse } from '../../contracts/promo.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { Clock } from '../../shared/clock.port.ts';
import { promoMessages } from '../promo-code.ts';
import { alreadyRedeemed, promoRefusal, unknownPromo } from '../promo-checks.ts';

/**
 * Adds a credits code's credits to the user's balance, once per account (docs/product/credits-and-tiers.md "Promo codes", docs/product/credits-and-tiers.md "Tiers").
 * Answers the credits granted and the new balance.
 *
 * One transaction: the use is claimed by a conditional increment, the redemption row is unique per
 * account, and the ledger row carries `promo:<id>:<user>`. Any refusal rolls all three back, so exactly
 * maxUses redemptions succeed however many arrive at once, and one account never redeems a code twice.
 * A discount code is refused here: it applies at checkout.
 */
export class RedeemPromo {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
  ) {}

  async execute(userId: string, rawCode: string): Promise<Result<RedeemPromoResponse, DomainError>> {
    const code = normalizePromoCode(rawCode);
    return this.uow.run(async ({ promos, ledger }) => {
      const now = this.clock.now();
      const promo = await promos.findByCode(code);
      if (!promo) return err(unknownPromo());
      if (promo.type !== 'credits') return err(domainError('promo.checkout_only', promoMessages.checkoutOnly));
      if (await promos.hasRedeemed(promo.id, userId)) return err(alreadyRedeemed());
      const refusal = promoRefusal(promo, now);
      if (refusal) return err(refusal);

      if (!(await promos.claimUse(promo.id, now))) {
        // Someone else took the last use (or an administrator switched it off) since we read it; or this
        // account's own redemption, arriving at the same moment, did.
        if (await promos.hasRedeemed(promo.id, userId)) return err(alreadyRedeemed());
        const current = await promos.findByCode(code);
        return err((current && promoRefusal(current, now)) ?? domainError('promo.used_up', promoMessages.usedUp));
      }
      if (!(await promos.recordRedemption(promo.id, userId, now))) return err(alreadyRedeemed());
      const posted = await ledger.post({ userId, delta: promo.credits, reason: 'promo', reference: `promo:${promo.id}:${userId}` });
      if (!posted.ok) return posted;
      return ok({ credits: promo.credits, balance: posted.value.balance });
    });
  }
}
