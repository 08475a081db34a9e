import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { subscriptionViewSchema, type SubscriptionView } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson } from '../../../lib/api-client.ts';
import { subscriptionKey } from '../../../lib/query-client.ts';

/** GET /api/subscription: the user's paid plan as Stripe knows it, or null. Ask only when payments are configured. */
export const subscriptionQuery = queryOptions({
  queryKey: subscriptionKey,
  queryFn: () => getJson('/api/subscription', subscriptionViewSchema),
  meta: { sessionExpiredNotice: true },
});

/**
 * POST /api/cancel-subscription (docs/product/payments.md "Cancelling a subscription"): cancels at the end of the period already paid;
 * answers the subscription, now with `cancelAtPeriodEnd`.
 */
export function useCancelSubscription(options: { onCancelled: (subscription: SubscriptionView) => void; onFailed: (error: unknown) => void }) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => subscriptionViewSchema.parse(await apiRequest('/api/cancel-subscription', { method: 'POST' })),
    meta: { sessionExpiredNotice: true },
    onSuccess: (subscription) => {
      queryClient.setQueryData(subscriptionKey, subscription);
      options.onCancelled(subscription);
    },
    onError: (error) => options.onFailed(error),
  });
}
