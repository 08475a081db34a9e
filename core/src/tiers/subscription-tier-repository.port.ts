import type { TierId } from '../contracts/tiers.contract.ts';
import type { SubscriptionTier } from './subscription-tier.ts';

export interface SubscriptionTierRepository {
  /** In display order (Citizen, Patriot, Defender). */
  list(): Promise<SubscriptionTier[]>;
  get(id: TierId): Promise<SubscriptionTier | null>;
  /** Writes every editable field of the tier (administrators, and the Stripe price ids given at start). */
  update(tier: SubscriptionTier): Promise<void>;
}
