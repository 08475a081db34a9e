import type { EntityManager } from '@mikro-orm/postgresql';
import type { InferEntity } from '@mikro-orm/core';
import type { SubscriptionTier, SubscriptionTierRepository, TierId } from '@civicwatch/core';
import { SubscriptionTierEntity } from './entities/subscription-tier.entity.ts';

type TierRow = InferEntity<typeof SubscriptionTierEntity>;

const toTier = (row: TierRow): SubscriptionTier => ({
  id: row.id as TierId,
  name: row.name,
  priceCents: row.priceCents,
  monthlyCredits: row.monthlyCredits,
  features: [...row.features],
  maxPages: row.maxPages,
  maxCharacters: row.maxCharacters,
  stripePriceId: row.stripePriceId ?? null,
  isActive: row.isActive,
  sortOrder: row.sortOrder,
});

export class MikroOrmSubscriptionTierRepository implements SubscriptionTierRepository {
  constructor(private readonly em: EntityManager) {}

  async list(): Promise<SubscriptionTier[]> {
    const rows = await this.em.find(SubscriptionTierEntity, {}, { orderBy: [{ sortOrder: 'asc' }, { id: 'asc' }], disableIdentityMap: true });
    return rows.map(toTier);
  }

  async get(id: TierId): Promise<SubscriptionTier | null> {
    const row = await this.em.findOne(SubscriptionTierEntity, { id }, { disableIdentityMap: true });
    return row ? toTier(row) : null;
  }

  async update(tier: SubscriptionTier): Promise<void> {
    await this.em.nativeUpdate(SubscriptionTierEntity, { id: tier.id }, {
      name: tier.name,
      priceCents: tier.priceCents,
      monthlyCredits: tier.monthlyCredits,
      features: [...tier.features],
      maxPages: tier.maxPages,
      maxCharacters: tier.maxCharacters,
      stripePriceId: tier.stripePriceId,
      isActive: tier.isActive,
      sortOrder: tier.sortOrder,
    });
  }
}
