import type { SubscriptionTierView, TierId } from '../contracts/tiers.contract.ts';

export interface SubscriptionTier {
  id: TierId;
  name: string;
  /** Monthly price in integer cents; the wire speaks whole dollars. */
  priceCents: number;
  /** Credits granted on sign-up (Citizen) or with each paid month. */
  monthlyCredits: number;
  features: string[];
  maxPages: number;
  maxCharacters: number;
  stripePriceId: string | null;
  isActive: boolean;
  sortOrder: number;
}

export const toTierView = (tier: SubscriptionTier): SubscriptionTierView => ({
  id: tier.id,
  name: tier.name,
  price: String(Math.round(tier.priceCents / 100)),
  credits: tier.monthlyCredits,
  features: [...tier.features],
  stripePriceId: tier.stripePriceId,
  isActive: tier.isActive,
  maxPages: tier.maxPages,
  maxCharacters: tier.maxCharacters,
});
