import type { TierId } from '../../contracts/tiers.contract.ts';
import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';

/**
 * Writes the Stripe Price ids given at start (`STRIPE_PRICE_PATRIOT`, `STRIPE_PRICE_DEFENDER`) into the
 * tiers, where checkout reads them (docs/product/credits-and-tiers.md "Tiers"). Tiers not named keep theirs, so an id
 * an administrator set stays until the environment names another. Answers the tiers that changed.
 */
export class SetTierPriceIds {
  constructor(private readonly uow: UnitOfWork) {}

  async execute(prices: Partial<Record<Exclude<TierId, 'citizen'>, string>>): Promise<TierId[]> {
    return this.uow.run(async ({ tiers }) => {
      const changed: TierId[] = [];
      for (const [id, priceId] of Object.entries(prices) as Array<[TierId, string]>) {
        const tier = await tiers.get(id);
        if (!tier || tier.stripePriceId === priceId) continue;
        await tiers.update({ ...tier, stripePriceId: priceId });
        changed.push(id);
      }
      return changed;
    });
  }
}
