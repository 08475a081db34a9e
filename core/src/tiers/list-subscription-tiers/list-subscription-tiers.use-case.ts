import type { UnitOfWork } from '../../shared/unit-of-work.port.ts';
import type { SubscriptionTier } from '../subscription-tier.ts';

/** The active tiers, in display order: the single source of every page's prices and credits. */
export class ListSubscriptionTiers {
  constructor(private readonly uow: UnitOfWork) {}

  /** The tiers on offer; administrators also see the ones switched off (`includeInactive`). */
  async execute(options: { includeInactive?: boolean } = {}): Promise<SubscriptionTier[]> {
    const tiers = await this.uow.read(({ tiers: repo }) => repo.list());
    return options.includeInactive ? tiers : tiers.filter((t) => t.isActive);
  }
}
