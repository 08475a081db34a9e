import { useMutation, useQueryClient } from '@tanstack/react-query';
import { redeemPromoResponseSchema, type RedeemPromoResponse } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { currentUserKey, dashboardKey } from '../../../lib/query-client.ts';

/** POST /api/redeem-promo. Success refreshes the user and dashboard data, whose credits just changed (docs/product/api.md "Endpoints"). */
export function useRedeemPromo(options: { onRedeemed: (answer: RedeemPromoResponse) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (code: string) =>
      redeemPromoResponseSchema.parse(await apiRequest('/api/redeem-promo', { method: 'POST', json: { code } })),
    onSuccess: async (answer) => {
      options.onRedeemed(answer);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: currentUserKey }),
        queryClient.invalidateQueries({ queryKey: dashboardKey }),
      ]);
    },
    onError: (error) => options.onFailed(error),
  });
}
