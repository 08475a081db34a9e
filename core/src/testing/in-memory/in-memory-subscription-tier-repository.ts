import type { TierId } from '../../contracts/tiers.contract.ts';
import type { SubscriptionTierRepository } from '../../tiers/subscription-tier-repository.port.ts';
import type { SubscriptionTier } from '../../tiers/subscription-tier.ts';
import { copy, type InMemoryDatabase } from './in-memory-database.ts';

export class InMemorySubscriptionTierRepository implements SubscriptionTierRepository {
  constructor(private readonly db: InMemoryDatabase) {}

  async list(): Promise<SubscriptionTier[]> {
    return [...this.db.state.tiers].sort((a, b) => a.sortOrder - b.sortOrder).map(copy);
  }

  async get(id: TierId): Promise<SubscriptionTier | null> {
    const tier = this.db.state.tiers.find((t) => t.id === id);
    return tier ? copy(tier) : null;
  }

  async update(tier: SubscriptionTier): Promise<void> {
    const index = this.db.state.tiers.findIndex((t) => t.id === tier.id);
    if (index >= 0) this.db.state.tiers[index] = copy(tier);
  }
}
