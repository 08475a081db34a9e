import { useQuery } from '@tanstack/react-query';
import { unsubscribeResponseSchema } from '@civicwatch/core/contracts/index.ts';
import { apiRequest } from '../../../lib/api-client.ts';

const unsubscribePath = (token: string) => `/api/unsubscribe?token=${encodeURIComponent(token)}`;

/**
 * GET /api/unsubscribe?token= (docs/product/api.md "Endpoints"), once per token: the query key is the path it fetches. An answer
 * without a message fails its schema and reads as an error (docs/product/screens.md "Unsubscribe"). Not run without a token.
 */
export function useUnsubscribe(token: string | undefined) {
  return useQuery({
    queryKey: [unsubscribePath(token ?? '')],
    queryFn: async () => unsubscribeResponseSchema.parse(await apiRequest(unsubscribePath(token ?? ''))),
    enabled: Boolean(token),
  });
}
