import type { UpdateTierInput } from '../../contracts/admin.contract.ts';
import { domainError, type DomainError } from '../../shared/domain-error.ts';
import { err, ok, type Result } from '../../shared/result.ts';
import type { Clock } from '../../shared/clock.port.ts';
import type { IdGenerator } from '../../shared/id-generator.port.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';
import type { AdminActor } from '../audit-log.port.ts';
import { audit } from '../audit.ts';

/**
 * Tier editing (docs/product/administration.md "Tiers": tiers are data): price, monthly credits, page and character
 * limits, features, Stripe Price id, active. The Citizen tier stays free and active: it is where every
 * account starts and where cancelled plans return.
 */
export class UpdateTier {
  constructor(
    private readonly uow: UnitOfWork,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
  ) {}

  async execute(actor: AdminActor, input: UpdateTierInput): Promise<Result<SubscriptionTier, DomainError>> {
    if (input.tier === 'citizen' && ((input.price ?? 0) > 0 || input.isActive === false || input.stripePriceId)) {
      return err(domainError('validation.invalid', 'The Citizen tier is free and always offered: its price, Stripe price and active flag cannot change'));
    }
    return this.uow.run(async (repos) => {
      const tier = await repos.tiers.get(input.tier);
      if (!tier) return err(domainError('not_found', 'No such tier'));
      const updated: SubscriptionTier = {
        ...tier,
        priceCents: input.price !== undefined ? input.price * 100 : tier.priceCents,
        monthlyCredits: input.credits ?? tier.monthlyCredits,
        maxPages: input.maxPages ?? tier.maxPages,
        maxCharacters: input.maxCharacters ?? tier.maxCharacters,
        features: input.features ?? tier.features,
        stripePriceId: input.stripePriceId !== undefined ? input.stripePriceId : tier.stripePriceId,
        isActive: input.isActive ?? tier.isActive,
      };
      await repos.tiers.update(updated);
      const changed = (Object.keys(updated) as Array<keyof SubscriptionTier>).filter((k) => JSON.stringify(updated[k]) !== JSON.stringify(tier[k]));
      if (changed.length > 0) {
        await audit(repos, { actor, clock: this.clock, ids: this.ids }, 'tier.update', tier.id,
          Object.fromEntries(changed.map((k) => [k, tier[k]])), Object.fromEntries(changed.map((k) => [k, updated[k]])));
      }
      return ok(updated);
    });
  }
}
