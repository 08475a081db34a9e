import { useMutation, useQuery } from '@tanstack/react-query';
import { billingAccountSchema, billingPortalSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest, getJson, isSessionExpired } from '../../../lib/api-client.ts';

/** GET /api/billing: whether the payment provider's portal can be opened for this account. */
export function useBillingAccount(enabled: boolean) {
  return useQuery({
    queryKey: ['/api/billing'],
    queryFn: () => getJson('/api/billing', billingAccountSchema),
    enabled,
  });
}

/**
 * POST /api/billing/portal: a session of Stripe's customer portal; `onOpened` receives its address, where the
 * browser goes. A 401 is announced by the query cache; `onFailed` hears every other failure.
 */
export function useOpenBillingPortal(options: { onOpened: (url: string) => void; onFailed: (error: unknown) => void }) {
  return useMutation({
    mutationFn: async () => billingPortalSchema.parse(await apiRequest('/api/billing/portal', { method: 'POST' })),
    meta: { sessionExpiredNotice: true },
    onSuccess: ({ url }) => options.onOpened(url),
    onError: (error) => {
      if (!isSessionExpired(error)) options.onFailed(error);
    },
  });
}
