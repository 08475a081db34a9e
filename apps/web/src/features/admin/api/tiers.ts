import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  subscriptionTierListSchema,
  subscriptionTierSchema,
  type SubscriptionTierView,
  type TierId,
  type UpdateTierInput,
} from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
import { adminKeys, refreshAdminData } from './admin-cache.ts';

/** PATCH /api/admin/tiers/{id} body: any of the editable fields (the tier is in the path). */
export type TierChanges = Omit<UpdateTierInput, 'tier'>;

const tierOrder: Record<TierId, number> = { citizen: 0, patriot: 1, defender: 2 };

/** GET /api/admin/tiers: every tier, retired ones included, in plan order. */
export function useAdminTiers() {
  return useQuery({
    queryKey: adminKeys.tiers,
    queryFn: async () => (await getJson('/api/admin/tiers', subscriptionTierListSchema)).sort((a, b) => tierOrder[a.id] - tierOrder[b.id]),
  });
}

export function useUpdateTier(options: { onSaved: (tier: SubscriptionTierView) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: TierId; changes: TierChanges }) =>
      subscriptionTierSchema.parse(await apiRequest(`/api/admin/tiers/${id}`, { method: 'PATCH', json: changes })),
    onSuccess: async (tier) => {
      options.onSaved(tier);
      // The pricing cards and the Analyze page's limits read the public list of tiers.
      await Promise.all([refreshAdminData(queryClient, ['tiers']), queryClient.invalidateQueries({ queryKey: ['/api/subscription-tiers'] })]);
    },
    onError: (error) => options.onFailed(error),
  });
}

/** docs/product/credits-and-tiers.md "Tiers": the admin tier dialog sets 1, 5 or 50 credits; the seeded tiers carry the same numbers. */
const SEEDED_CREDITS: Record<TierId, number> = { citizen: 1, patriot: 5, defender: 50 };

/**
 * The credits a user gets when an administrator moves them to a tier: the tier's monthly credits
 * (docs/product: tiers are the one source of truth), the seeded numbers until the tiers have loaded.
 */
export function useTierCredits(): (tier: TierId) => number {
  const tiers = useAdminTiers();
  return (tier) => tiers.data?.find((t) => t.id === tier)?.credits ?? SEEDED_CREDITS[tier];
}
