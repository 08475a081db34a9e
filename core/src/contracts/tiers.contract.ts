import { z } from 'zod';

export const tierIds = ['citizen', 'patriot', 'defender'] as const;
export const tierIdSchema = z.enum(tierIds);
export type TierId = z.infer<typeof tierIdSchema>;

/** The free tier (docs/product/credits-and-tiers.md "What each tier may do"); every other tier is paid. */
export const FREE_TIER_ID: TierId = 'citizen';
/** Whether a tier, or a user's tier id, is a paid one: what paying subscribers get (states, custom focus, comparisons). */
export const isPaidTier = (tier: string | { id: string }): boolean => (typeof tier === 'string' ? tier : tier.id) !== FREE_TIER_ID;

/**
 * Tier ids are lower case on the wire and matched case-insensitively wherever they arrive;
 * `free`, empty or absent mean citizen (docs/product/credits-and-tiers.md "Tiers", docs/product/credits-and-tiers.md "Tiers").
 */
export const normalizeTierId = (raw: string | null | undefined): TierId | null => {
  const id = (raw ?? '').trim().toLowerCase();
  if (id === '' || id === 'free' || id === 'citizen') return 'citizen';
  return (tierIds as readonly string[]).includes(id) ? (id as TierId) : null;
};

/** GET /api/subscription-tiers item (docs/product/credits-and-tiers.md "Tiers"); price is whole dollars as a string. */
export const subscriptionTierSchema = z.object({
  id: tierIdSchema,
  name: z.string(),
  price: z.string(),
  credits: z.number().int().nonnegative(),
  features: z.array(z.string()),
  stripePriceId: z.string().nullable(),
  isActive: z.boolean(),
  maxPages: z.number().int().positive(),
  maxCharacters: z.number().int().positive(),
}).meta({ id: 'SubscriptionTier', description: 'A subscription tier; `price` is whole dollars a month, as a string' });
export type SubscriptionTierView = z.infer<typeof subscriptionTierSchema>;
export const subscriptionTierListSchema = z.array(subscriptionTierSchema);
