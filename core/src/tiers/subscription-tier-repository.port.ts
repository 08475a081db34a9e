import type { TierId } from '../contracts/tiers.contract.ts';
import type { SubscriptionTier } from './subscription-tier.ts';

export interface SubscriptionTierRepository {
  /** In display order (Citizen, Patriot, Defender). */
  list(): Promise<SubscriptionTier[]>;
  get(id: TierId): Promise<SubscriptionTier | null>;
}
export const SubscriptionTierRepository = Symbol('SubscriptionTierRepository');
