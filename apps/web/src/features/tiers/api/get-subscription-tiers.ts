import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionTierListSchema, type SubscriptionTierView, type TierId } from '@civicwatch/core/contracts/index.ts';
import { getJson } from '../../../lib/api-client.ts';

/**
 * Used when GET /api/subscription-tiers fails or answers no tier (docs/product/credits-and-tiers.md "Tiers"). The same seeded values as the
 * server (docs/product/credits-and-tiers.md "Tiers"), so the fallback never advertises more than a plan gives.
 */
export const FALLBACK_TIERS: SubscriptionTierView[] = [
  {
    id: 'citizen',
    name: 'Citizen',
    price: '0',
    credits: 1,
    features: ['1 free analysis', 'PDF and text documents', 'Basic constitutional check', 'Shareable reports'],
    stripePriceId: null,
    isActive: true,
    maxPages: 1,
    maxCharacters: 1_000,
  },
  {
    id: 'patriot',
    name: 'Patriot',
    price: '29',
    credits: 5,
    features: ['5 analyses per month', 'Advanced constitutional analysis', 'State-level analysis', 'Custom oversight prompts', 'Priority processing', 'History tracking'],
    stripePriceId: null,
    isActive: true,
    maxPages: 5,
    maxCharacters: 10_000,
  },
  {
    id: 'defender',
    name: 'Defender',
    price: '99',
    credits: 50,
    features: ['50 analyses per month', 'Advanced and state constitutional analysis', 'Custom oversight prompts', 'Priority processing', 'Advanced oversight features'],
    stripePriceId: null,
    isActive: true,
    maxPages: 5,
    maxCharacters: 10_000,
  },
];

/** GET /api/subscription-tiers, shared by the pricing cards and the Analyze page's limits. */
export const subscriptionTiersQuery = queryOptions({
  queryKey: ['/api/subscription-tiers'],
  queryFn: () => getJson('/api/subscription-tiers', subscriptionTierListSchema),
});

export type TiersState = { status: 'loading' } | { status: 'ready'; tiers: SubscriptionTierView[] };

/** The active tiers, cheapest first; the built-in list when the call fails or returns none. */
export function useSubscriptionTiers(): TiersState {
  const query = useQuery(subscriptionTiersQuery);
  if (query.isPending) return { status: 'loading' };
  const active = (query.data ?? []).filter((tier) => tier.isActive).sort((a, b) => Number(a.price) - Number(b.price));
  return { status: 'ready', tiers: active.length > 0 ? active : FALLBACK_TIERS };
}

/**
 * The tier a user is on, for the limits the Analyze page shows (never constants: docs/product). A tier
 * an administrator has retired still answers with its own limits; undefined while the call is pending.
 */
export function useTierOf(id: TierId): SubscriptionTierView | undefined {
  const query = useQuery(subscriptionTiersQuery);
  if (query.isPending) return undefined;
  return (query.data ?? []).find((tier) => tier.id === id) ?? FALLBACK_TIERS.find((tier) => tier.id === id);
}
